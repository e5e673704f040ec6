import PeachDomain

/// Says prompts aloud through the box's own sound output, and holds the next exercise back while it
/// does (its `ExerciseGate` side), so that speech and training notes never overlap.
@MainActor
public protocol Announcer: ExerciseGate {
    /// Starts saying `prompt` now, cutting off one still being said. `then`, and everything waiting
    /// at the gate, runs once the last prompt has been heard (at once when the voice is off).
    func say(_ prompt: SpokenPrompt, then: (@MainActor () -> Void)?)
    /// Cuts off what is being said (an interruption); whatever waited for it goes on at once.
    func hush()
    /// Whether prompts are heard at all now (false while the voice is turned off): the tour needs
    /// them.
    var isVoiceOn: Bool { get }
}

extension Announcer {
    public var isVoiceOn: Bool { true }
}

/// How the voice sounds, read from the configuration whenever a prompt is said.
public struct VoiceSettings: Hashable, Sendable {
    public var isOn: Bool
    /// Relative to a training note at nominal loudness.
    public var level: AmplitudeDB
    public var language: Language

    public init(isOn: Bool = true, level: AmplitudeDB = AmplitudeDB(-6), language: Language = .english) {
        self.isOn = isOn
        self.level = level
        self.language = language
    }
}
