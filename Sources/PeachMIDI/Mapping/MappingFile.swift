import Foundation
import PeachText
import PeachDomain
import PeachYAML

/// Reads and validates one mapping file (the format is in Mappings/README.md). Every problem —
/// syntax, an unknown key or action, a note out of range, a control given two jobs, a fader without
/// a commit control — is reported as `FILE:LINE:COLUMN: reason`, all of them at once, and a file with
/// any problem gives no mapping at all: it is never half-applied.
public enum MappingFile {
    public static let topLevelKeys = ["name", "match", "reference", "channel", "tuning", "answers", "modes", "stop", "report", "chords", "feedback"] // not a text: mapping file keys
    static let chordKeys = ["keys", "within-ms", "stop", "report"] + TrainingMode.allCases.map(\.rawValue)
    static let tuningKeys = ["control", "commit", "neutral-zone", "release-ms", "flick-threshold", "spoken"]
    static let controlKeys = ["note", "notes", "cc", "program", "channel", "spoken"]
    static let messageKeys = ["note-on", "note-off", "cc", "program", "velocity", "value", "channel"]
    static let feedbackKeys = ["port", "clear"] + AnswerResult.allCases.map(\.rawValue)

    public static func parse(_ text: String, file: String) throws(YAMLErrors) -> ControllerMapping {
        let root: YAMLNode
        do {
            guard let parsed = try YAMLNode.parse(text, file: file) else {
                throw YAMLErrors([YAMLError(file: file, line: nil, column: nil, problem: .phrase(.mappingEmpty, []))])
            }
            root = parsed
        } catch let error as YAMLError {
            throw YAMLErrors([error])
        } catch let errors as YAMLErrors {
            throw errors
        } catch {
            throw YAMLErrors([YAMLError(file: file, line: nil, column: nil, problem: .unreadable("\(error)"))])
        }
        var reader = Reader(file: file)
        let mapping = reader.read(root)
        if let mapping, reader.errors.isEmpty { return mapping }
        throw YAMLErrors(reader.errors.errors)
    }

    /// Reads `path` from disk; an unreadable file is an error naming it.
    public static func load(path: String) throws(YAMLErrors) -> ControllerMapping {
        try parse(YAMLFile.text(of: URL(fileURLWithPath: path), kind: .mapping), file: path)
    }
}

/// One reading pass: collects every error and remembers which control already does what.
private struct Reader {
    let file: String
    var errors = YAMLErrorCollector()
    /// Every control assigned so far, with what it does and where, to refuse a second job.
    var assigned: [(trigger: ControlTrigger, job: String, line: Int)] = []

    /// Answers only count in Hear & Compare and commits only in Tune & Match, so one control may do
    /// both (any key answers, and commits while tuning); every other pair of jobs clashes.
    static func clash(_ a: String, _ b: String) -> Bool {
        let scopes = [a, b].map { $0.hasPrefix("answers.") ? "comparison" : $0 == "tuning.commit" ? "matching" : "always" }
        return scopes[0] == "always" || scopes[1] == "always" || scopes[0] == scopes[1]
    }
    var defaultChannel: UInt8?
    var syntax: Syntax { Syntax(defaultChannel: defaultChannel) }

    init(file: String) { self.file = file }

    mutating func read(_ root: YAMLNode) -> ControllerMapping? {
        guard let top = errors.collect({ try root.mapping() }) else { return nil }
        errors.add(contentsOf: top.unknownKeys(allowed: MappingFile.topLevelKeys))
        let name = errors.collect { try top.required("name").string() }
        let match = errors.collect { () throws(YAMLError) -> [NamePattern] in
            let matchNode = try top.required("match")
            let patterns = try matchNode.listOrSingle().map { (node) throws(YAMLError) -> NamePattern in
                let text = try node.string()
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw node.error(.mappingEmptyPattern) }
                return NamePattern(text)
            }
            guard !patterns.isEmpty else { throw matchNode.error(.mappingNoPattern) }
            return patterns
        }
        if let channelNode = top.optional("channel") {
            defaultChannel = errors.collect { try Syntax(defaultChannel: nil).channel(channelNode) } ?? nil
        }
        var mapping = ControllerMapping(name: name ?? "?", file: file,
                                        match: (match ?? []).allSatisfy { $0.text == "*" } ? [] : match ?? [])
        if let tuningNode = top.optional("tuning") { readTuning(tuningNode, into: &mapping) }
        if let answers = top.optional("answers"), let map = errors.collect({ try answers.mapping() }) { // not a text: mapping file key
            errors.add(contentsOf: map.unknownKeys(allowed: ["higher", "lower"])) // not a text: mapping file keys
            if let node = map.optional("higher") { mapping.higher = triggers(node, job: "answers.higher") } // not a text: mapping file keys
            if let node = map.optional("lower") { mapping.lower = triggers(node, job: "answers.lower") } // not a text: mapping file keys
        }
        if let modes = top.optional("modes"), let map = errors.collect({ try modes.mapping() }) {
            errors.add(contentsOf: map.unknownKeys(allowed: TrainingMode.allCases.map(\.rawValue)))
            for mode in TrainingMode.allCases {
                if let node = map.optional(mode.rawValue) { mapping.modes[mode] = triggers(node, job: "modes.\(mode.rawValue)") }
            }
        }
        if let stop = top.optional("stop") { mapping.stop = triggers(stop, job: "stop") }
        if let report = top.optional("report") { mapping.report = triggers(report, job: "report") }
        if let chords = top.optional("chords") { mapping.chords = readChords(chords) }
        if let feedback = top.optional("feedback") { mapping.feedback = readFeedback(feedback) }
        checkTuningControlIsFree(mapping, node: top.optional("tuning"))
        return mapping
    }

    mutating func readTuning(_ node: YAMLNode, into mapping: inout ControllerMapping) {
        guard let map = errors.collect({ try node.mapping() }) else { return }
        errors.add(contentsOf: map.unknownKeys(allowed: MappingFile.tuningKeys))
        var wheel = WheelSettings()
        if let zone = map.optional("neutral-zone"), let value = errors.collect({ try zone.double(in: 0...0.3) }) { wheel.neutralZone = value }
        if let release = map.optional("release-ms"), let value = errors.collect({ try release.int(in: 10...500) }) {
            wheel.releaseSeconds = Double(value) / 1000
        }
        if let flick = map.optional("flick-threshold"), let value = errors.collect({ try flick.double(in: 0.1...1) }) {
            wheel.flickThreshold = value
        }
        if wheel.flickThreshold <= wheel.neutralZone, let node = map.optional("flick-threshold") {
            errors.add(node.error(.mappingFlickWithinNeutralZone, "\(wheel.neutralZone)"))
        }
        mapping.wheel = wheel
        if let spoken = map.optional("spoken") { mapping.tuningSpoken = errors.collect { try Syntax.spoken(spoken) } }
        if let control = map.optional("control") {
            let syntax = self.syntax, defaultChannel = self.defaultChannel
            mapping.tuning = errors.collect { () throws(YAMLError) -> TuningControl in
                if case .scalar = control.node {
                    guard try control.string() == "pitch-wheel" else {
                        throw control.error(.mappingTuningControl, .found(control.found))
                    }
                    return .pitchWheel(channel: defaultChannel)
                }
                let controlMap = try control.mapping()
                if let unknown = controlMap.unknownKeys(allowed: ["cc", "channel"]).first { throw unknown }
                let number = try controlMap.required("cc").int(in: 0...127)
                let channel = try controlMap.optional("channel").map { (node) throws(YAMLError) in try syntax.channel(node) } ?? defaultChannel
                return .controlChange(controller: UInt8(number), channel: channel)
            } ?? mapping.tuning
        }
        if let commit = map.optional("commit") { mapping.commit = triggers(commit, job: "tuning.commit") }
        if case .controlChange = mapping.tuning, mapping.commit.isEmpty {
            errors.add(node.error(.mappingFaderNeedsCommit))
        }
    }

    /// The tuning fader must not also be a button.
    mutating func checkTuningControlIsFree(_ mapping: ControllerMapping, node: YAMLNode?) {
        guard case let .controlChange(number, channel) = mapping.tuning, let node else { return }
        let asTrigger = ControlTrigger(.controlChange(number), channel: channel)
        for other in assigned where other.trigger.overlaps(asTrigger) {
            errors.add(node.error(.mappingTuningControlTaken, "\(number)", .plain(other.job), "\(other.line)"))
        }
    }

    mutating func triggers(_ node: YAMLNode, job: String) -> [ControlTrigger] {
        let syntax = self.syntax
        return node.listOrSingle().compactMap { item in
            guard let trigger = errors.collect({ try syntax.trigger(item) }) else { return nil }
            // A flick is the wheel's answer in Hear & Compare; in Tune & Match the same push tunes the
            // note, where it must not also stop, report, switch the mode or commit.
            if case .wheelFlick = trigger.source, !job.hasPrefix("answers.") {
                errors.add(item.error(.mappingFlickOnlyAnswers, trigger.phrase, .plain(job)))
                return nil
            }
            if let clash = assigned.first(where: { $0.trigger.overlaps(trigger) && Self.clash($0.job, job) }) {
                errors.add(item.error(.mappingControlTaken, trigger.phrase, .plain(clash.job), "\(clash.line)"))
                return nil
            }
            assigned.append((trigger, job, item.line))
            return trigger
        }
    }

    /// `chords`: how many keys make a chord, how close together, and what the lowest key's note names.
    mutating func readChords(_ node: YAMLNode) -> ChordGesture? {
        guard let map = errors.collect({ try node.mapping() }) else { return nil }
        errors.add(contentsOf: map.unknownKeys(allowed: MappingFile.chordKeys))
        var gesture = ChordGesture()
        if let keys = map.optional("keys"), let value = errors.collect({ try keys.int(in: 3...10) }) { gesture.minimumKeys = value }
        if let window = map.optional("within-ms"), let value = errors.collect({ try window.int(in: 20...300) }) {
            gesture.window = Double(value) / 1000
        }
        let jobs: [(String, ControllerAction)] = TrainingMode.allCases.map { ($0.rawValue, .start($0)) } + [("stop", .stop), ("report", .report)]
        var lines: [Int: (job: String, line: Int)] = [:]
        for (job, action) in jobs {
            guard let item = map.optional(job), let text = errors.collect({ try item.string() }) else { continue }
            guard let note = MIDINote(name: text + "4"), !text.contains(where: \.isNumber) else {
                errors.add(item.error(.mappingNotANoteLetter, .plain(text)))
                continue
            }
            let pitchClass = note.rawValue % 12
            if let other = lines[pitchClass] {
                errors.add(item.error(.mappingChordTaken, .plain(text), .plain(other.job), "\(other.line)"))
                continue
            }
            lines[pitchClass] = (job, item.line)
            gesture.actions[pitchClass] = action
        }
        return gesture
    }

    mutating func readFeedback(_ node: YAMLNode) -> FeedbackOutputs? {
        guard let map = errors.collect({ try node.mapping() }) else { return nil }
        errors.add(contentsOf: map.unknownKeys(allowed: MappingFile.feedbackKeys))
        var outputs = FeedbackOutputs()
        if let port = map.optional("port"), let text = errors.collect({ try port.string() }) { outputs.port = NamePattern(text) }
        if let clear = map.optional("clear") { outputs.clear = messages(clear) }
        for kind in AnswerResult.allCases {
            if let list = map.optional(kind.rawValue) { outputs.messages[kind] = messages(list) }
        }
        return outputs
    }

    mutating func messages(_ node: YAMLNode) -> [MIDIMessage] {
        let syntax = self.syntax
        return node.listOrSingle().compactMap { item in errors.collect { try syntax.message(item) } }
    }

}

/// The small forms inside a mapping file: controls, notes, channels, messages.
private struct Syntax {
    /// The file's `channel`, for controls and messages that name none.
    let defaultChannel: UInt8?

    func trigger(_ node: YAMLNode) throws(YAMLError) -> ControlTrigger {
        let forms = YAMLPhrase.phrase(.mappingControlForms, [])
        if case .scalar = node.node {
            switch try node.string() {
            case "wheel-up": return ControlTrigger(.wheelFlick(up: true))
            case "wheel-down": return ControlTrigger(.wheelFlick(up: false))
            default: throw node.error(.mappingUnknownControl, .found(node.found), forms)
            }
        }
        let map = try node.mapping()
        if let unknown = map.unknownKeys(allowed: MappingFile.controlKeys).first { throw unknown }
        let kinds = map.keys.filter { $0 != "channel" && $0 != "spoken" }
        guard kinds.count == 1, let kind = kinds.first else {
            let found = kinds.map { YAMLPhrase.plain($0) }.reduce(nil) { (sum: YAMLPhrase?, kind) in sum.map { .phrase(.mappingKindsAnd, [$0, kind]) } ?? kind }
            throw found.map { node.error(.mappingOneControl, forms, $0) } ?? node.error(.mappingOneControlNone, forms)
        }
        let channel = try map.optional("channel").map { (node) throws(YAMLError) in try self.channel(node) } ?? defaultChannel
        let value = try map.required(kind)
        let spoken = try map.optional("spoken").map { (node) throws(YAMLError) in try Self.spoken(node) }
        var trigger = try self.trigger(kind, value, channel: channel)
        trigger.spoken = spoken
        return trigger
    }

    /// `spoken: {en: "the right pad", de: "das rechte Pad"}`: the control's name in the tour, in any
    /// of the languages.
    static func spoken(_ node: YAMLNode) throws(YAMLError) -> [Language: String] {
        let map = try node.mapping()
        if let unknown = map.unknownKeys(allowed: Language.allCases.map(\.rawValue)).first { throw unknown }
        var words: [Language: String] = [:]
        for language in Language.allCases {
            guard let item = map.optional(language.rawValue) else { continue }
            let text = try item.string().trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw item.error(.mappingEmptySpoken) }
            words[language] = text
        }
        return words
    }

    private func trigger(_ kind: String, _ value: YAMLNode, channel: UInt8?) throws(YAMLError) -> ControlTrigger {
        switch kind {
        case "note":
            let note = try self.note(value)
            return ControlTrigger(.notes(note...note), channel: channel)
        case "notes":
            let text = try value.string()
            let parts = text.components(separatedBy: "..")
            guard parts.count == 2 else { throw value.error(.mappingNoteRange, .plain(text)) }
            let low = try note(parts[0], at: value), high = try note(parts[1], at: value)
            guard low <= high else { throw value.error(.mappingRangeDownwards, .plain(text)) }
            return ControlTrigger(.notes(low...high), channel: channel)
        case "cc":
            return ControlTrigger(.controlChange(UInt8(try value.int(in: 0...127))), channel: channel)
        default:
            return ControlTrigger(.program(UInt8(try value.int(in: 0...127))), channel: channel)
        }
    }

    func note(_ node: YAMLNode) throws(YAMLError) -> UInt8 {
        try note(try node.string(), at: node)
    }

    func note(_ text: String, at node: YAMLNode) throws(YAMLError) -> UInt8 {
        if let number = Int(text.trimmingCharacters(in: .whitespaces)), !(0...127).contains(number) {
            throw node.error(.mappingNoteOutOfRange, "\(number)")
        }
        guard let note = MIDINote(name: text) else {
            throw node.error(.mappingNotANote, .plain(text))
        }
        return UInt8(note.rawValue)
    }

    /// 1…16 in the file, 0…15 inside; `any` for every channel.
    func channel(_ node: YAMLNode) throws(YAMLError) -> UInt8? {
        if case .scalar = node.node, (try? node.string()) == "any" { return nil }
        return UInt8(try node.int(in: 1...16) - 1)
    }


    func message(_ node: YAMLNode) throws(YAMLError) -> MIDIMessage {
        let map = try node.mapping()
        if let unknown = map.unknownKeys(allowed: MappingFile.messageKeys).first { throw unknown }
        let kinds = map.keys.filter { ["note-on", "note-off", "cc", "program"].contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw node.error(.mappingOneMessage)
        }
        let channel = try map.optional("channel").map { (node) throws(YAMLError) in try self.channel(node) } ?? defaultChannel ?? 0
        guard let channel else { throw node.error(.mappingMessageChannel) }
        func byte(_ key: String, default fallback: Int? = nil) throws(YAMLError) -> UInt8 {
            if let value = map.optional(key) { return UInt8(try value.int(in: 0...127)) }
            if let fallback { return UInt8(fallback) }
            throw node.error(.mappingMessageNeeds, .plain(key))
        }
        let value = try map.required(kind)
        if ["note-on", "note-off"].contains(kind), map.optional("value") != nil { throw node.error(.mappingNoteVelocity) }
        if ["cc", "program"].contains(kind), map.optional("velocity") != nil { throw node.error(.mappingNoVelocity, .plain(kind)) }
        switch kind {
        case "note-on": return .noteOn(channel: channel, note: try note(value), velocity: try byte("velocity", default: 127))
        case "note-off": return .noteOff(channel: channel, note: try note(value), velocity: try byte("velocity", default: 0))
        case "cc": return .controlChange(channel: channel, controller: UInt8(try value.int(in: 0...127)), value: try byte("value"))
        default: return .programChange(channel: channel, program: UInt8(try value.int(in: 0...127)))
        }
    }
}
