import Atomics
import CAlsa
import PeachSampleFormat
import Foundation
import PeachDomain

/// Plays the engine through an ALSA PCM device (default `default`), 48 kHz stereo 16-bit, on its own
/// thread. Default buffer: 3 periods of 256 frames (5.3 ms each, 16 ms in all).
///
/// The thread renders one period, writes it (the blocking write paces it), and recovers from
/// underruns with `snd_pcm_recover`. Any other error (the device went away) stops writing: the
/// thread silences every note slot, reports `.failed`, keeps the engine's clock running, and tries to
/// open the device again every 500 ms, reporting `.recovered` when it can.
public final class ALSAPCMOutput: AudioOutput, @unchecked Sendable {
    public struct Configuration: Sendable {
        public var device: String
        public var periodFrames: Int
        public var periodCount: Int
        public var retryInterval: Duration
        /// SCHED_FIFO priority of the render thread (1–99); 0 keeps normal scheduling.
        public var realtimePriority: Int32
        /// Step up to a larger buffer by itself after repeated underruns (`BufferStepUp`).
        public var enlargesBufferOnUnderruns: Bool

        public init(device: String = "default", periodFrames: Int = 256, periodCount: Int = 3,
                    retryInterval: Duration = .milliseconds(500), realtimePriority: Int32 = 0,
                    enlargesBufferOnUnderruns: Bool = true) {
            self.device = device
            self.periodFrames = periodFrames
            self.periodCount = periodCount
            self.retryInterval = retryInterval
            self.realtimePriority = realtimePriority
            self.enlargesBufferOnUnderruns = enlargesBufferOnUnderruns
        }
    }

    public let renderer: NoteSlotRenderer
    public let configuration: Configuration
    public let events: AsyncStream<AudioOutputEvent>
    private let continuation: AsyncStream<AudioOutputEvent>.Continuation
    private let running = ManagedAtomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Only counted on the audio thread, for a reader to look at: telling anyone there (an
    /// AsyncStream's yield) would take the stream's lock and allocate the reader's wake-up, at the
    /// moment the thread is already late.
    private let _underruns = ManagedAtomic<Int>(0)
    /// The period and buffer the device granted, in frames (after `start`).
    public private(set) var periodFrames = 0
    public private(set) var bufferFrames = 0
    /// Owned by the output thread once it runs.
    private var pcm: OpaquePointer?
    /// The buffer asked of the device: the configured one, larger after a step up.
    private var requestedPeriodFrames: Int
    private var requestedPeriods: Int
    /// What the render thread got from the scheduler; set before `start` returns.
    public private(set) var scheduling = RealtimeScheduling.Outcome.off
    private let threadReady = DispatchSemaphore(value: 0)
    /// The render thread's buffers, room for the largest period a step up can reach: allocated and
    /// written once here, so neither an allocation nor a first-touch page fault comes after the start.
    private let mono: UnsafeMutablePointer<Float>
    private let interleaved: UnsafeMutablePointer<Int16>
    /// The render thread's status record for `measureDelay`, made once; nil if ALSA could not make one.
    private let status: OpaquePointer?
    /// Whether the device open now stamps its pointer's moves on CLOCK_MONOTONIC (set by `open`).
    private var stampsPointer = false
    private var isWarm = false
    /// Stack the render thread touches before it plays (render, ALSA's write and the kernel's entry).
    /// The render path with every voice slot sounding uses about 8 KB of it in a debug build
    /// (`RenderStackDepthTests` keeps it within a quarter); 256 KB kept 0.2 MB resident for nothing.
    static let stackPrefault = 64 * 1024

    public init(renderer: NoteSlotRenderer, configuration: Configuration = Configuration()) {
        self.renderer = renderer
        self.configuration = configuration
        requestedPeriodFrames = configuration.periodFrames
        requestedPeriods = configuration.periodCount
        (events, continuation) = AsyncStream.makeStream(of: AudioOutputEvent.self, bufferingPolicy: .bufferingNewest(16))
        mono = .allocate(capacity: BufferStepUp.largestPeriod)
        mono.initialize(repeating: 0, count: BufferStepUp.largestPeriod)
        interleaved = .allocate(capacity: BufferStepUp.largestPeriod * 2)
        interleaved.initialize(repeating: 0, count: BufferStepUp.largestPeriod * 2)
        var status: OpaquePointer?
        self.status = snd_pcm_status_malloc(&status) >= 0 ? status : nil
    }

    deinit {
        stop()
        mono.deallocate()
        interleaved.deallocate()
        if let status { snd_pcm_status_free(status) }
    }

    /// Runs the render path once before the device opens (`NoteSlotRenderer.warmUp`), so the first
    /// periods after the start find nothing cold. `start` does it if it was not done; a caller that
    /// locks memory does it before (`RealtimeScheduling.lockMemory`), so that the warmed pages are
    /// locked too. Not while the output runs.
    public func warmUp() {
        guard !isWarm, !running.load(ordering: .acquiring) else { return }
        isWarm = true
        renderer.warmUp(scratch: mono, frames: 1024)
        mono.update(repeating: 0, count: BufferStepUp.largestPeriod)
    }

    /// Underruns recovered so far.
    public var underruns: Int { _underruns.load(ordering: .relaxed) }

    /// Opens the device and starts playing; throws when the device cannot be opened.
    public func start() throws {
        guard !running.load(ordering: .acquiring) else { return }
        warmUp()
        do {
            pcm = try open()
        } catch {
            throw SoundError.audioOutput(error)
        }
        startThread()
    }

    /// Starts playing whether or not the device opens now. A device that cannot be opened (missing,
    /// busy) is tried every `retryInterval` until it opens (`.recovered`), as after a loss; the
    /// returned problem says why it is waiting (nil when it opened).
    public func startWaitingForDevice() -> AudioOutputProblem? {
        guard !running.load(ordering: .acquiring) else { return nil }
        warmUp()
        var waitingReason: AudioOutputProblem?
        do {
            pcm = try open()
        } catch {
            pcm = nil
            // The device and why, without `peach play`'s hints (the caller has its own options).
            waitingReason = error
        }
        startThread()
        return waitingReason
    }

    private func startThread() {
        running.store(true, ordering: .releasing)
        let thread = Thread { [self] in
            // The kernel's name of the thread (top -H, /proc/PID/task/*/comm): Foundation does not set it here.
            peach_name_current_thread("peach-audio")
            scheduling = RealtimeScheduling.promoteCurrentThread(priority: configuration.realtimePriority)
            peach_prefault_stack(Self.stackPrefault)
            threadReady.signal()
            run()
        }
        thread.name = "peach-audio"
        thread.qualityOfService = .userInteractive
        thread.start()
        threadReady.wait()
    }

    public func stop() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        finished.wait()
        continuation.finish()
    }

    /// Opens and configures the device; the message says what failed.
    private func open() throws(AudioOutputProblem) -> OpaquePointer {
        peach_alsa_silence_library_errors()
        var handle: OpaquePointer?
        let device = configuration.device
        func check(_ result: Int32, _ what: AudioOutputProblem.Step) throws(AudioOutputProblem) {
            guard result >= 0 else {
                if let handle { snd_pcm_close(handle) }
                throw AudioOutputProblem(device: device, step: what, detail: String(cString: snd_strerror(result)))
            }
        }
        // Opened non-blocking so a device held by another program fails at once ("busy") instead of
        // waiting in the kernel (which would also hang a shutdown); then blocking writes as usual.
        try check(snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, Int32(SND_PCM_NONBLOCK)), .open)
        guard let pcm = handle else { throw AudioOutputProblem(device: device, step: .noHandle) }
        try check(snd_pcm_nonblock(pcm, 0), .blockingMode)
        var hw: OpaquePointer?
        snd_pcm_hw_params_malloc(&hw)
        defer { snd_pcm_hw_params_free(hw) }
        try check(snd_pcm_hw_params_any(pcm, hw), .configuration)
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), .interleavedAccess)
        try check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), .sampleFormat)
        try check(snd_pcm_hw_params_set_channels(pcm, hw, 2), .stereo)
        var rate = UInt32(NoteSlotRenderer.sampleRate)
        try check(snd_pcm_hw_params_set_rate(pcm, hw, rate, 0), .sampleRate)
        var period = snd_pcm_uframes_t(requestedPeriodFrames)
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction), .periodSize)
        var periods = UInt32(requestedPeriods)
        try check(snd_pcm_hw_params_set_periods_near(pcm, hw, &periods, &direction), .periodCount)
        try check(snd_pcm_hw_params(pcm, hw), .applyConfiguration)
        snd_pcm_hw_params_get_period_size(hw, &period, &direction)
        var buffer: snd_pcm_uframes_t = 0
        snd_pcm_hw_params_get_buffer_size(hw, &buffer)
        snd_pcm_hw_params_get_rate(hw, &rate, &direction)
        var sw: OpaquePointer?
        snd_pcm_sw_params_malloc(&sw)
        defer { snd_pcm_sw_params_free(sw) }
        snd_pcm_sw_params_current(pcm, sw)
        // The device starts (and, after an underrun and snd_pcm_recover, starts again) only once the
        // whole buffer is written: a restart with one period queued underruns again at once, so one
        // stall became a cascade of xruns.
        snd_pcm_sw_params_set_start_threshold(pcm, sw, buffer)
        snd_pcm_sw_params_set_avail_min(pcm, sw, period)
        // The device stamps each move of its pointer on the clock taps are stamped with
        // (`measureDelay`); a device that cannot plays all the same.
        stampsPointer = snd_pcm_sw_params_set_tstamp_mode(pcm, sw, SND_PCM_TSTAMP_ENABLE) >= 0
            && snd_pcm_sw_params_set_tstamp_type(pcm, sw, SND_PCM_TSTAMP_TYPE_MONOTONIC) >= 0
        try check(snd_pcm_sw_params(pcm, sw), .softwareParameters)
        periodFrames = Int(period)
        bufferFrames = Int(buffer)
        return pcm
    }

    private func run() {
        defer {
            if let pcm { snd_pcm_drop(pcm); snd_pcm_close(pcm) }
            pcm = nil
            finished.signal()
        }
        let clock = ContinuousClock()
        var nextRetry = clock.now
        var stepUp = BufferStepUp()
        if let device = pcm {
            stepUp.opened(at: clock.now)
            prime(device, interleaved: interleaved, frames: currentFrames)
        }
        while running.load(ordering: .relaxed) {
            // Before the device was ever opened, the period asked for.
            let frames = currentFrames
            renderer.render(into: mono, frames: frames)
            guard let device = pcm else {
                // Failed: keep the engine's clock and commands moving, try the device again now and then.
                renderer.audioClock.measured(rendered: renderer.renderedFrames, delay: 0, at: AudioClock.monotonicNow())
                Thread.sleep(forTimeInterval: Double(frames) / NoteSlotRenderer.sampleRate)
                if clock.now >= nextRetry {
                    nextRetry = clock.now + configuration.retryInterval
                    if let reopened = try? open() {
                        pcm = reopened
                        stepUp.opened(at: clock.now)
                        prime(reopened, interleaved: interleaved, frames: currentFrames)
                        continuation.yield(.recovered)
                    }
                }
                continue
            }
            peach_mono_to_s16_stereo(mono, interleaved, Int32(frames))
            var written = 0
            while written < frames {
                let result = snd_pcm_writei(device, interleaved + 2 * written, snd_pcm_uframes_t(frames - written))
                if result >= 0 {
                    written += Int(result)
                    continue
                }
                let error = Int32(result)
                if error == -EPIPE {
                    _underruns.wrappingIncrement(ordering: .relaxed)
                    if configuration.enlargesBufferOnUnderruns, stepUp.underrun(at: clock.now),
                       enlargeBuffer(device, interleaved: interleaved, because: .afterUnderruns) {
                        break
                    }
                }
                if error == -EPIPE || error == -ESTRPIPE || error == -EINTR, snd_pcm_recover(device, error, 1) >= 0 {
                    continue
                }
                if error != -EPIPE, configuration.enlargesBufferOnUnderruns, stepUp.failure(at: clock.now),
                   enlargeBuffer(device, interleaved: interleaved, because: .refusedByDevice) {
                    break
                }
                fail(device, reason: String(cString: snd_strerror(error)))
                nextRetry = clock.now + configuration.retryInterval
                break
            }
            if let device = pcm { measureDelay(device) }
        }
    }

    /// Tells the audio clock which frame is heard when: the frames rendered less those still in the
    /// device's buffer (ALSA's delay: the whole way to the converter, as the driver knows it), at the
    /// moment the device's pointer got there (`snd_pcm_status`: its stamp and delay). A pointer that
    /// moves at the device's interrupts (a USB or loopback card) has stood still since it moved, and
    /// this thread woke some time after: dated now, every frame would be heard that much later than
    /// it was, and every tap would count that much early. Where the device gives no usable stamp,
    /// the delay is taken as of now.
    private func measureDelay(_ device: OpaquePointer) {
        let rendered = renderer.renderedFrames
        if stampsPointer, let status {
            // The delay in the stamped position (for a device that adds its own delay, such as USB),
            // so that the stamp moves with it.
            var config = snd_pcm_audio_tstamp_config_t()
            config.type_requested = 0
            config.report_delay = 1
            snd_pcm_status_set_audio_htstamp_config(status, &config)
            if snd_pcm_status(device, status) == 0 {
                var stamp = timespec()
                snd_pcm_status_get_htstamp(status, &stamp)
                let stamped = UInt64(max(0, stamp.tv_sec)) * 1_000_000_000 + UInt64(max(0, stamp.tv_nsec))
                let measurement = Self.stampedMeasurement(
                    delay: Int64(snd_pcm_status_get_delay(status)), stamp: stamped,
                    isRunning: snd_pcm_status_get_state(status) == SND_PCM_STATE_RUNNING,
                    now: AudioClock.monotonicNow(), bufferFrames: bufferFrames)
                if let measurement {
                    renderer.audioClock.measured(rendered: rendered, delay: measurement.delay, at: measurement.time)
                    return
                }
            }
        }
        var delay: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(device, &delay) == 0 else { return }
        renderer.audioClock.measured(rendered: rendered, delay: Int64(delay), at: AudioClock.monotonicNow())
    }

    /// The status's delay at its stamp, when the stamp can be trusted: the device is running, and the
    /// stamp lies before now by less than the whole buffer plays (an older one is a device that does
    /// not stamp its moves, or a pointer that stopped).
    static func stampedMeasurement(delay: Int64, stamp: UInt64, isRunning: Bool, now: UInt64,
                                   bufferFrames: Int) -> (delay: Int64, time: UInt64)? {
        let buffer = UInt64(Double(bufferFrames) / NoteSlotRenderer.sampleRate * 1e9)
        guard isRunning, stamp > 0, stamp <= now, now - stamp <= buffer else { return nil }
        return (delay, stamp)
    }

    private var currentFrames: Int { min(max(periodFrames > 0 ? periodFrames : requestedPeriodFrames, 16), BufferStepUp.largestPeriod) }

    /// Reopens the device with the next larger buffer; false (and the device kept) at the largest
    /// or when the larger one cannot be had.
    private func enlargeBuffer(_ device: OpaquePointer, interleaved: UnsafeMutablePointer<Int16>,
                               because cause: AudioBufferStep) -> Bool {
        guard let next = BufferStepUp.next(periodFrames: periodFrames, periods: max(1, bufferFrames / max(1, periodFrames)))
        else { return false }
        snd_pcm_drop(device)
        snd_pcm_close(device)
        pcm = nil
        (requestedPeriodFrames, requestedPeriods) = next
        let reopened: OpaquePointer
        do {
            reopened = try open()
        } catch {
            renderer.silenceFromRenderThread()
            continuation.yield(.failed(AudioOutputProblem(device: configuration.device, step: .largerBuffer, detail: error.detail)))
            return true   // the failure path tries the device again
        }
        pcm = reopened
        prime(reopened, interleaved: interleaved, frames: currentFrames)
        continuation.yield(.bufferEnlarged(periodFrames: periodFrames, periods: bufferFrames / max(1, periodFrames),
                                           because: cause))
        return true
    }

    /// Fills the device's buffer with silence before the first rendered period, so that a start has
    /// the whole buffer of headroom (no underrun while caches and the first note slots warm up).
    private func prime(_ device: OpaquePointer, interleaved: UnsafeMutablePointer<Int16>, frames: Int) {
        interleaved.update(repeating: 0, count: frames * 2)
        var primed = 0
        while primed + frames <= bufferFrames {
            let result = snd_pcm_writei(device, interleaved, snd_pcm_uframes_t(frames))
            guard result > 0 else { break }
            primed += Int(result)
        }
    }

    private func fail(_ device: OpaquePointer, reason: String) {
        snd_pcm_drop(device)
        snd_pcm_close(device)
        pcm = nil
        renderer.silenceFromRenderThread()
        continuation.yield(.failed(AudioOutputProblem(device: configuration.device, step: .playing, detail: reason)))
    }
}
