/// Why a file could not be imported: every problem found, in line order. An import with a problem
/// imports nothing.
public struct CSVImportError: Error, CustomStringConvertible, Sendable {
    public let problems: [CSVProblem]

    public init(problems: [CSVProblem]) {
        self.problems = problems
    }

    /// One line per problem, `line N: reason`.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
