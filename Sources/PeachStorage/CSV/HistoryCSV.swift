import Foundation
import PeachDomain

/// The CSV interchange format of the iOS app: export in format 3, import of formats 1, 2 and 3.
///
/// A file is a metadata line `# peach-export-format:N`, a header line, then one row per answer
/// (RFC 4180, rows separated by `\n`, none after the last, as the iOS app writes them). Format 3 has
/// 19 columns; columns that do not apply to a row's kind are empty. Its rows are of four kinds: Hear &
/// Compare (`pitchDiscrimination`), Tune & Match (`pitchMatching`), and the iOS app's rhythm modes
/// Compare Timing (`rhythmOffsetDetection`) and Fill the Gap (`continuousRhythmMatching`), which the
/// history keeps though Peach on Linux does not train them.
///
/// **Timestamps** are ISO 8601 in UTC at millisecond precision, the fraction left out when there is
/// none (the iOS app writes whole seconds, `2026-03-05T14:03:07Z`): an export rounds each instant to
/// the nearest millisecond, and an import gives back the `Date` that is exactly that millisecond, so
/// export → import → export gives the same bytes, and a file of the iOS app comes back as it was.
/// See `CSVTimestamp` and `roundedToMilliseconds(_:)`.
///
/// **Numbers** are Swift's shortest round-trip digits in plain decimal, always with a decimal point
/// (`12.5`, `-3.0`, `0.00001`), so every `Double` survives the trip exactly; a tempo is a whole
/// number (`120`). Both are what the iOS app writes (it writes an exponent where Swift does, e.g. for
/// values below 0.0001, which no answer has).
public enum HistoryCSV {
    /// Format 3, every kind of answer merged in time order. Answers are ordered by their timestamp
    /// as written (to the millisecond), then Hear & Compare, Tune & Match, Compare Timing, Fill the
    /// Gap, then in the order given, so that re-exporting an imported file keeps its order.
    public static func export(compareAnswers: [CompareAnswer], matchAnswers: [MatchAnswer],
                              timingAnswers: [TimingAnswer] = [], gapFillAnswers: [GapFillAnswer] = []) -> String {
        var answers = merged(compareAnswers: compareAnswers, matchAnswers: matchAnswers, timingAnswers: timingAnswers,
                             gapFillAnswers: gapFillAnswers).makeIterator()
        let sources: [() -> Answer?] = [{ answers.next() }]
        var text = ""
        export(sources: sources) { text += $0 }
        return text
    }

    /// The same text as `export(compareAnswers:matchAnswers:timingAnswers:gapFillAnswers:)`, written
    /// in pieces of about `chunkSize` bytes as the answers come from `sources`, so that a history of
    /// any size is exported in little memory. Each source must come in export order already (by
    /// written timestamp, then as stored; the store's order by time is); they are merged here, at the
    /// same millisecond in the order of `sources` (one per kind, in the order of `AnswerKinds.all`).
    static func export<Failure: Error>(sources: [() throws(Failure) -> Answer?], chunkSize: Int = 64 << 10,
                                       emit: (String) throws(Failure) -> Void) throws(Failure) {
        var text = CSVColumn.metadataPrefix + "\(CSVColumn.currentFormat)\n"
        text += CSVColumn.header(format: CSVColumn.currentFormat).map(\.rawValue).joined(separator: ",")
        func next(_ source: Int) throws(Failure) -> (answer: Answer, key: Int64)? {
            try sources[source]().map { ($0, CSVTimestamp.millisecondsSince1970($0.timestamp)) }
        }
        var heads: [(answer: Answer, key: Int64)?] = []
        for source in sources.indices { heads.append(try next(source)) }
        while true {
            // The earliest head; the first source of those at the same millisecond.
            var earliest: Int?
            for (source, head) in heads.enumerated() {
                guard let head else { continue }
                if let current = earliest, let best = heads[current], best.key <= head.key { continue }
                earliest = source
            }
            guard let source = earliest, let head = heads[source] else { break }
            heads[source] = try next(source)
            text += "\n"
            text += row(head.answer).map(escaped).joined(separator: ",")
            if text.utf8.count >= chunkSize {
                try emit(text)
                text = ""
            }
        }
        try emit(text)
    }

    /// Parses a whole file. Never partially succeeds: returns every record, or throws CSVImportError listing every bad row.
    ///
    /// Accepts `\n` and `\r\n` line breaks, with or without one after the last line, a UTF-8 byte order
    /// mark, blank lines anywhere, and quoted fields (a record with a quoted line break spans several
    /// lines; its problems are reported at the line where it starts). Records come back in file order.
    /// Timestamps more than a day after `now` are refused as implausible.
    public static func parse(_ text: String, now: Date = Date()) throws(CSVImportError) -> CSVImportResult {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(CSVImportError) in try parse(bytes, now: now) } }.get()
    }

    /// The same for the file's bytes, as read (a row that is not UTF-8 text is a problem at its line).
    public static func parse(_ bytes: [UInt8], now: Date = Date()) throws(CSVImportError) -> CSVImportResult {
        try bytes.withUnsafeBufferPointer { bytes in Result { () throws(CSVImportError) in try parse(bytes, now: now) } }.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, now: Date) throws(CSVImportError) -> CSVImportResult {
        var stream = CSVImportStream(now: now)
        var result = CSVImportResult(compareAnswers: [], matchAnswers: [], formatVersion: 0)
        let collect = { (record: Answer) in record.kind.collect(record, into: &result) }
        stream.feed(bytes, collect)
        do {
            result.formatVersion = try stream.finish(collect)
        } catch let error as CSVImportError {
            throw error
        } catch {
            throw CSVImportError(problems: [CSVProblem(line: 0, reason: .unreadable("\(error)"))])
        }
        return result
    }

    /// The `trainingType` of `answer`'s row.
    public static func trainingType(_ answer: Answer) -> String {
        answer.kind.csvTrainingType
    }

    /// `date` exactly as the CSV writes it: ISO 8601, UTC, milliseconds (`2026-03-05T14:03:07.250Z`).
    public static func timestamp(_ date: Date) -> String {
        CSVTimestamp.format(date)
    }

    /// `date` as an export and re-import gives it back: rounded to the nearest millisecond. Record a
    /// timestamp through this to have the stored and the re-imported record compare equal.
    public static func roundedToMilliseconds(_ date: Date) -> Date {
        CSVTimestamp.roundedToMilliseconds(date)
    }

    // MARK: - Export

    /// Every kind in export order: by written timestamp, then by kind (Hear & Compare, Tune & Match,
    /// Compare Timing, Fill the Gap), then as given.
    static func merged(compareAnswers: [CompareAnswer], matchAnswers: [MatchAnswer], timingAnswers: [TimingAnswer] = [],
                       gapFillAnswers: [GapFillAnswer] = []) -> [Answer] {
        let records = CSVImportResult(compareAnswers: compareAnswers, matchAnswers: matchAnswers, timingAnswers: timingAnswers,
                                      gapFillAnswers: gapFillAnswers, formatVersion: CSVColumn.currentFormat).answers
        // The position in `records` already puts the kinds in their order, so (millisecond, position) is the key.
        return records.enumerated()
            .map { (key: CSVTimestamp.millisecondsSince1970($0.element.timestamp), position: $0.offset, record: $0.element) }
            .sorted { ($0.key, $0.position) < ($1.key, $1.position) }
            .map(\.record)
    }

    /// The 19 fields of a format 3 row, as the iOS app writes its kind: empty where it leaves them empty.
    static func row(_ record: Answer) -> [String] {
        record.kind.csvFields(of: record)
    }

    /// The fields of a pitch row after its timestamp: the notes, their interval, the tuning system.
    static func noteColumns(_ reference: MIDINote, _ target: MIDINote, _ interval: DirectedInterval,
                            _ tuningSystem: TuningSystem) -> [String] {
        [String(reference.rawValue), reference.name, String(target.rawValue), target.name,
         interval.interval.abbreviation, tuningSystem.rawValue]
    }

    /// The last seven fields of a pitch row: the rhythm columns, empty.
    static let emptyRhythmColumns = Array(repeating: "", count: 7)

    /// RFC 4180: quoted only when it holds `,`, `"`, CR or LF, with its quotes doubled.
    static func escaped(_ field: String) -> String {
        let needsQuotes = field.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\n")
        }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Import

    /// The format of `# peach-export-format:N`; a spreadsheet may have padded the line with empty fields.
    static func formatVersion(_ row: CSVReader.Row) throws(CSVImportError) -> Int {
        let line = row.line
        let fail = { (reason: CSVReason) in CSVImportError(problems: [CSVProblem(line: line, reason: reason)]) }
        let fields: [String]
        switch row {
        case .malformed(_, let reason): throw fail(reason)
        case .record(_, let recordFields): fields = recordFields
        }
        let text = fields[0].trimmingASCIISpaces()
        guard text.hasPrefix(CSVColumn.metadataPrefix), fields.dropFirst().allSatisfy(\.isEmpty) else {
            throw fail(.firstLine(found: quoted(fields.joined(separator: ","))))
        }
        let versionText = text.dropFirst(CSVColumn.metadataPrefix.count).trimmingASCIISpaces()
        guard versionText.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let version = Int(versionText) else {
            throw fail(.firstLine(found: quoted(text)))
        }
        guard CSVColumn.supportedFormats.contains(version) else {
            throw fail(.unsupportedFormat(version))
        }
        return version
    }
}

private extension Substring {
    func trimmingASCIISpaces() -> String { String(self).trimmingASCIISpaces() }
}
