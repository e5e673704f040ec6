/// The default `prepare`: a player with no way of its own starts the note at the first touch.
extension NotePlayer {
    public func prepare(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        PreparedNote(player: self, velocity: velocity, amplitude: amplitude)
    }
}

/// A note that `play`s at its first `adjustFrequency`, for a player with no way of its own.
@MainActor
public final class PreparedNote: PlaybackHandle {
    private let player: any NotePlayer
    private let velocity: MIDIVelocity
    private let amplitude: AmplitudeDB
    private var note: (any PlaybackHandle)?
    private var isStopped = false

    public init(player: any NotePlayer, velocity: MIDIVelocity, amplitude: AmplitudeDB) {
        self.player = player
        self.velocity = velocity
        self.amplitude = amplitude
    }

    public func adjustFrequency(_ frequency: Frequency) throws {
        guard !isStopped else { return }
        if let note { return try note.adjustFrequency(frequency) }
        note = try player.play(frequency: frequency, velocity: velocity, amplitude: amplitude)
    }

    public func stop() throws {
        isStopped = true
        try note?.stop()
    }

    public var directlyTunable: (any DirectlyTunableNote)? { note?.directlyTunable }
}
