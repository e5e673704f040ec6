import PeachText

/// libyaml's words for a syntax error (`did not find expected key`, `while parsing a block
/// mapping`), said in a language: every problem and context libyaml's scanner, parser and reader
/// name has a key in the tables whose English is libyaml's exact wording (a test reads them from
/// the libyaml that Yams builds); any other stays as libyaml says it.
enum LibYAMLWords {
    static let keys: [YAMLText] = [
        .libyamlMappingValuesNotAllowed,
        .libyamlNoKey,
        .libyamlNoColon,
        .libyamlNoCommaBracket,
        .libyamlNoCommaBrace,
        .libyamlNoNodeContent,
        .libyamlNoDash,
        .libyamlCannotStartToken,
        .libyamlUnexpectedEnd,
        .libyamlUnexpectedColon,
        .libyamlTabIndentation,
        .libyamlTabForSpace,
        .libyamlUnknownEscape,
        .libyamlNoCommentOrLineBreak,
        .libyamlWhileFlowSequence,
        .libyamlWhileFlowMapping,
        .libyamlWhileBlockMapping,
        .libyamlWhileBlockCollection,
        .libyamlWhileBlockNode,
        .libyamlWhileFlowNode,
        .libyamlWhileSimpleKey,
        .libyamlWhileQuotedScalar,
        .libyamlWhilePlainScalar,
        .libyamlWhileBlockScalar,
        .libyamlWhileNextToken,
        .libyamlWhileDirective,
        .libyamlWhileParsingTag,
        .libyamlWhileScanningTag,
        .libyamlWhileParsingQuotedScalar,
        .libyamlZeroIndentation,
        .libyamlNoWhitespaceOrLineBreak,
        .libyamlNoExclamation,
        .libyamlWhileAnchor,
        .libyamlWhileAlias,
        .libyamlWhileTagDirective,
        .libyamlWhileParsing,
        .libyamlWhileParsingTagDirective,
        .libyamlWhileNode,
        .libyamlMappingKeysNotAllowed,
        .libyamlInvalidTrailingOctet,
        .libyamlInvalidSequenceLength,
        .libyamlInvalidLeadingOctet,
        .libyamlInvalidUnicode,
        .libyamlIncompleteUTF8,
        .libyamlIncompleteSurrogate,
        .libyamlIncompleteUTF16,
        .libyamlUnknownDirective,
        .libyamlNonAlphabetical,
        .libyamlUnexpectedDocumentIndicator,
        .libyamlUndefinedTagHandle,
        .libyamlInvalidEscapeCode,
        .libyamlIncompatibleDocument,
        .libyamlLongVersion,
        .libyamlDuplicateYAMLDirective,
        .libyamlDuplicateTagDirective,
        .libyamlIncorrectTrailingOctet,
        .libyamlIncorrectLeadingOctet,
        .libyamlNoClosingAngle,
        .libyamlNoWhitespace,
        .libyamlNoVersionNumber,
        .libyamlNoTagURI,
        .libyamlNoHexNumber,
        .libyamlNoDigitOrPoint,
        .libyamlNoAlphanumeric,
        .libyamlNoStreamStart,
        .libyamlNoDocumentStart,
        .libyamlNoURIEscapedOctet,
        .libyamlNoDirectiveName,
        .libyamlControlCharacters,
        .libyamlSequenceEntriesNotAllowed,
    ]

    /// `phrase` in `texts`' language when the tables have it, else as it is.
    static func text(_ phrase: String, _ texts: Texts) -> String {
        let english = Texts.english
        guard let key = keys.first(where: { english.text($0) == phrase }) else { return phrase }
        return texts.text(key)
    }
}
