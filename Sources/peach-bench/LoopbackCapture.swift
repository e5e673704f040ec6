import CAlsa
import PeachMIDI

/// The loopback card's capture side, read 64 frames at a time. Capture data arrives a period at a
/// time, so a read's return time is late by up to a period; the capture clock runs at 48 kHz from its
/// start, so frame n was captured at start + n / 48 kHz, and the earliest start consistent with every
/// read so far is the best estimate of it.
final class LoopbackCapture {
    private let pcm: OpaquePointer
    private let frames = 64
    private var buffer: [Int16]
    private var capturedFrames: UInt64 = 0
    private var captureStart = UInt64.max
    private let threshold = 100
    /// While recording: the left channel of every frame read since `recordingFrom` (capture frames).
    private var recording: [Int16]?
    private var recordingFrom: UInt64 = 0
    private var restartedWhileRecording = false

    /// Samples in capture order and the capture time of the first one (CLOCK_MONOTONIC ns).
    struct Recording {
        var samples: [Double]
        var start: UInt64
        static let rate = 48_000.0

        /// The sample captured at `time` (may lie outside the recording).
        func index(at time: UInt64) -> Int {
            Int((Double(Int64(bitPattern: time &- start)) * Self.rate / 1e9).rounded())
        }

        /// When the (fractional) sample `index` was captured.
        func time(at index: Double) -> UInt64 {
            UInt64(Int64(bitPattern: start) + Int64((index * 1e9 / Self.rate).rounded()))
        }
    }

    init() {
        var handle: OpaquePointer?
        guard snd_pcm_open(&handle, "hw:Loopback,1,0", SND_PCM_STREAM_CAPTURE, 0) >= 0, let handle else {
            benchFailure("cannot open the loopback capture hw:Loopback,1,0")
        }
        // The playback side already fixed the format; ask for the same and small periods.
        guard snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 2, 48_000, 0, 100_000) >= 0,
              snd_pcm_start(handle) >= 0 else {
            benchFailure("cannot configure and start the loopback capture")
        }
        pcm = handle
        buffer = [Int16](repeating: 0, count: frames * 2)
    }

    deinit { snd_pcm_close(pcm) }

    /// Reads one chunk; returns when its first loud frame was captured, if it has one.
    private func read() -> UInt64? {
        let got = snd_pcm_readi(pcm, &buffer, snd_pcm_uframes_t(frames))
        let now = monotonicNanoseconds()
        guard got > 0 else {
            // An overrun loses frames: restart the capture and its clock.
            snd_pcm_recover(pcm, Int32(got), 1)
            snd_pcm_start(pcm)
            capturedFrames = 0
            captureStart = .max
            restartedWhileRecording = recording != nil
            return nil
        }
        if recording != nil { for i in 0..<Int(got) { recording?.append(buffer[2 * i]) } }
        capturedFrames += UInt64(got)
        captureStart = min(captureStart, now &- capturedFrames * 1_000_000_000 / 48_000)
        guard let loud = (0..<Int(got)).first(where: { abs(Int(buffer[2 * $0])) > threshold }) else { return nil }
        return captureStart &+ (capturedFrames - UInt64(Int(got) - loud)) * 1_000_000_000 / 48_000
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
        lastRecording = Recording(samples: recording.map { Double($0) / 32768 },
                                  start: captureStart &+ recordingFrom * 1_000_000_000 / 48_000)
        return lastRecording
    }

    /// What the last `stopRecording` returned.
    private(set) var lastRecording: Recording?

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
