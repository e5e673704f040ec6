import Foundation
import PeachDomain
import PeachText
import PeachYAML

/// Reads a simulated listener (`peach simulate --listener FILE`): every value checked, every problem
/// reported as FILE:LINE:COLUMN, and a file with any problem rejected whole.
///
///     psychometric: weibull        # weibull | gaussian | logistic
///     slope: 2.5
///     lapse: 0.02
///     thresholds: {C2: 20, C4: 5, C6: 20}
///     interval-factor: 2.0         # optional
///     learning: {trials: 2000, factor: 0.5}   # optional
///     matching: {bias: 2.0, spread: 6.0}      # optional
public enum ListenerReader {
    static let keys = ["psychometric", "slope", "lapse", "thresholds", "interval-factor", "learning", "matching"]

    public static func read(contentsOf url: URL, texts: Texts = .english) throws(YAMLErrors) -> SimulatedListener {
        // not a text: part of PeachYAML's message, which is English
        try read(try YAMLFile.text(of: url, kind: .listener), file: url.path, texts: texts)
    }

    public static func read(_ text: String, file: String, texts: Texts = .english) throws(YAMLErrors) -> SimulatedListener {
        var errors = YAMLErrorCollector()
        let root: YAMLNode?
        do {
            root = try YAMLNode.parse(text, file: file)
        } catch {
            throw YAMLErrors([error])
        }
        guard let root else {
            throw YAMLErrors([YAMLError(file: file, line: nil, column: nil, message: texts.text(.listenerErrorEmpty))])
        }
        guard let map = errors.collect({ try root.mapping() }) else { throw YAMLErrors(errors.errors) }
        errors.add(contentsOf: map.unknownKeys(allowed: keys))
        let shape = errors.collect { try map.optional("psychometric")?.oneOf(SimulatedListener.Shape.self) } ?? nil
        let slope = errors.collect { try map.optional("slope")?.double(in: 0.1...20) } ?? nil
        let lapse = errors.collect { try map.optional("lapse")?.double(in: 0...0.2) } ?? nil
        let factor = errors.collect { try map.optional("interval-factor")?.double(in: 0.05...20) } ?? nil
        let thresholds = errors.collect { try Self.thresholds(try map.required("thresholds"), texts) }
        let learning = errors.collect { try map.optional("learning").map(Self.learning) } ?? nil
        let matching = errors.collect { try map.optional("matching").map(Self.matching) } ?? nil
        try errors.throwIfAny()
        return SimulatedListener(shape: shape ?? .weibull, slope: slope ?? 2.5, lapse: lapse ?? 0.02,
                                 thresholds: thresholds ?? [], intervalFactor: factor ?? 1, learning: learning,
                                 matching: matching ?? SimulatedListener.Matching(bias: 0, spread: 10))
    }

    private static func thresholds(_ node: YAMLNode, _ texts: Texts) throws -> [(note: MIDINote, cents: Double)] {
        let map = try node.mapping()
        guard !map.entries.isEmpty else { throw node.error(texts.text(.listenerErrorNoThreshold)) }
        var seen: [Int: Int] = [:]
        var errors = YAMLErrorCollector()
        let points: [(note: MIDINote, cents: Double)] = map.entries.compactMap { entry in
            errors.collect {
                guard let note = MIDINote(name: entry.key) else {
                    throw entry.keyNode.error(texts.text(.listenerErrorNotANote, entry.key))
                }
                if let line = seen[note.rawValue] {
                    throw entry.keyNode.error(texts.text(.listenerErrorAlreadyGiven, note.name, "\(line)"))
                }
                seen[note.rawValue] = entry.keyNode.line
                return (note, try entry.value.double(in: 0.01...1200))
            }
        }
        try errors.throwIfAny()
        return points
    }

    private static func learning(_ node: YAMLNode) throws -> SimulatedListener.Learning {
        let map = try node.mapping()
        try map.rejectUnknownKeys(allowed: ["trials", "factor"])
        return SimulatedListener.Learning(trials: try map.required("trials").int(in: 1...10_000_000),
                                          factor: try map.required("factor").double(in: 0.01...100))
    }

    private static func matching(_ node: YAMLNode) throws -> SimulatedListener.Matching {
        let map = try node.mapping()
        try map.rejectUnknownKeys(allowed: ["bias", "spread"])
        return SimulatedListener.Matching(bias: try map.optional("bias")?.double(in: -100...100) ?? 0,
                                          spread: try map.optional("spread")?.double(in: 0...100) ?? 10)
    }
}
