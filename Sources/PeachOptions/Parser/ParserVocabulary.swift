import Foundation
import PeachText

/// swift-argument-parser's own words in the chosen language: the headings of a help screen, the help
/// of its `--help` and `--version` flags, its error messages and their `Error:`/`Usage:` lines.
///
/// The parser writes them in English only, from fixed phrases (its `HelpGenerator`,
/// `ErrorMessageGenerator` and `MessageInfo`). The English table holds each phrase exactly as the
/// parser writes it, `{n}` where it fills in a name or a value; a message is translated line by
/// line: a line the parser made from one of these phrases becomes the language's phrase with the
/// same parts. Anything else (Peach's own texts, names, values) stays as it is.
struct ParserVocabulary {
    let english: Texts
    let texts: Texts

    init(_ texts: Texts, english: Texts = .english) {
        self.texts = texts
        self.english = english
    }

    /// Whole lines (a phrase that ends in `{n}` takes the rest of the line).
    static let lines: [OptionsText] = [
        .parserOverview, .parserUsageHeading, .parserArgumentsHeading, .parserOptionsHeading, .parserSubcommandsHeading,
        .parserGroupHeading, .parserDetailedHelp, .parserMoreInformation, .parserHelpLine, .parserUsageLine,
        .parserMissingValueInComposite, .parserShellAutodetect, .parserShellChoose,
    ]

    /// Error messages: what follows `Error: `. The one with a suggestion before the one without.
    static let errors: [OptionsText] = [
        .parserMissingArgument, .parserMissingOneOf, .parserUnknownOptionSuggestion, .parserUnknownOption,
        .parserMissingValue, .parserTakesNoValue, .parserUnexpectedArgument, .parserUnexpectedArguments,
        .parserAlreadySet, .parserInvalidValueFor, .parserInvalidValue, .parserInvalidOption, .parserMissingSubcommand,
        .parserNotParent, .parserInternalUnimplemented, .parserInternalState, .parserShellUnsupported,
    ]

    /// Phrases inside a line: an option's values and default, the help flags' help, a placeholder.
    /// The longer of two phrases that start alike comes first.
    static let inline: [OptionsText] = [
        .parserSubcommandPlaceholder, .parserDefaultSubcommand, .parserValues, .parserDefaultAsFlag, .parserDefault,
        .parserValuesDefaultAsFlag, .parserValuesDefault, .parserHelpFlag, .parserVersionFlag, .parserHelpCommand,
    ]

    /// Every phrase this translates, for the tests.
    static var all: [OptionsText] {
        lines + [.parserError] + errors + inline + [.parserProvideOneOf, .parserProvideOneOfList, .parserAnd, .parserOr]
    }

    /// `message` (a help screen or an error the parser made) in the language.
    func translate(_ message: String) -> String {
        guard texts.language != english.language else { return message }
        return message.split(separator: "\n", omittingEmptySubsequences: false).map(translate(line:)).joined(separator: "\n")
    }

    func translate(line: Substring) -> String {
        if let parts = parts(of: line, .parserError) {
            return texts.text(.parserError, error(parts[0]))
        }
        for key in Self.lines {
            if let parts = parts(of: line, key) { return inline(texts.text(of: key, arguments: parts)) }
        }
        return inline(String(line))
    }

    /// An error message: one of the parser's, with a list of the accepted values after it when
    /// it has one; a message of Peach's own as it is.
    func error(_ message: String) -> String {
        for key in Self.errors {
            guard var parts = parts(of: message[...], key) else { continue }
            if key == .parserInvalidValueFor || key == .parserInvalidValue, let last = parts.indices.last {
                parts[last] = acceptedValues(parts[last])
            }
            return texts.text(of: key, arguments: parts)
        }
        return message
    }

    /// ". Please provide one of 'a', 'b' or 'c'." and the longer list's heading.
    func acceptedValues(_ text: String) -> String {
        if let parts = parts(of: text[...], .parserProvideOneOf) {
            let list = parts[0].replacing(english.text(.parserAnd), with: texts.text(.parserAnd))
                .replacing(english.text(.parserOr), with: texts.text(.parserOr))
            return texts.text(.parserProvideOneOf, list)
        }
        return text.replacing(english.text(.parserProvideOneOfList), with: texts.text(.parserProvideOneOfList))
    }

    func inline(_ line: String) -> String {
        Self.inline.reduce(localizedDefaults(line)) { line, key in line.replacing(english.text(key), with: texts.text(key)) }
    }

    /// A default that is a decimal number as the language writes it (`(default: 1.0)` →
    /// `(Standard: 1,0)`); the parser prints Swift's own form.
    func localizedDefaults(_ line: String) -> String {
        [OptionsText.parserDefault, .parserValuesDefault].reduce(line) { line, key in
            let phrase = english.text(key) + " "
            let pieces = line.components(separatedBy: phrase)
            return pieces.dropFirst().reduce(pieces[0]) { $0 + phrase + localizedLeadingDecimal($1) }
        }
    }

    /// `text` with the decimal number it starts with (up to a space or `)`) in the language's form.
    func localizedLeadingDecimal(_ text: String) -> String {
        let end = text.firstIndex { $0 == ")" || $0 == " " } ?? text.endIndex
        let value = text[..<end]
        guard let point = value.firstIndex(of: "."), let number = Double(value) else { return text }
        return texts.numbers.decimal(number, digits: value.distance(from: point, to: value.endIndex) - 1) + text[end...]
    }

    /// The parts the English phrase of `key` fills in when it yields exactly `line`; nil when it does not.
    func parts(of line: Substring, _ key: OptionsText) -> [String]? {
        ParserPhrase(english.text(key)).parts(of: line)
    }
}
