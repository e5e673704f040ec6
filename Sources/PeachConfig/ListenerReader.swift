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
///     timing: {early: 12, late: 9}            # optional: Compare Timing, ms judged right 75 % of the time
///     tapping: {bias: -6, spread: 10, miss: 0.05, positions: {beat: -3, e: -9}}   # optional: Fill the Gap, ms
public enum ListenerReader {
    static let keys = ["psychometric", "slope", "lapse", "thresholds", "interval-factor", "learning", "matching",
                       "timing", "tapping"]
    /// A Compare Timing threshold, in milliseconds: from a frame to more than a sixteenth at the slowest tempo.
    static let timingRange: ClosedRange<Double> = 0.01...500
    /// A tap's bias, in milliseconds (a gap's window is ± half a sixteenth, at most ±94 ms at 40 BPM).
    static let tapBiasRange: ClosedRange<Double> = -100...100

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
        let timing = errors.collect { try map.optional("timing").map(Self.timing) } ?? nil
        let tapping = errors.collect { try map.optional("tapping").map { try Self.tapping($0, texts) } } ?? nil
        try errors.throwIfAny()
        var listener = SimulatedListener(shape: shape ?? .weibull, slope: slope ?? 2.5, lapse: lapse ?? 0.02,
                                         thresholds: thresholds ?? [], intervalFactor: factor ?? 1, learning: learning,
                                         matching: matching ?? SimulatedListener.Matching(bias: 0, spread: 10))
        // What the file leaves out keeps the default listener's value.
        if let timing {
            listener.timing = SimulatedListener.Timing(early: timing.early ?? listener.timing.early,
                                                       late: timing.late ?? listener.timing.late)
        }
        if let tapping {
            let standard = listener.tapping
            listener.tapping = SimulatedListener.Tapping(bias: tapping.bias ?? standard.bias,
                                                         spread: tapping.spread ?? standard.spread,
                                                         miss: tapping.miss ?? standard.miss, positions: tapping.positions)
        }
        return listener
    }

    private static func timing(_ node: YAMLNode) throws -> (early: Double?, late: Double?) {
        let map = try node.mapping()
        var errors = YAMLErrorCollector()
        // The keys are the directions' names.
        errors.add(contentsOf: map.unknownKeys(allowed: TimingDirection.allCases.map(\.rawValue)))
        let early = errors.collect { try map.optional(TimingDirection.early.rawValue)?.double(in: timingRange) } ?? nil
        let late = errors.collect { try map.optional(TimingDirection.late.rawValue)?.double(in: timingRange) } ?? nil
        try errors.throwIfAny()
        return (early, late)
    }

    /// Every wrong value is reported, each at its place.
    private static func tapping(_ node: YAMLNode, _ texts: Texts) throws
        -> (bias: Double?, spread: Double?, miss: Double?, positions: [GapPosition: Double]) {
        let map = try node.mapping()
        var errors = YAMLErrorCollector()
        errors.add(contentsOf: map.unknownKeys(allowed: ["bias", "spread", "miss", "positions"]))
        let bias = errors.collect { try map.optional("bias")?.double(in: tapBiasRange) } ?? nil
        let spread = errors.collect { try map.optional("spread")?.double(in: 0...100) } ?? nil
        let miss = errors.collect { try map.optional("miss")?.double(in: 0...1) } ?? nil
        var positions: [GapPosition: Double] = [:]
        if let node = map.optional("positions"), let entries = errors.collect({ try node.mapping() }) {
            for entry in entries.entries {
                _ = errors.collect {
                    guard let position = GapPosition(name: entry.key) else {
                        throw entry.keyNode.error(texts.text(.configErrorNotAGapPosition, entry.key))
                    }
                    positions[position] = try entry.value.double(in: tapBiasRange)
                }
            }
        }
        try errors.throwIfAny()
        return (bias, spread, miss, positions)
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
