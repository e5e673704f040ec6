import Logging
import PeachDomain

/// The rhythm modes' clicks on the engine: each placed at its output frame by the render thread.
///
/// Times are seconds of output frames (frame / 48,000). What the player hears now, and when a tap
/// was made, come from the `AudioClock` (frames rendered less the device's delay), moved back by the
/// extra latency the box cannot see (an external converter, a long cable): a click placed at time t
/// is heard when `heardNow` reaches t, and a tap at that moment is on time, at any buffer size.
@MainActor
public final class EngineClickPlayer: ClickPlayer {
    private let engine: SoundEngine
    private let extraLatency: @MainActor () -> Double
    private let logger: Logger

    /// `extraLatency`: seconds beyond the output's own buffer, read at every use (a reload changes it).
    public init(engine: SoundEngine, extraLatency: @escaping @MainActor () -> Double = { 0 },
                logger: Logger = Logger(label: "peach.clicks")) {
        self.engine = engine
        self.extraLatency = extraLatency
        self.logger = logger
    }

    public var heardNow: Double { heard(atMonotonic: AudioClock.monotonicNow()) }

    /// The next render starts at the frames rendered so far: nothing earlier can change.
    public var earliestSchedulable: Double {
        Double(engine.renderer.renderedFrames) / NoteSlotRenderer.sampleRate
    }

    /// The time on this clock that the player heard at monotonic `nanoseconds` (a tap's stamp).
    public func heardTime(ofMonotonic nanoseconds: UInt64) -> Double {
        let time = heard(atMonotonic: nanoseconds)
        // For the timing system test, which sets each tap against the loopback's recording.
        logger.debug("tap stamped \(nanoseconds) ns, heard at frame \(time * NoteSlotRenderer.sampleRate)") // not a text: a debug line for developers
        return time
    }

    private func heard(atMonotonic nanoseconds: UInt64) -> Double {
        let extra = UInt64(max(0, extraLatency()) * 1e9)
        let frame = engine.renderer.audioClock.heardFrame(atMonotonic: nanoseconds &- extra)
            ?? Double(engine.renderer.renderedFrames)
        return frame / NoteSlotRenderer.sampleRate
    }

    public func schedule(_ clicks: [Click]) throws {
        for click in clicks {
            try engine.send(.click(frame: Int64((click.time * NoteSlotRenderer.sampleRate).rounded()),
                                   sound: click.isAccented ? 1 : 0))
        }
    }

    public func clickNow(accented: Bool) throws {
        try engine.send(.click(frame: 0, sound: accented ? 1 : 0))
    }

    public func cancelClicks() throws {
        try engine.send(.cancelClicks)
    }
}
