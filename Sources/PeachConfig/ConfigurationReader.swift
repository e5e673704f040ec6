import Foundation
import PeachDomain
import PeachText
import PeachYAML

/// Reads a configuration file: every value is checked, every problem reported as `FILE:LINE:COLUMN:
/// reason` (all of them, not just the first), and a file with any problem is rejected whole.
public struct ConfigurationReader {
    /// Where each value of the effective configuration came from, by key path (`training.note-duration`).
    public typealias Origins = [String: String]

    public struct Result: Sendable {
        public let configuration: PracticeConfiguration
        public let origins: Origins
        /// The configuration of the layers below the settings file (the defaults and the
        /// administrator's file): what a setting returns to when the settings file leaves it out.
        public let beneathSettings: PracticeConfiguration
        /// Why the settings file was left out (damaged, invalid, refused by `check`), one line per
        /// problem, in the reader's language; empty when it was read or is not there.
        public let settingsLeftOut: [String]

        public init(configuration: PracticeConfiguration, origins: Origins, beneathSettings: PracticeConfiguration? = nil,
                    settingsLeftOut: [String] = []) {
            self.configuration = configuration
            self.origins = origins
            self.beneathSettings = beneathSettings ?? configuration
            self.settingsLeftOut = settingsLeftOut
        }
    }

    /// Names of the mappings that exist, to check `controllers.assign`; nil skips that check.
    public var knownMappings: Set<String>?
    /// The language of the reader's own messages (PeachYAML's, "expected a number", are typed and said
    /// by whoever prints them).
    public var texts: Texts

    public init(knownMappings: Set<String>? = nil, texts: Texts = .english) {
        self.knownMappings = knownMappings
        self.texts = texts
    }

    /// `text` read over `base` (the layers below it): its values replace the base's, its checks
    /// see the base's values (a `tuning-range` against the base's `initial-offset-range`).
    public func read(_ text: String, file: String, over base: Result? = nil) throws(YAMLErrors) -> Result {
        var reading = Reading(file: file, knownMappings: knownMappings, texts: texts)
        if let base {
            reading.configuration = base.configuration
            reading.origins = base.origins
        }
        do {
            if let root = try YAMLNode.parse(text, file: file) {
                reading.read(root)
            }
        } catch {
            throw YAMLErrors([error])
        }
        try reading.errors.throwIfAny()
        return Result(configuration: reading.configuration, origins: reading.origins,
                      beneathSettings: base?.configuration)
    }

    /// The configuration in effect: the defaults, the administrator's file over them (its problems
    /// are thrown, as `load(_:)` throws them), and the settings file over that. A settings file that
    /// is missing is fine; one that does not read, breaks a rule, or whose result `check` finds
    /// problems in (while the file beneath it has none) is left out: the result is then the
    /// administrator's, and `settingsLeftOut` says why, for the log.
    public func load(_ layers: ConfigurationLayers,
                     check: (PracticeConfiguration, Origins) -> [String] = { _, _ in [] }) throws(YAMLErrors) -> Result {
        let administrator = try load(layers.administrator)
        guard let settings = layers.settings, settings.exists else { return administrator }
        let layered: Result
        do {
            layered = try read(try YAMLFile.text(of: settings.file, kind: .configuration), file: settings.file.path,
                               over: administrator)
        } catch {
            return Result(configuration: administrator.configuration, origins: administrator.origins,
                          settingsLeftOut: error.errors.map { $0.text(texts) })
        }
        let problems = check(layered.configuration, layered.origins)
        if !problems.isEmpty && check(administrator.configuration, administrator.origins).isEmpty {
            return Result(configuration: administrator.configuration, origins: administrator.origins, settingsLeftOut: problems)
        }
        return layered
    }

    /// The configuration at `location`: defaults when the default file is absent; an error when a
    /// file named explicitly is missing.
    public func load(_ location: ConfigurationLocation) throws(YAMLErrors) -> Result {
        guard location.exists else {
            if location.isExplicit {
                throw YAMLErrors([YAMLError(file: location.file.path, line: nil, column: nil,
                                            message: texts.text(.configErrorNoSuchFile))])
            }
            return Result(configuration: PracticeConfiguration(), origins: [:])
        }
        return try read(contentsOf: location.file)
    }

    public func read(contentsOf url: URL) throws(YAMLErrors) -> Result {
        // not a text: part of PeachYAML's message, which is English
        try read(try YAMLFile.text(of: url, kind: .configuration), file: url.path)
    }
}

private struct Reading {
    let file: String
    let knownMappings: Set<String>?
    let texts: Texts
    var configuration = PracticeConfiguration()
    var origins: ConfigurationReader.Origins = [:]
    var errors = YAMLErrorCollector()

    init(file: String, knownMappings: Set<String>?, texts: Texts) {
        self.file = file
        self.knownMappings = knownMappings
        self.texts = texts
    }

    /// Relative paths in the file are relative to the file's directory.
    var baseDirectory: URL { URL(fileURLWithPath: file).deletingLastPathComponent() }

    mutating func read(_ root: YAMLNode) {
        guard let map = errors.collect({ try root.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: ["training", "sound", "feedback", "audio", "controllers", "web", "language"]))
        if let node = map.optional("training") { readTraining(node) }
        if let node = map.optional("sound") { readSound(node) }
        if let node = map.optional("feedback") { readFeedback(node) }
        if let node = map.optional("audio") { readAudio(node) }
        if let node = map.optional("controllers") { readControllers(node) }
        if let node = map.optional("web") { readWeb(node) }
        if let node = map.optional("language") { readLanguage(node) }
    }

    mutating func readLanguage(_ node: YAMLNode) {
        guard !node.isNull else { return }
        let texts = texts
        guard let language = errors.collect({ () throws -> Language in
            let text = try node.string()
            guard let language = Language(rawValue: text) else {
                throw node.error(texts.text(.configErrorLanguage))
            }
            return language
        }) else { return }
        configuration.language = language
        origins["language"] = "\(node.file):\(node.line)"
    }

    mutating func readWeb(_ node: YAMLNode) {
        guard let map = errors.collect({ try node.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: ["listen"]))
        let texts = texts
        value(map, "listen", section: "web", { node in
            let text = try node.string().trimmingCharacters(in: .whitespaces)
            guard WebSettings.isListenAddress(text) else {
                throw node.error(texts.text(.configErrorListen))
            }
            return text
        }) { $0.web.listen = $1 }
    }

    /// Reads `key` of `map` with `convert`, records its origin, and stores it with `assign`.
    mutating func value<T>(_ map: YAMLMapping, _ key: String, section: String,
                           _ convert: (YAMLNode) throws -> T, _ assign: (inout PracticeConfiguration, T) -> Void) {
        guard let node = map.optional(key) else { return }
        guard let value = errors.collect({ try convert(node) }) else { return }
        assign(&configuration, value)
        origins["\(section).\(key)"] = "\(node.file):\(node.line)"
    }

    mutating func readTraining(_ node: YAMLNode) {
        guard let map = errors.collect({ try node.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: [
            "note-range", "note-duration", "note-gap", "reference-pitch", "vary-loudness", "intervals", "tuning-system",
            "velocity", "pitch-matching", "staircase", "focus", "rhythm",
        ]))
        let section = "training"
        let texts = texts
        value(map, "note-range", section: section, { try Self.noteRange($0, texts) }) { $0.training.noteRange = $1 }
        value(map, "note-duration", section: section, { node in
            let seconds = try node.double(in: NoteDuration.validRange)
            guard let duration = NoteDuration(seconds: seconds) else { throw node.error(texts.text(.configErrorNoteDuration)) }
            return duration
        }) { $0.training.noteDuration = $1 }
        value(map, "note-gap", section: section, { node in
            let seconds = try node.double(in: NoteGap.validRange)
            guard let gap = NoteGap(seconds: seconds) else { throw node.error(texts.text(.configErrorNoteGap)) }
            return gap
        }) { $0.training.noteGap = $1 }
        value(map, "reference-pitch", section: section, {
            Frequency(try $0.double(in: TrainingSettings.referencePitchRange))
        }) { $0.training.referencePitch = $1 }
        value(map, "vary-loudness", section: section, { try $0.double(in: 0...1) }) { $0.training.loudnessVariation = $1 }
        value(map, "intervals", section: section, { try Self.intervals($0, texts) }) { $0.training.intervals = $1 }
        value(map, "tuning-system", section: section, { try $0.oneOf(TuningSystem.self) }) { $0.training.tuningSystem = $1 }
        value(map, "staircase", section: section, { try $0.oneOf(StaircaseRule.self) }) { $0.training.staircase = $1 }
        value(map, "focus", section: section, { try $0.double(in: 0...1) }) { $0.training.focus = $1 }
        value(map, "velocity", section: section, { MIDIVelocity(UInt8(try $0.int(in: 1...127))) }) {
            $0.training.velocity = $1
        }
        if let matchingNode = map.optional("pitch-matching"),
           let matching = errors.collect({ try matchingNode.mapping() }) {
            errors.add(contentsOf: matching.unknownKeys(allowed: ["initial-offset-range", "tuning-range"]))
            let section = "training.pitch-matching"
            value(matching, "initial-offset-range", section: section, { Cents(try $0.double(in: 0...600)) }) {
                $0.training.pitchMatchingInitialOffsetRange = $1
            }
            value(matching, "tuning-range", section: section, { Cents(try $0.double(in: 1...1200)) }) {
                $0.training.pitchMatchingTuningRange = $1
            }
            let training = configuration.training
            if training.pitchMatchingTuningRange < training.pitchMatchingInitialOffsetRange {
                errors.add(matchingNode.error(texts.text(.configErrorTuningRange, training.pitchMatchingTuningRange.rawValue,
                                                         training.pitchMatchingInitialOffsetRange.rawValue)))
            }
        }
        if let rhythmNode = map.optional("rhythm"), let rhythm = errors.collect({ try rhythmNode.mapping() }) {
            errors.add(contentsOf: rhythm.unknownKeys(allowed: ["tempo", "gap-positions"]))
            let section = "training.rhythm"
            value(rhythm, "tempo", section: section, { node in
                // invariant: the rhythm modes' tempi lie within the tempi an answer may have.
                TempoBPM(validating: try node.int(in: RhythmSettings.tempoRange))!
            }) { $0.training.rhythm.tempo = $1 }
            value(rhythm, "gap-positions", section: section, { try GapPositionsValue.read($0, texts) }) {
                $0.training.rhythm.gapPositions = $1
            }
        }
    }

    static func noteRange(_ node: YAMLNode, _ texts: Texts) throws -> NoteRange {
        let map = try node.mapping()
        try map.rejectUnknownKeys(allowed: ["lowest", "highest"])
        // Both notes are checked, so a range wrong at both ends says so at both.
        var problems = YAMLErrorCollector()
        func note(_ key: String) -> MIDINote? {
            problems.collect {
                let value = try map.required(key)
                let text = try value.string()
                guard let note = MIDINote(name: text) else {
                    throw value.error(texts.text(.configErrorNotANote, text))
                }
                guard NoteRange.limits.contains(note) else {
                    throw value.error(texts.text(.configErrorNoteOutsidePlayable, note.name, note.rawValue))
                }
                return note
            }
        }
        let lowest = note("lowest"), highest = note("highest")
        guard let lowest, let highest, problems.isEmpty else { throw YAMLErrors(problems.errors) }
        do {
            return try NoteRange(lowest: lowest, highest: highest)
        } catch .outsideLimits(let note) {
            throw node.error(texts.text(.configErrorNoteOutsidePlayable, note.name, note.rawValue))
        } catch .reversed {
            throw node.error(texts.text(.configErrorNoteRangeReversed, lowest.name, highest.name))
        } catch .tooNarrow(let semitones) {
            throw node.error(texts.text(.configErrorNoteRangeTooNarrow, semitones, NoteRange.minimumSemitones))
        }
    }

    static func intervals(_ node: YAMLNode, _ texts: Texts) throws -> Set<DirectedInterval> {
        let items = node.listOrSingle()
        guard !items.isEmpty else { throw node.error(texts.text(.configErrorNoInterval)) }
        var result = Set<DirectedInterval>()
        var problems = YAMLErrorCollector()   // every item that is wrong, not only the first
        for item in items {
            let interval = problems.collect { () throws -> DirectedInterval in
                let words = try item.string().split(separator: " ").map(String.init)
                guard (1...2).contains(words.count), let interval = Interval(abbreviation: words[0]) else {
                    throw item.error(texts.text(.configErrorNotAnInterval, words.joined(separator: " ")))
                }
                var direction = Direction.up
                if words.count == 2 {
                    guard let given = Direction(rawValue: words[1]) else {
                        throw item.error(texts.text(.configErrorNotADirection, words[1]))
                    }
                    direction = given
                }
                return DirectedInterval(interval, direction)
            }
            if let interval { result.insert(interval) }
        }
        guard problems.isEmpty else { throw YAMLErrors(problems.errors) }
        return result
    }

    mutating func readSound(_ node: YAMLNode) {
        guard let map = errors.collect({ try node.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: ["soundfont", "preset"]))
        let base = baseDirectory
        let texts = texts
        value(map, "soundfont", section: "sound", { node in
            let path = try node.string()
            let url = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw node.error(texts.text(.configErrorSoundFont, url.path))
            }
            return url.path
        }) { $0.sound.soundFont = $1 }
        value(map, "preset", section: "sound", { node in
            let parts = try node.string().split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let bank = Int(parts[0]), let program = Int(parts[1]),
                  (0...16383).contains(bank), (0...127).contains(program) else {
                throw node.error(texts.text(.configErrorPreset))
            }
            return (bank, program)
        }) { $0.sound.bank = $1.0; $0.sound.program = $1.1 }
    }

    mutating func readFeedback(_ node: YAMLNode) {
        guard let map = errors.collect({ try node.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: ["cues", "cue-level", "lights", "voice", "voice-level"]))
        value(map, "cues", section: "feedback", { try $0.bool() }) { $0.feedback.cues = $1 }
        value(map, "cue-level", section: "feedback", { AmplitudeDB(try $0.double(in: FeedbackSettings.cueLevelRange)) }) {
            $0.feedback.cueLevel = $1
        }
        value(map, "lights", section: "feedback", { try $0.bool() }) { $0.feedback.lights = $1 }
        value(map, "voice", section: "feedback", { try $0.bool() }) { $0.feedback.voice = $1 }
        value(map, "voice-level", section: "feedback", { AmplitudeDB(try $0.double(in: FeedbackSettings.voiceLevelRange)) }) {
            $0.feedback.voiceLevel = $1
        }
    }

    mutating func readAudio(_ node: YAMLNode) {
        guard let map = errors.collect({ try node.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: ["device", "period-frames", "periods", "realtime-priority", "grow-buffer",
                                                         "extra-latency-ms"]))
        let texts = texts
        value(map, "device", section: "audio", { node in
            let name = try node.string().trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw node.error(texts.text(.configErrorNoDevice)) }
            return name
        }) { $0.audio.device = $1 }
        value(map, "period-frames", section: "audio", { try $0.int(in: AudioSettings.periodFramesRange) }) {
            $0.audio.periodFrames = $1
        }
        value(map, "periods", section: "audio", { try $0.int(in: AudioSettings.periodsRange) }) { $0.audio.periods = $1 }
        value(map, "realtime-priority", section: "audio", { try $0.int(in: AudioSettings.realtimePriorityRange) }) {
            $0.audio.realtimePriority = $1
        }
        value(map, "grow-buffer", section: "audio", { try $0.bool() }) { $0.audio.growsBuffer = $1 }
        // What the box cannot see of the output's latency; the rhythm modes add it to every click.
        value(map, "extra-latency-ms", section: "audio", { try $0.double(in: RhythmSettings.extraLatencyRange) }) {
            $0.training.rhythm.extraLatencyMs = $1
        }
    }

    mutating func readControllers(_ node: YAMLNode) {
        guard let map = errors.collect({ try node.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: ["mappings-directory", "assign"]))
        let base = baseDirectory
        let texts = texts
        value(map, "mappings-directory", section: "controllers", { node in
            let url = URL(fileURLWithPath: try node.string(), relativeTo: base).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw node.error(texts.text(.configErrorMappingsDirectory, url.path))
            }
            return url.path
        }) { $0.controllers.mappingsDirectory = $1 }
        let known = knownMappings
        value(map, "assign", section: "controllers", { node in
            var seen: [String: Int] = [:]
            return try node.sequence().map { item in
                let entry = try item.mapping()
                try entry.rejectUnknownKeys(allowed: ["match", "mapping"])
                let patternNode = try entry.required("match")
                let pattern = try patternNode.string()
                if let line = seen[pattern] {
                    throw patternNode.error(texts.text(.configErrorAlreadyAssigned, pattern, "\(line)"))
                }
                seen[pattern] = patternNode.line
                let mappingNode = try entry.required("mapping")
                let mapping = try mappingNode.string()
                if let known, !known.contains(mapping) {
                    throw mappingNode.error(texts.text(.configErrorUnknownMapping, mapping, known.sorted().joined(separator: ", ")))
                }
                return MappingAssignment(pattern: pattern, mapping: mapping)
            }
        }) { $0.controllers.assignments = $1 }
    }
}
