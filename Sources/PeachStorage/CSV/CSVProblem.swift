/// One thing wrong with an imported file: the physical line where the bad record starts (0 for the
/// file as a whole) and what is wrong, naming the offending value.
public struct CSVProblem: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line 7: referenceNote "130" is not a MIDI note (0–127)`.
    public var description: String { "line \(line): \(reason)" }
}
