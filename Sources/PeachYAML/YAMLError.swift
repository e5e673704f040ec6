import PeachText

/// A problem in a YAML file, with where it is: printed as `FILE:LINE:COLUMN: message` (the
/// compiler's convention, which editors and terminals turn into links). What is wrong is a
/// `YAMLProblem`, said in a language by `text(_:)`; `description` says it in English.
public struct YAMLError: DescribedError, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it (or a label such as `<stdin>`).
    public var file: String
    /// 1-based; nil when the problem concerns the whole file (it is empty, unreadable).
    public var line: Int?
    /// 1-based, counted in Unicode scalars.
    public var column: Int?
    /// The node the problem is about (`tuning.commit`, `modes[2]`), said before it; empty for none.
    public var path: String
    public var problem: YAMLProblem

    public init(file: String, line: Int?, column: Int?, path: String = "", problem: YAMLProblem) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.problem = problem
    }

    /// A problem a reader has said itself (in the language it was given).
    public init(file: String, line: Int?, column: Int?, message: String) {
        self.init(file: file, line: line, column: column, problem: .said(message))
    }

    /// What is wrong, in `texts`' language, after the node's path when there is one.
    public func message(_ texts: Texts) -> String {
        path.isEmpty ? problem.text(texts) : "\(path): \(problem.text(texts))"
    }

    /// What is wrong, in English.
    public var message: String { message(.english) }

    /// `FILE:LINE:COLUMN: message` in `texts`' language.
    public func text(_ texts: Texts) -> String {
        switch (line, column) {
        case let (line?, column?): "\(file):\(line):\(column): \(message(texts))"
        case let (line?, nil): "\(file):\(line): \(message(texts))"
        default: "\(file): \(message(texts))"
        }
    }

    public var description: String { text(.english) }
}

/// Every problem found in one file, in file order. Readers that validate a whole document collect
/// all problems instead of stopping at the first, so one run of a checker shows everything to fix.
public struct YAMLErrors: DescribedError, Sendable, CustomStringConvertible {
    public var errors: [YAMLError]

    public init(_ errors: [YAMLError]) {
        self.errors = errors.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    /// One line per problem, in `texts`' language.
    public func text(_ texts: Texts) -> String { errors.map { $0.text(texts) }.joined(separator: "\n") }

    public var description: String { text(.english) }
}

/// Collects problems while a document is read, so that one bad entry does not hide the next.
public struct YAMLErrorCollector: Sendable {
    public private(set) var errors: [YAMLError] = []

    public init() {}

    public var isEmpty: Bool { errors.isEmpty }

    public mutating func add(_ error: YAMLError) { errors.append(error) }

    public mutating func add(contentsOf errors: [YAMLError]) { self.errors.append(contentsOf: errors) }

    /// Runs `body`; a `YAMLError` (or `YAMLErrors`) it throws is recorded and nil returned.
    public mutating func collect<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as YAMLError {
            errors.append(error)
        } catch let many as YAMLErrors {
            errors.append(contentsOf: many.errors)
        } catch {
            errors.append(YAMLError(file: "?", line: nil, column: nil, problem: .said("\(error)")))
        }
        return nil
    }

    /// Throws everything collected (sorted by position), or returns if nothing went wrong.
    public func throwIfAny() throws(YAMLErrors) {
        if !errors.isEmpty { throw YAMLErrors(errors) }
    }
}
