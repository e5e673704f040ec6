import PeachDomain

struct MockAudioError: Error, CustomStringConvertible {
    var description: String { "the audio device is gone" }
}

/// Records every note it is asked to play, with the test clock's time, and models timed notes
/// ending by themselves.
@MainActor
final class MockNotePlayer: NotePlayer {
    let clock: ManualTrainingClock
    private(set) var handles: [MockPlaybackHandle] = []
    private(set) var stopAllCount = 0
    var playError: (any Error)?
    var stopAllError: (any Error)?

    init(clock: ManualTrainingClock) { self.clock = clock }

    func play(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        try start(frequency: frequency, duration: nil, velocity: velocity, amplitude: amplitude)
    }

    func play(frequency: Frequency, duration: NoteDuration, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws
        -> any PlaybackHandle {
        let handle = try start(frequency: frequency, duration: duration, velocity: velocity, amplitude: amplitude)
        _ = clock.schedule(after: duration.duration) { [weak handle] in handle?.endByItself() }
        return handle
    }

    func stopAll() throws {
        stopAllCount += 1
        if let stopAllError { throw stopAllError }
        for handle in handles { handle.endByItself() }
    }

    private func start(frequency: Frequency, duration: NoteDuration?, velocity: MIDIVelocity,
                       amplitude: AmplitudeDB) throws -> MockPlaybackHandle {
        if let playError { throw playError }
        let handle = MockPlaybackHandle(clock: clock, frequency: frequency, duration: duration, velocity: velocity,
                                        amplitude: amplitude)
        handles.append(handle)
        return handle
    }

    /// The notes that can be heard right now.
    var soundingNotes: [MockPlaybackHandle] { handles.filter(\.isSounding) }
    var lastHandle: MockPlaybackHandle? { handles.last }
}

@MainActor
final class MockPlaybackHandle: PlaybackHandle {
    let clock: ManualTrainingClock
    let startedAt: Duration
    let initialFrequency: Frequency
    let duration: NoteDuration?
    let velocity: MIDIVelocity
    let amplitude: AmplitudeDB
    private(set) var frequencies: [Frequency]
    private(set) var stopCallCount = 0
    private(set) var endedAt: Duration?
    var adjustError: (any Error)?
    /// When set, `stop()` fails and the note keeps sounding (a wedged synthesiser voice).
    var stopError: (any Error)?

    init(clock: ManualTrainingClock, frequency: Frequency, duration: NoteDuration?, velocity: MIDIVelocity,
         amplitude: AmplitudeDB) {
        self.clock = clock
        self.startedAt = clock.elapsed
        self.initialFrequency = frequency
        self.frequencies = [frequency]
        self.duration = duration
        self.velocity = velocity
        self.amplitude = amplitude
    }

    var currentFrequency: Frequency { frequencies.last! }
    var isSounding: Bool { endedAt == nil }

    func adjustFrequency(_ frequency: Frequency) throws {
        if let adjustError { throw adjustError }
        frequencies.append(frequency)
    }

    func stop() throws {
        stopCallCount += 1
        if let stopError { throw stopError }
        endByItself()
    }

    func endByItself() {
        if endedAt == nil { endedAt = clock.elapsed }
    }
}
