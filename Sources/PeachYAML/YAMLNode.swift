import Yams

/// One node of a YAML document together with where it is, so that anything wrong with its value —
/// a wrong type, a number out of range, an unknown name — is reported as `FILE:LINE:COLUMN: reason`.
///
/// Reading goes top-down: `YAMLNode.parse` the text, take `.mapping()`, look keys up and convert
/// their values with the typed accessors; each accessor throws a `YAMLError` pointing at the node.
/// `path` (`answers.higher[1]`) names the node in messages.
public struct YAMLNode: @unchecked Sendable {
    // @unchecked: Yams.Node holds an optional weak Anchor reference that a parsed node never
    // mutates; a YAMLNode is only read.
    public let node: Node
    public let file: String
    /// Where the node sits in the document, e.g. `tuning.commit` or `modes[2]`; empty for the root.
    public let path: String

    public init(node: Node, file: String, path: String = "") {
        self.node = node
        self.file = file
        self.path = path
    }

    /// Parses the first document of `text`. A syntax error (bad indentation, an unclosed quote, a
    /// duplicated key) becomes a `YAMLError` with libyaml's position. Returns nil for an empty
    /// document (only comments or blank lines).
    public static func parse(_ text: String, file: String) throws(YAMLError) -> YAMLNode? {
        do {
            // The basic resolver: no tag is resolved by pattern (the accessors below read the text
            // themselves), so reading a file compiles no regular expression and touches no ICU data.
            guard let node = try Yams.compose(yaml: text, .basic) else { return nil }
            return YAMLNode(node: node, file: file)
        } catch let error as YamlError {
            throw YAMLError(file: file, error)
        } catch {
            throw YAMLError(file: file, line: nil, column: nil, problem: .unreadable("\(error)"))
        }
    }

    /// 1-based line of the node's first character (0 if Yams gave no mark, e.g. a node built in code).
    public var line: Int { node.mark?.line ?? 0 }
    public var column: Int { node.mark?.column ?? 0 }

    /// An error located at this node, said after the node's path when it has one.
    public func error(_ problem: YAMLProblem) -> YAMLError {
        YAMLError(file: file, line: node.mark?.line, column: node.mark?.column, path: path, problem: problem)
    }

    /// An error located at this node in the reader's own words (already in its language).
    public func error(_ message: String) -> YAMLError {
        error(.said(message))
    }

    /// What the node is, for problems that say what was found: a mapping, a list, `abc`.
    public var found: YAMLFound {
        switch node {
        case .mapping: .mapping
        case .sequence: .list
        case .alias: .alias
        case let .scalar(scalar) where scalar.style == .singleQuoted || scalar.style == .doubleQuoted:
            .quoted(scalar.string)
        case let .scalar(scalar): scalar.string.isEmpty ? .nothing : .value(scalar.string)
        }
    }

    /// True for an explicit or implicit null (`~`, `null`, an empty value).
    public var isNull: Bool {
        guard case let .scalar(scalar) = node else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    // MARK: Structure

    public func mapping() throws(YAMLError) -> YAMLMapping {
        guard case let .mapping(mapping) = node else { throw error(.expected(.mapping, found: found)) }
        var entries: [YAMLMapping.Entry] = []
        for (key, value) in mapping {
            let keyText = key.string ?? ""
            let child = path.isEmpty ? keyText : "\(path).\(keyText)"
            entries.append(YAMLMapping.Entry(key: keyText,
                                             keyNode: YAMLNode(node: key, file: file, path: child),
                                             value: YAMLNode(node: value, file: file, path: child)))
        }
        return YAMLMapping(node: self, entries: entries)
    }

    /// The items of a list.
    public func sequence() throws(YAMLError) -> [YAMLNode] {
        guard case let .sequence(sequence) = node else { throw error(.expected(.list, found: found)) }
        return sequence.enumerated().map { YAMLNode(node: $1, file: file, path: "\(path)[\($0)]") }
    }

    /// A list's items, or this node alone: for keys that accept `x` as well as `[x, y]`.
    public func listOrSingle() -> [YAMLNode] {
        if case .sequence = node, let items = try? sequence() { return items }
        return [self]
    }

    // MARK: Scalars

    public func string() throws(YAMLError) -> String {
        guard case let .scalar(scalar) = node, !isNull else { throw error(.expected(.text, found: found)) }
        return scalar.string
    }

    public func int(in range: ClosedRange<Int>? = nil) throws(YAMLError) -> Int {
        guard case let .scalar(scalar) = node, let value = Int.construct(from: scalar) else {
            throw error(.expected(.wholeNumber, found: found))
        }
        if let range, !range.contains(value) {
            throw error(.outOfRange("\(value)", lower: "\(range.lowerBound)", upper: "\(range.upperBound)"))
        }
        return value
    }

    public func double(in range: ClosedRange<Double>? = nil) throws(YAMLError) -> Double {
        guard case let .scalar(scalar) = node, let value = Double.construct(from: scalar), value.isFinite else {
            throw error(.expected(.number, found: found))
        }
        if let range, !range.contains(value) {
            throw error(.outOfRange("\(value)", lower: range.lowerBound.formatted, upper: range.upperBound.formatted))
        }
        return value
    }

    public func bool() throws(YAMLError) -> Bool {
        guard case let .scalar(scalar) = node, scalar.style == .plain || scalar.style == .any,
              let value = Self.booleans[scalar.string] else {
            throw error(.expected(.trueOrFalse, found: found))
        }
        return value
    }

    /// YAML 1.1's booleans, the words Yams's default resolver takes as true or false (a quoted word is text).
    private static let booleans: [String: Bool] = [  // not a text: YAML's words, read in every language
        "yes": true, "Yes": true, "YES": true, "true": true, "True": true, "TRUE": true, "on": true, "On": true, "ON": true,
        "no": false, "No": false, "NO": false, "false": false, "False": false, "FALSE": false,
        "off": false, "Off": false, "OFF": false,
    ]

    /// One of an enumeration's raw names; the message lists the accepted names.
    public func oneOf<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws(YAMLError) -> Choice
    where Choice.RawValue == String {
        let text = try string()
        guard let choice = Choice(rawValue: text) else {
            throw error(.unknownValue(text, allowed: Choice.allCases.map(\.rawValue)))
        }
        return choice
    }
}

extension YAMLError {
    /// Where block mapping key `key`, first at `first` (1-based line and column), is written again
    /// in the same mapping: a later line at the same indentation, before the mapping ends. Nil for
    /// anything else (a flow mapping, a quoted or complex key): the first occurrence is said then.
    static func repeated(key: String, after first: (line: Int, column: Int), in text: String) -> (line: Int, column: Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = first.column - 1
        guard first.line >= 1, first.line < lines.count else { return nil }
        for index in first.line..<lines.count {
            let line = lines[index]
            let spaces = line.prefix { $0 == " " }.count
            let content = line.dropFirst(spaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if spaces < indent { return nil }
            if spaces == indent, content.hasPrefix(key),
               content.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":") {
                return (index + 1, first.column)
            }
        }
        return nil
    }
}

private extension Double {
    var formatted: String { rounded() == self ? String(Int(self)) : String(self) }
}

extension YAMLError {
    /// Yams' syntax errors, with their libyaml positions (already 1-based).
    init(file: String, _ error: YamlError) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            self.init(file: file, line: mark.line, column: mark.column,
                      problem: .syntax(problem, while: context?.text, atLine: context?.mark.line))
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams marks the key's first occurrence; the mistake is the repeat.
            let (line, column) = duplicates.first.flatMap {
                Self.repeated(key: $0, after: (context.mark.line, context.mark.column), in: context.text)
            } ?? (context.mark.line, context.mark.column)
            self.init(file: file, line: line, column: column, problem: .duplicatedKeys(duplicates))
        case let .reader(problem, offset, _, _):
            self.init(file: file, line: nil, column: nil, problem: .notText(problem, atByte: offset))
        default:
            self.init(file: file, line: nil, column: nil, problem: .unreadable("\(error)"))
        }
    }
}
