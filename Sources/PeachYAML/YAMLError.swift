/// A problem in a YAML file, with where it is: printed as `FILE:LINE:COLUMN: message` (the
/// compiler's convention, which editors and terminals turn into links).
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it (or a label such as `<stdin>`).
    public var file: String
    /// 1-based; nil when the problem concerns the whole file (it is empty, unreadable).
    public var line: Int?
    /// 1-based, counted in Unicode scalars.
    public var column: Int?
    /// What is wrong, phrased for the person editing the file.
    public var message: String

    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        switch (line, column) {
        case let (line?, column?): "\(file):\(line):\(column): \(message)"
        case let (line?, nil): "\(file):\(line): \(message)"
        default: "\(file): \(message)"
        }
    }
}

/// Every problem found in one file, in file order. Readers that validate a whole document collect
/// all problems instead of stopping at the first, so one run of a checker shows everything to fix.
public struct YAMLErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [YAMLError]

    public init(_ errors: [YAMLError]) {
        self.errors = errors.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
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
            errors.append(YAMLError(file: "?", line: nil, column: nil, message: "\(error)"))
        }
        return nil
    }

    /// Throws everything collected (sorted by position), or returns if nothing went wrong.
    public func throwIfAny() throws(YAMLErrors) {
        if !errors.isEmpty { throw YAMLErrors(errors) }
    }
}
