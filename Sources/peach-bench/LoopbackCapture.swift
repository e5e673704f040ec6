import CAlsa
import Glibc
import PeachMIDI

/// The loopback card's capture side, read 64 frames at a time (or `chunk`). Capture data arrives a
/// period at a time, so a read's return time is late by up to a period; after each read the
/// device's status says how far its pointer had got and when, and `CaptureClock` dates every frame
/// from those marks.
final class LoopbackCapture {
    private let pcm: OpaquePointer
    private let status: OpaquePointer
    private let frames: Int
    private var buffer: [Int16]
    private var capturedFrames: UInt64 = 0
    private var clock = CaptureClock()
    private let threshold = 100
    /// While recording: the left channel of every frame read since `recordingFrom` (capture frames).
    private var recording: [Int16]?
    private var recordingFrom: UInt64 = 0
    private var restartedWhileRecording = false

    /// Samples in capture order, and the capture's clock to date them (CLOCK_MONOTONIC ns).
    struct Recording {
        var samples: [Double]
        /// The same samples as captured (16-bit).
        var raw: [Int16]
        /// The capture frame of the first sample.
        var firstFrame: UInt64
        var clock: CaptureClock
        static let rate = CaptureClock.nominalRate

        /// The sample captured at `time` (may lie outside the recording).
        func index(at time: UInt64) -> Int {
            Int(((clock.frame(at: time) ?? 0) - Double(firstFrame)).rounded())
        }

        /// When the (fractional) sample `index` was captured.
        func time(at index: Double) -> UInt64 {
            clock.time(ofFrame: Double(firstFrame) + index) ?? 0
        }
    }

    /// `bufferTime`: the capture's buffer in µs, how long a reader may fall behind without an overrun;
    /// `chunk`: the frames of each read (fewer reads cost less in an emulated guest; the marks date
    /// the frames however large the reads).
    init(bufferTime: UInt32 = 100_000, chunk: Int = 64) {
        frames = chunk
        var handle: OpaquePointer?
        guard snd_pcm_open(&handle, "hw:Loopback,1,0", SND_PCM_STREAM_CAPTURE, 0) >= 0, let handle else {
            benchFailure("cannot open the loopback capture hw:Loopback,1,0")
        }
        // The playback side already fixed the format; ask for the same and small periods.
        guard snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 2, 48_000, 0, bufferTime) >= 0,
              Self.stampMonotonic(handle), snd_pcm_start(handle) >= 0 else {
            benchFailure("cannot configure and start the loopback capture")
        }
        var status: OpaquePointer?
        guard snd_pcm_status_malloc(&status) >= 0, let status else { benchFailure("cannot allocate an ALSA status") }
        pcm = handle
        self.status = status
        buffer = [Int16](repeating: 0, count: frames * 2)
    }

    deinit {
        snd_pcm_status_free(status)
        snd_pcm_close(pcm)
    }

    /// Has the device stamp its pointer's moves, on CLOCK_MONOTONIC like `monotonicNanoseconds`.
    private static func stampMonotonic(_ pcm: OpaquePointer) -> Bool {
        var params: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&params) >= 0, let params else { return false }
        defer { snd_pcm_sw_params_free(params) }
        return snd_pcm_sw_params_current(pcm, params) >= 0
            && snd_pcm_sw_params_set_tstamp_mode(pcm, params, SND_PCM_TSTAMP_ENABLE) >= 0
            && snd_pcm_sw_params_set_tstamp_type(pcm, params, SND_PCM_TSTAMP_TYPE_MONOTONIC) >= 0
            && snd_pcm_sw_params(pcm, params) >= 0
    }

    /// Notes how far the device's pointer had got, and when it got there.
    private func markDevicePosition() {
        guard snd_pcm_status(pcm, status) >= 0 else { benchFailure("cannot read the loopback capture's status") }
        var stamp = timespec()
        snd_pcm_status_get_htstamp(status, &stamp)
        let time = UInt64(stamp.tv_sec) * 1_000_000_000 + UInt64(stamp.tv_nsec)
        clock.note(frame: capturedFrames + UInt64(snd_pcm_status_get_avail(status)), time: time)
    }

    /// Reads one chunk; returns when its first loud frame was captured, if it has one.
    private func read() -> UInt64? {
        let got = snd_pcm_readi(pcm, &buffer, snd_pcm_uframes_t(frames))
        guard got > 0 else {
            // An overrun loses frames: restart the capture, whose pointer starts again from 0.
            snd_pcm_recover(pcm, Int32(got), 1)
            snd_pcm_start(pcm)
            capturedFrames = 0
            clock = CaptureClock()
            restartedWhileRecording = recording != nil
            return nil
        }
        if recording != nil { for i in 0..<Int(got) { recording?.append(buffer[2 * i]) } }
        capturedFrames += UInt64(got)
        markDevicePosition()
        guard let loud = (0..<Int(got)).first(where: { abs(Int(buffer[2 * $0])) > threshold }) else { return nil }
        return clock.time(ofFrame: Double(capturedFrames - UInt64(Int(got) - loud)))
    }

    /// From now on, keeps every sample read.
    func startRecording() {
        recording = []
        recordingFrom = capturedFrames
        restartedWhileRecording = false
    }

    /// What was kept since `startRecording`; nil when the capture restarted meanwhile (its clock too).
    func stopRecording() -> Recording? {
        defer { recording = nil }
        guard let recording, !restartedWhileRecording else { lastRecording = nil; return nil }
        lastRecording = Recording(samples: recording.map { Double($0) / 32768 }, raw: recording, firstFrame: recordingFrom,
                                  clock: clock)
        return lastRecording
    }

    /// What the last `stopRecording` returned.
    private(set) var lastRecording: Recording?

    /// Reads one chunk (a period's wait at most).
    func readChunk() { _ = read() }

    /// What the recording holds from `index` on (its first frame is 0), while recording.
    func recorded(from index: Int) -> ArraySlice<Int16> {
        guard let recording, index < recording.count else { return [] }
        return recording[index...]
    }

    /// The capture's clock, and the capture frame of the recording's first sample.
    var currentClock: CaptureClock { clock }
    var recordingFirstFrame: UInt64 { recordingFrom }
    /// Whether the capture had to restart (an overrun) since recording began.
    var restarted: Bool { restartedWhileRecording }

    /// Reads for `seconds`, whatever it hears.
    func listen(seconds: Double) { _ = wait(seconds: seconds) { _ in false } }

    /// Reads until `condition(a chunk was loud)` holds or `seconds` pass.
    func wait(seconds: Double, until condition: (Bool) -> Bool) -> Bool {
        let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while monotonicNanoseconds() < end { if condition(read() != nil) { return true } }
        return false
    }

    /// Until 300 ms without sound (at most 10 s).
    func waitForSilence() {
        var quietSince = monotonicNanoseconds()
        _ = wait(seconds: 10) { loud in
            if loud { quietSince = monotonicNanoseconds() }
            return monotonicNanoseconds() - quietSince > 300_000_000
        }
    }

    /// When the first loud frame within `seconds` was captured.
    func firstSound(within seconds: Double) -> UInt64? {
        let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while monotonicNanoseconds() < end { if let time = read() { return time } }
        return nil
    }
}
