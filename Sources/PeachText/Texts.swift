import Foundation
import PeachDomain

/// The texts of one language: every sentence Peach writes or says comes from its table
/// (`Texts/en.json`, `Texts/de.json`), with its numbers formatted for the language.
///
/// `texts.text(.profileNoAnswersYet, mode)`, with a key of the layer that says it (`TextKeys`),
/// fills the placeholders `{1}`, `{2}`, … of the key's text with the arguments in order; a table may
/// put them in any order. `{1|answer|answers}` is the word for the count in argument 1: the first
/// form for exactly one, the second otherwise (English and German both count so). A key the
/// language's table lacks falls back to English, and a key no table has is shown as its name: a
/// missing table never stops Peach.
public struct Texts: Sendable {
    public let language: Language
    public let numbers: NumberFormat
    private let table: [String: String]

    /// The texts of `language` from the installed tables (read once per process).
    public init(_ language: Language) {
        self.init(language, tables: .installed)
    }

    public init(_ language: Language, tables: TextTables) {
        self.language = language
        numbers = NumberFormat(language)
        table = tables.merged(for: language)
    }

    /// English, the default where no language was chosen (tests, the in-process command parser).
    public static var english: Texts { Texts(.english) }

    /// The text of `key` with its placeholders filled in.
    public func text(_ key: TextKey, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }

    /// The text of a key of any layer: what each layer's `text(_:_:)` says its keys with.
    public func text(of key: some TextKeys, arguments: [any TextArgument]) -> String {
        text(raw: key.rawValue, arguments: arguments)
    }

    /// The text of a key an API of a lower layer holds for a layer above it (`AnyTextKey`).
    public func text(of key: AnyTextKey, arguments: [any TextArgument]) -> String {
        text(raw: key.rawValue, arguments: arguments)
    }

    private func text(raw key: String, arguments: [any TextArgument]) -> String {
        let template = table[key] ?? key
        guard !arguments.isEmpty, template.contains("{") else { return template }
        let values = arguments.map { $0.formatted(numbers) }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            let close = rest[afterOpen...].firstIndex(of: "}")
            let parts = close.map { rest[afterOpen..<$0].split(separator: "|", omittingEmptySubsequences: false) } ?? []
            if let close, let number = parts.first.flatMap({ Int($0) }), values.indices.contains(number - 1),
               parts.count == 1 || parts.count == 3 {
                if parts.count == 3 {
                    result += (arguments[number - 1] as? Int) == 1 ? parts[1] : parts[2]
                } else {
                    result += values[number - 1]
                }
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}
