import PeachText

/// PeachOptions' texts, by their keys in the tables: the options every program takes, their errors,
/// and swift-argument-parser's own words in the parser's language (`ParserVocabulary`).
public enum OptionsText: String, TextKeys {
    // Command-line help: the names of option values (`--listener <file>`)
    case valueDirectory
    case valueFile
    case valueListenAddress
    // Command-line help: abstracts, discussions, options
    case helpOptionConfig
    case helpOptionDataDirectory
    case helpWebAbstract
    case helpWebDiscussion
    case helpWebListen
    case helpWebRotateToken
    case helpWebToken
    // Command-line messages
    case fileCannotWriteOutput
    case messageDataDirIsFile
    case messageNoDataDir
    case messageConfigurationInvalid
    case messageConfigurationFile
    case messageConfigurationFileMissing
    case messageSettingsFile
    case messageSettingsFileMissing
    case messageSettingsFileLeftOut
    // swift-argument-parser's own words: English is the parser's exact wording (the pattern the
    // German replaces; `ParserVocabulary`), `{n}` the parts it fills in
    case parserOverview
    case parserUsageHeading
    case parserArgumentsHeading
    case parserOptionsHeading
    case parserSubcommandsHeading
    case parserGroupHeading
    case parserDetailedHelp
    case parserSubcommandPlaceholder
    case parserDefaultSubcommand
    case parserValues
    case parserDefault
    case parserDefaultAsFlag
    case parserValuesDefault
    case parserValuesDefaultAsFlag
    case parserHelpFlag
    case parserVersionFlag
    case parserHelpCommand
    case parserError
    case parserHelpLine
    case parserUsageLine
    case parserMoreInformation
    case parserMissingArgument
    case parserMissingOneOf
    case parserUnknownOptionSuggestion
    case parserUnknownOption
    case parserMissingValue
    case parserMissingValueInComposite
    case parserTakesNoValue
    case parserUnexpectedArgument
    case parserUnexpectedArguments
    case parserAlreadySet
    case parserInvalidValueFor
    case parserInvalidValue
    case parserProvideOneOf
    case parserProvideOneOfList
    case parserAnd
    case parserOr
    case parserInvalidOption
    case parserMissingSubcommand
    case parserNotParent
    case parserInternalUnimplemented
    case parserInternalState
    case parserShellAutodetect
    case parserShellUnsupported
    case parserShellChoose
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: OptionsText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}
