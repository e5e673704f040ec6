import PeachText

/// PeachYAML's texts, by their keys in the tables: a YAML file's problems, and libyaml's words for its
/// syntax errors (`LibYAMLWords`). A reader above names its own problems with its own keys (`YAMLPhrase`).
public enum YAMLText: String, TextKeys {
    // Problems in a YAML file (YAMLProblem)
    case yamlSyntax
    case yamlSyntaxWhile
    case yamlDuplicatedKeys
    case yamlNotTextAtByte
    case yamlNotText
    case yamlUnreadable
    case yamlNoSuchFile
    case yamlIsDirectory
    case yamlCannotRead
    case yamlNotRegularFile
    case yamlNotUTF8
    case yamlConfigurationFile
    case yamlListenerFile
    case yamlMappingFile
    case yamlMissingKey
    case yamlUnknownKeyHint
    case yamlUnknownKey
    case yamlExpected
    case yamlShapeMapping
    case yamlShapeList
    case yamlShapeText
    case yamlShapeWholeNumber
    case yamlShapeNumber
    case yamlShapeTrueOrFalse
    case yamlFoundMapping
    case yamlFoundList
    case yamlFoundAlias
    case yamlFoundNothing
    case yamlFoundQuoted
    case yamlOutOfRange
    case yamlUnknownValue
    // libyaml's words for the commonest syntax errors: English is libyaml's exact wording (LibYAMLWords)
    case libyamlMappingValuesNotAllowed
    case libyamlNoKey
    case libyamlNoColon
    case libyamlNoCommaBracket
    case libyamlNoCommaBrace
    case libyamlNoNodeContent
    case libyamlNoDash
    case libyamlCannotStartToken
    case libyamlUnexpectedEnd
    case libyamlUnexpectedColon
    case libyamlTabIndentation
    case libyamlTabForSpace
    case libyamlUnknownEscape
    case libyamlNoCommentOrLineBreak
    case libyamlWhileFlowSequence
    case libyamlWhileFlowMapping
    case libyamlWhileBlockMapping
    case libyamlWhileBlockCollection
    case libyamlWhileBlockNode
    case libyamlWhileFlowNode
    case libyamlWhileSimpleKey
    case libyamlWhileQuotedScalar
    case libyamlWhilePlainScalar
    case libyamlWhileBlockScalar
    case libyamlWhileNextToken
    case libyamlWhileDirective
    case libyamlWhileParsingTag
    case libyamlWhileScanningTag
    case libyamlWhileParsingQuotedScalar
    case libyamlZeroIndentation
    case libyamlNoWhitespaceOrLineBreak
    case libyamlNoExclamation
    case libyamlWhileAnchor
    case libyamlWhileAlias
    case libyamlWhileTagDirective
    case libyamlWhileParsing
    case libyamlWhileParsingTagDirective
    case libyamlWhileNode
    case libyamlMappingKeysNotAllowed
    case libyamlInvalidTrailingOctet
    case libyamlInvalidSequenceLength
    case libyamlInvalidLeadingOctet
    case libyamlInvalidUnicode
    case libyamlIncompleteUTF8
    case libyamlIncompleteSurrogate
    case libyamlIncompleteUTF16
    case libyamlUnknownDirective
    case libyamlNonAlphabetical
    case libyamlUnexpectedDocumentIndicator
    case libyamlUndefinedTagHandle
    case libyamlInvalidEscapeCode
    case libyamlIncompatibleDocument
    case libyamlLongVersion
    case libyamlDuplicateYAMLDirective
    case libyamlDuplicateTagDirective
    case libyamlIncorrectTrailingOctet
    case libyamlIncorrectLeadingOctet
    case libyamlNoClosingAngle
    case libyamlNoWhitespace
    case libyamlNoVersionNumber
    case libyamlNoTagURI
    case libyamlNoHexNumber
    case libyamlNoDigitOrPoint
    case libyamlNoAlphanumeric
    case libyamlNoStreamStart
    case libyamlNoDocumentStart
    case libyamlNoURIEscapedOctet
    case libyamlNoDirectiveName
    case libyamlControlCharacters
    case libyamlSequenceEntriesNotAllowed
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: YAMLText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
