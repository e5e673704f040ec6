/// Plays single notes. Knows frequencies, loudness and time; nothing of exercises or training.
///
/// Calls are synchronous: a real player only hands the request to its render thread (which must not
/// block), so a session never waits on audio and its timing stays in the injected clock.
@MainActor
public protocol NotePlayer: AnyObject {
    /// Starts a note that sounds until its handle stops it. The caller owns the handle.
    func play(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle

    /// Starts a note that the player itself releases after `duration`; the handle can stop it earlier.
    func play(frequency: Frequency, duration: NoteDuration, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws
        -> any PlaybackHandle

    /// A note that stays silent until its handle's first `adjustFrequency`, or its first move through
    /// `directlyTunable` from another thread, and then sounds from that pitch (Tune & Match's tunable
    /// note: the first touch of the control starts it). `frequency` is the pitch it is expected
    /// near. The default starts the note at the first `adjustFrequency` (`PreparedNote`).
    func prepare(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle

    /// Silences every note at once (the panic button for interruptions).
    func stopAll() throws
}

/// Ownership of one sounding note.
@MainActor
public protocol PlaybackHandle: AnyObject {
    /// Moves this note, and only this note, to `frequency` while it sounds.
    func adjustFrequency(_ frequency: Frequency) throws

    /// Releases the note with its envelope. A second call does nothing.
    func stop() throws

    /// The same note for moves from other threads (the tuning control's input thread); nil when
    /// the player has no such way (the default).
    var directlyTunable: (any DirectlyTunableNote)? { get }
}

extension PlaybackHandle {
    public var directlyTunable: (any DirectlyTunableNote)? { nil }
}
