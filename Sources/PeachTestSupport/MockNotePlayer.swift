import PeachDomain
import Synchronization

public struct MockAudioError: Error, CustomStringConvertible {
    public var description: String { "the audio device is gone" }
    public init() {}
}

/// Records every note it is asked to play, with the test clock's time, and models timed notes
/// ending by themselves.
@MainActor
public final class MockNotePlayer: NotePlayer {
    public let clock: ManualTrainingClock
    public private(set) var handles: [MockPlaybackHandle] = []
    public private(set) var stopAllCount = 0
    public var playError: (any Error)?
    public var stopAllError: (any Error)?
    /// When set, every note offers a way for moves from other threads (`directlyTunable`).
    public var offersDirectTuning = false

    public init(clock: ManualTrainingClock) { self.clock = clock }

    public func play(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        try start(frequency: frequency, duration: nil, velocity: velocity, amplitude: amplitude)
    }

    public func play(frequency: Frequency, duration: NoteDuration, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws
        -> any PlaybackHandle {
        let handle = try start(frequency: frequency, duration: duration, velocity: velocity, amplitude: amplitude)
        _ = clock.schedule(after: duration.duration) { [weak handle] in handle?.endByItself() }
        return handle
    }

    /// With `offersDirectTuning`, a note that sounds from its first `adjustFrequency` (as the engine's,
    /// whose first move may also come from the input thread); else the domain's default.
    public func prepare(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        guard offersDirectTuning else { return PreparedNote(player: self, velocity: velocity, amplitude: amplitude) }
        let handle = try start(frequency: frequency, duration: nil, velocity: velocity, amplitude: amplitude)
        handle.awaitsFirstTouch = true
        return handle
    }

    public func stopAll() throws {
        stopAllCount += 1
        if let stopAllError { throw stopAllError }
        for handle in handles { handle.endByItself() }
    }

    private func start(frequency: Frequency, duration: NoteDuration?, velocity: MIDIVelocity,
                       amplitude: AmplitudeDB) throws -> MockPlaybackHandle {
        if let playError { throw playError }
        let handle = MockPlaybackHandle(clock: clock, frequency: frequency, duration: duration, velocity: velocity,
                                        amplitude: amplitude)
        if offersDirectTuning { handle.directNote = MockDirectNote() }
        handles.append(handle)
        return handle
    }

    /// The notes that can be heard right now.
    public var soundingNotes: [MockPlaybackHandle] { handles.filter(\.isSounding) }
    public var lastHandle: MockPlaybackHandle? { handles.last }
}

@MainActor
public final class MockPlaybackHandle: PlaybackHandle {
    public let clock: ManualTrainingClock
    public private(set) var startedAt: Duration
    /// Prepared (`MockNotePlayer.prepare`) and not yet moved: silent, its frequency only expected.
    public internal(set) var awaitsFirstTouch = false
    public private(set) var initialFrequency: Frequency
    public let duration: NoteDuration?
    public let velocity: MIDIVelocity
    public let amplitude: AmplitudeDB
    public private(set) var frequencies: [Frequency]
    public private(set) var stopCallCount = 0
    public private(set) var endedAt: Duration?
    public var adjustError: (any Error)?
    /// When set, `stop()` fails and the note keeps sounding (a wedged synthesiser voice).
    public var stopError: (any Error)?
    /// The note as other threads reach it, when the player offers that.
    public var directNote: MockDirectNote?
    public var directlyTunable: (any DirectlyTunableNote)? { directNote }

    public init(clock: ManualTrainingClock, frequency: Frequency, duration: NoteDuration?, velocity: MIDIVelocity,
         amplitude: AmplitudeDB) {
        self.clock = clock
        self.startedAt = clock.elapsed
        self.initialFrequency = frequency
        self.frequencies = [frequency]
        self.duration = duration
        self.velocity = velocity
        self.amplitude = amplitude
    }

    public var currentFrequency: Frequency { frequencies.last! }
    public var isSounding: Bool { endedAt == nil && !awaitsFirstTouch }

    public func adjustFrequency(_ frequency: Frequency) throws {
        if let adjustError { throw adjustError }
        guard awaitsFirstTouch else { return frequencies.append(frequency) }
        awaitsFirstTouch = false
        startedAt = clock.elapsed
        initialFrequency = frequency
        frequencies = [frequency]
    }

    public func stop() throws {
        stopCallCount += 1
        if let stopError { throw stopError }
        endByItself()
    }

    public func endByItself() {
        if endedAt == nil { endedAt = clock.elapsed }
    }
}

/// A note's way for moves from other threads: records them.
public final class MockDirectNote: DirectlyTunableNote {
    private let recorded = Mutex<[(frequency: Frequency, causedAt: UInt64)]>([])
    public init() {}
    public func retune(to frequency: Frequency, causedAt: UInt64) {
        recorded.withLock { $0.append((frequency, causedAt)) }
    }
    public var moves: [(frequency: Frequency, causedAt: UInt64)] { recorded.withLock { $0 } }
}

/// A `TuningShortcut` that keeps every route it is given (nil: none).
public final class RecordingTuningShortcut: TuningShortcut {
    private let recorded = Mutex<[TuningRoute?]>([])
    public init() {}
    public func follow(_ route: TuningRoute?) { recorded.withLock { $0.append(route) } }
    public var routes: [TuningRoute?] { recorded.withLock { $0 } }
    /// The route in force now.
    public var current: TuningRoute? { routes.last ?? nil }
}
