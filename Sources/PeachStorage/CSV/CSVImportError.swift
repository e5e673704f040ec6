import PeachText

/// Why a file could not be imported: every problem found, in line order. An import with a problem
/// imports nothing.
public struct CSVImportError: DescribedError, CustomStringConvertible, Sendable {
    public let problems: [CSVProblem]

    public init(problems: [CSVProblem]) {
        self.problems = problems
    }

    /// One line per problem, `line N: reason`, in `texts`' language.
    public func text(_ texts: Texts) -> String {
        problems.map { $0.text(texts) }.joined(separator: "\n")
    }

    public var description: String { text(.english) }
}
