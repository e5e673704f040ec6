import PeachText

/// What is wrong in a YAML file, as a case and its values; `text(_:)` says it in a language
/// through the tables (`yaml…` keys). The file, line and column are the `YAMLError`'s.
public enum YAMLProblem: Hashable, Sendable {
    /// A reader's own text about the file's contents, already in the language it was given.
    case said(String)
    /// A reader's own problem, by its key in the tables (of the reader's layer) and its parts.
    case phrase(AnyTextKey, [YAMLPhrase])
    /// libyaml's words for a syntax error (English: they are libyaml's), and what it was reading.
    case syntax(String, while: String?, atLine: Int?)
    case duplicatedKeys([String])
    case notText(String, atByte: Int?)
    /// Any other error Yams gives, as it describes it.
    case unreadable(String)
    case noSuchFile(YAMLFileKind)
    case isDirectory(YAMLFileKind)
    /// A device, a pipe or a socket: reading it would block or give nothing a file has.
    case notRegularFile(YAMLFileKind)
    /// The system's error number when reading failed.
    case cannotRead(YAMLFileKind, code: Int32)
    case notUTF8(YAMLFileKind)
    case missingKey(String)
    case unknownKey(String, suggestion: String?, allowed: [String])
    case expected(YAMLShape, found: YAMLFound)
    /// A number outside the range the key allows, each as the file writes numbers.
    case outOfRange(String, lower: String, upper: String)
    case unknownValue(String, allowed: [String])

    public func text(_ texts: Texts) -> String {
        switch self {
        case .said(let text): text
        case .phrase(let key, let parts): YAMLPhrase.phrase(key, parts).text(texts)
        case .syntax(let problem, let context?, let line?):
            texts.text(.yamlSyntaxWhile, LibYAMLWords.text(problem, texts), LibYAMLWords.text(context, texts), "\(line)")
        case .syntax(let problem, _, _): texts.text(.yamlSyntax, LibYAMLWords.text(problem, texts))
        case .duplicatedKeys(let keys): texts.text(.yamlDuplicatedKeys, keys.map { "`\($0)`" }.joined(separator: ", "))
        case .notText(let problem, let byte?): texts.text(.yamlNotTextAtByte, problem, "\(byte)")
        case .notText(let problem, nil): texts.text(.yamlNotText, problem)
        case .unreadable(let description): texts.text(.yamlUnreadable, description)
        case .noSuchFile(let kind): texts.text(.yamlNoSuchFile, kind.name(texts))
        case .isDirectory(let kind): texts.text(.yamlIsDirectory, kind.name(texts))
        case .notRegularFile(let kind): texts.text(.yamlNotRegularFile, kind.name(texts))
        case .cannotRead(let kind, let code): texts.text(.yamlCannotRead, kind.name(texts), SystemWords.text(code: code, texts))
        case .notUTF8(let kind): texts.text(.yamlNotUTF8, kind.name(texts))
        case .missingKey(let key): texts.text(.yamlMissingKey, key)
        case .unknownKey(let key, let hint?, _): texts.text(.yamlUnknownKeyHint, key, hint)
        case .unknownKey(let key, nil, let allowed): texts.text(.yamlUnknownKey, key, allowed.joined(separator: ", "))
        case .expected(let shape, let found): texts.text(.yamlExpected, shape.name(texts), found.name(texts))
        case .outOfRange(let value, let lower, let upper): texts.text(.yamlOutOfRange, value, lower, upper)
        case .unknownValue(let value, let allowed): texts.text(.yamlUnknownValue, value, allowed.joined(separator: ", "))
        }
    }
}

/// Which file a problem reading it concerns.
public enum YAMLFileKind: Hashable, Sendable {
    case configuration, listener, mapping

    func name(_ texts: Texts) -> String {
        switch self {
        case .configuration: texts.text(.yamlConfigurationFile)
        case .listener: texts.text(.yamlListenerFile)
        case .mapping: texts.text(.yamlMappingFile)
        }
    }
}

/// What a key's value must be.
public enum YAMLShape: Hashable, Sendable {
    case mapping, list, text, wholeNumber, number, trueOrFalse

    func name(_ texts: Texts) -> String {
        switch self {
        case .mapping: texts.text(.yamlShapeMapping)
        case .list: texts.text(.yamlShapeList)
        case .text: texts.text(.yamlShapeText)
        case .wholeNumber: texts.text(.yamlShapeWholeNumber)
        case .number: texts.text(.yamlShapeNumber)
        case .trueOrFalse: texts.text(.yamlShapeTrueOrFalse)
        }
    }
}

/// What a node is, for a problem that says what was found instead.
public enum YAMLFound: Hashable, Sendable {
    case mapping, list, alias, nothing
    /// A scalar, as written.
    case value(String)
    /// A scalar in quotes: text, even when it reads like a number or true/false.
    case quoted(String)

    public func name(_ texts: Texts) -> String {
        switch self {
        case .mapping: texts.text(.yamlFoundMapping)
        case .list: texts.text(.yamlFoundList)
        case .alias: texts.text(.yamlFoundAlias)
        case .nothing: texts.text(.yamlFoundNothing)
        case .value(let text): "`\(text)`"
        case .quoted(let text): texts.text(.yamlFoundQuoted, text)
        }
    }
}
