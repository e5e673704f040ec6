import PeachDomain

/// What an audio output tells the app: the device failed or went away (training must stop), or it
/// works again (training does not resume by itself).
public enum AudioOutputEvent: Sendable, Equatable {
    case failed(AudioOutputProblem)
    case recovered
    /// The output now uses this larger buffer (frames per period, periods), and why.
    case bufferEnlarged(periodFrames: Int, periods: Int, because: AudioBufferStep)
}

/// Something that pulls audio from a `NoteSlotRenderer` in real time on a thread of its own.
public protocol AudioOutput: AnyObject, Sendable {
    /// Output events, for the practice box to turn into training interruptions.
    var events: AsyncStream<AudioOutputEvent> { get }
    /// Opens the device and starts the render thread; throws when the device cannot be opened.
    func start() throws
    /// Stops the render thread and closes the device. Idempotent.
    func stop()
}
