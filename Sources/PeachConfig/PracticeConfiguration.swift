import PeachDomain

/// Everything the practice box reads from its configuration file, validated.
public struct PracticeConfiguration: Hashable, Sendable {
    public var training: TrainingSettings
    public var sound: SoundChoice
    public var feedback: FeedbackSettings
    public var audio: AudioSettings
    public var controllers: ControllerSettings
    public var web: WebSettings
    /// The language of texts and prompts; nil: the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    public var language: Language?

    public init(training: TrainingSettings = TrainingSettings(), sound: SoundChoice = SoundChoice(),
                feedback: FeedbackSettings = FeedbackSettings(), audio: AudioSettings = AudioSettings(),
                controllers: ControllerSettings = ControllerSettings(), web: WebSettings = WebSettings(),
                language: Language? = nil) {
        self.language = language
        self.training = training
        self.sound = sound
        self.feedback = feedback
        self.audio = audio
        self.controllers = controllers
        self.web = web
    }
}

/// The dashboard (`peach web`): where it listens. Loopback by default; any other address is the
/// LAN and needs the access token.
public struct WebSettings: Hashable, Sendable {
    public var listen: String

    public init(listen: String = "127.0.0.1:8080") { self.listen = listen }

    /// Whether `text` is `HOST:PORT` with a port of 0–65535 (`[::]:8080` for IPv6).
    public static func isListenAddress(_ text: String) -> Bool {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]) else { return false }
        return (0...65535).contains(port) && colon != text.startIndex && !text.contains(where: \.isWhitespace)
    }
}

/// The instrument: a SoundFont file (nil: Peach's own) and a preset in it.
public struct SoundChoice: Hashable, Sendable {
    public var soundFont: String?
    public var bank: Int
    public var program: Int

    public init(soundFont: String? = nil, bank: Int = 0, program: Int = 0) {
        self.soundFont = soundFont
        self.bank = bank
        self.program = program
    }

    /// `BANK:PROGRAM`, as `peach play --preset` takes it.
    public var preset: String { "\(bank):\(program)" }
}

public struct FeedbackSettings: Hashable, Sendable {
    /// Audible cues after each answer.
    public var cues: Bool
    /// How loud cues are relative to a training note at nominal loudness (−40…−6 dB).
    public var cueLevel: AmplitudeDB
    public static let cueLevelRange: ClosedRange<Double> = -40 ... -6
    /// Feedback messages to controllers whose mapping defines them (pad LEDs).
    public var lights: Bool
    /// Spoken prompts: the mode when training starts or switches, the report, trouble and recovery.
    public var voice: Bool
    /// How loud the voice is relative to a training note at nominal loudness (−30…+6 dB).
    public var voiceLevel: AmplitudeDB
    public static let voiceLevelRange: ClosedRange<Double> = -30 ... 6

    public init(cues: Bool = true, cueLevel: AmplitudeDB = AmplitudeDB(-20), lights: Bool = true,
                voice: Bool = true, voiceLevel: AmplitudeDB = AmplitudeDB(-6)) {
        self.cues = cues
        self.cueLevel = cueLevel
        self.lights = lights
        self.voice = voice
        self.voiceLevel = voiceLevel
    }
}

public struct AudioSettings: Hashable, Sendable {
    /// An ALSA PCM name: `default`, `hw:1,0`, `plughw:CARD=Headphones`.
    public var device: String
    /// Frames per ALSA period at 48 kHz; latency is about periodFrames × periods / 48 ms.
    public var periodFrames: Int
    public var periods: Int
    /// SCHED_FIFO priority of the audio thread, 1–99; 0 = normal scheduling.
    public var realtimePriority: Int
    /// Step up to a larger buffer after repeated underruns (off: keep the buffer, as benchmarks do).
    public var growsBuffer: Bool
    public static let periodFramesRange = 32...8192
    public static let periodsRange = 2...16
    public static let realtimePriorityRange = 0...99

    /// Default 2 periods of 128 frames (5.3 ms): about 8–9 ms from a controller's event to the ear,
    /// within the 10 ms an instrument needs; repeated underruns step it up by itself.
    public init(device: String = "default", periodFrames: Int = 128, periods: Int = 2, realtimePriority: Int = 70,
                growsBuffer: Bool = true) {
        self.growsBuffer = growsBuffer
        self.device = device
        self.periodFrames = periodFrames
        self.periods = periods
        self.realtimePriority = realtimePriority
    }
}

public struct ControllerSettings: Hashable, Sendable {
    /// A directory searched for mapping files before the built-in ones.
    public var mappingsDirectory: String?
    /// Mapping overrides: a controller whose port or client name matches `pattern` uses `mapping`.
    public var assignments: [MappingAssignment]

    public init(mappingsDirectory: String? = nil, assignments: [MappingAssignment] = []) {
        self.mappingsDirectory = mappingsDirectory
        self.assignments = assignments
    }
}

public struct MappingAssignment: Hashable, Sendable {
    /// A shell-style pattern (`*`, `?`) on the controller's port or client name.
    public var pattern: String
    /// The mapping's name (its file name without `.yaml`).
    public var mapping: String

    public init(pattern: String, mapping: String) {
        self.pattern = pattern
        self.mapping = mapping
    }
}
