/// The columns of the iOS app's export formats, by header name, and which format has which.
enum CSVColumn: String, CaseIterable, Sendable {
    case trainingType, timestamp
    case referenceNote, referenceNoteName, targetNote, targetNoteName
    case interval, tuningSystem
    case centOffset, isCorrect
    case initialCentOffset, userCentError
    case tempoBPM, offsetMs
    /// Format 2 only: what the iOS app's Fill the Gap rows of that format (`rhythmMatching`) kept as
    /// their mean offset.
    case userOffsetMs
    case meanOffsetMs, meanOffsetMsPosition0, meanOffsetMsPosition1, meanOffsetMsPosition2, meanOffsetMsPosition3

    static let metadataPrefix = "# peach-export-format:"
    static let currentFormat = 3
    static let supportedFormats = 1...3

    /// The header of each format, in the order the iOS app writes it.
    static func header(format: Int) -> [CSVColumn] {
        switch format {
        case 1: format1
        case 2: format1 + [.tempoBPM, .offsetMs, .userOffsetMs]
        default: format1 + [.tempoBPM, .offsetMs, .meanOffsetMs,
                            .meanOffsetMsPosition0, .meanOffsetMsPosition1, .meanOffsetMsPosition2, .meanOffsetMsPosition3]
        }
    }

    /// The columns a file of `format` may have. Format 2 files of the iOS app's later versions also
    /// have Fill the Gap's columns (`meanOffsetMs`, `meanOffsetMsPosition0`…`3`) after its own.
    static func allowed(format: Int) -> [CSVColumn] {
        switch format {
        case 2: header(format: 2) + [.meanOffsetMs, .meanOffsetMsPosition0, .meanOffsetMsPosition1,
                                      .meanOffsetMsPosition2, .meanOffsetMsPosition3]
        default: header(format: format)
        }
    }

    /// The columns of Fill the Gap's mean offset at each gap position 0…3.
    static let gapPositionColumns: [CSVColumn] = [
        .meanOffsetMsPosition0, .meanOffsetMsPosition1, .meanOffsetMsPosition2, .meanOffsetMsPosition3,
    ]

    private static let format1: [CSVColumn] = [
        .trainingType, .timestamp, .referenceNote, .referenceNoteName, .targetNote, .targetNoteName,
        .interval, .tuningSystem, .centOffset, .isCorrect, .initialCentOffset, .userCentError,
    ]

    /// What a pitch row needs; an older format's header may list its columns in any order but must have these.
    /// The note names repeat the note numbers, so they are checked when present and not required.
    static let requiredForPitchRows: [CSVColumn] = [
        .trainingType, .timestamp, .referenceNote, .targetNote, .interval, .tuningSystem,
        .centOffset, .isCorrect, .initialCentOffset, .userCentError,
    ]
}
