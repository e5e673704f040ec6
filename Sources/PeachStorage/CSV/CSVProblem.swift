import PeachText

/// One thing wrong with an imported file: the physical line where the bad record starts (0 for the
/// file as a whole) and what is wrong, naming the offending value.
public struct CSVProblem: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: CSVReason

    public init(line: Int, reason: CSVReason) {
        self.line = line
        self.reason = reason
    }

    /// `line 7: referenceNote "130" is not a MIDI note (0–127)` in `texts`' language.
    /// A problem of the whole file (line 0: it is empty) has no line to name.
    public func text(_ texts: Texts) -> String {
        line > 0 ? texts.text(.csvLine, "\(line)", reason.text(texts)) : reason.text(texts)
    }

    public var description: String { text(.english) }
}
