import PeachDomain

/// Why a text was not made into speech, as data: the words for it are the text tables' (PeachBoxRuntime's
/// `SpeechFailureText`), in the box's language.
public enum SpeechFailure: Error, Equatable, Sendable {
    /// eSpeak NG could not make it.
    case engine(EngineFailure)
    /// The speech program (`peach speak`) could not be started: the error number.
    case programDidNotStart(program: String, code: Int32)
    /// It ended before it had made every text: how, and what it wrote to stderr.
    case programEnded(program: String, ending: ProgramEnding, said: String)
    /// It was killed at its time limit (in seconds), and what it had written to stderr.
    case programStopped(program: String, seconds: Double, said: String)
}

/// What eSpeak NG itself can fail at (`SpeechSynthesizer`, and `peach speak` through the pipe).
public enum EngineFailure: Error, Equatable, Sendable {
    /// It did not start (its data is missing).
    case didNotStart
    /// It has no voice for the language.
    case noVoice(Language)
    /// It refused the text, with its status code.
    case refused(status: Int32)
}

/// How a child process ended.
public enum ProgramEnding: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
}
