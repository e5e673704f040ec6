import Foundation
import PeachDomain
import PeachText

/// A small append-only file beside the history that keeps answers the database refused (locked by
/// another program, disk full, I/O error) until it takes them. One JSON object per line, each line
/// forced to disk before `append` returns. A torn last line (the process killed mid-write) is
/// skipped when the journal is read; every complete line is an answer.
public struct AnswerJournal: Sendable {
    public static let fileName = "pending-answers.jsonl"

    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public init(location: DataLocation) {
        url = location.directory.appendingPathComponent(Self.fileName)
    }

    /// Adds one answer durably: when this returns, the line is on disk.
    public func append(_ record: Answer) throws {
        var line = try JSONEncoder().encode(JournalEntry(record))
        line.append(0x0A)
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw JournalError(path: url.path, errno: errno) }
        defer { close(descriptor) }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            let code = written < 0 ? errno : ENOSPC
            // A partial line would be skipped when read, but must not glue onto the next one.
            if written > 0 { _ = ftruncate(descriptor, lseek(descriptor, 0, SEEK_END) - off_t(written)) }
            throw JournalError(path: url.path, errno: code)
        }
        guard fsync(descriptor) == 0 else { throw JournalError(path: url.path, errno: errno) }
    }

    /// The answers waiting, oldest first, and how many lines could not be read (a torn last line).
    public func pending() throws -> (records: [Answer], unreadableLines: Int) {
        guard FileManager.default.fileExists(atPath: url.path) else { return ([], 0) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw JournalError(path: url.path, errno: EIO)
        }
        var records: [Answer] = []
        var unreadable = 0
        let decoder = JSONDecoder()
        for line in data.split(separator: 0x0A) where !line.isEmpty {
            if let entry = try? decoder.decode(JournalEntry.self, from: line), let record = entry.record {
                records.append(record)
            } else {
                unreadable += 1
            }
        }
        return (records, unreadable)
    }

    /// Forgets every line: called once the database holds them all. Only a regular file is removed.
    public func clear() throws {
        var status = stat()
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        guard unlink(url.path) == 0 else { throw JournalError(path: url.path, errno: errno) }
    }
}

/// Why the journal could not be written or read, in words.
public struct JournalError: Error, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let code: Int32

    init(path: String, errno code: Int32) {
        self.path = path
        self.code = code
    }

    /// What went wrong in `texts`' language (the system's reason, `strerror`, as the system says it).
    public func text(_ texts: Texts) -> String {
        texts.text(.journalCannotWrite, path, SystemWords.text(code: code, texts))
    }

    public var description: String { text(.english) }
}

/// One journal line. Field names follow the database columns; a kind's line has its own fields only.
/// A Fill the Gap trial trained here has its `misses` and its `taps` (each `position`, `offsetMs`).
private struct JournalEntry: Codable {
    struct Tap: Codable {
        var position: Int
        var offsetMs: Double
    }

    var kind: String
    var timestamp: Double
    var referenceNote: Int?
    var targetNote: Int?
    var tuningSystem: String?
    var centOffset: Double?
    var isCorrect: Bool?
    var initialCentOffset: Double?
    var userCentError: Double?
    var tempoBPM: Int?
    var offsetMs: Double?
    var meanOffsetMs: Double?
    var meanOffsetMsByPosition: [Double?]?
    var misses: Int?
    var taps: [Tap]?

    init(_ record: Answer) {
        timestamp = record.timestamp.timeIntervalSince1970
        switch record {
        case .compare(let answer):
            kind = "comparison"
            referenceNote = answer.referenceNote.rawValue
            targetNote = answer.targetNote.rawValue
            tuningSystem = answer.tuningSystem.rawValue
            centOffset = answer.centOffset.rawValue
            isCorrect = answer.isCorrect
        case .match(let answer):
            kind = "pitchMatching"
            referenceNote = answer.referenceNote.rawValue
            targetNote = answer.targetNote.rawValue
            tuningSystem = answer.tuningSystem.rawValue
            initialCentOffset = answer.initialCentOffset.rawValue
            userCentError = answer.userCentError.rawValue
        case .timing(let answer):
            kind = "compareTiming"
            tempoBPM = answer.tempo.rawValue
            offsetMs = answer.offsetMs
            isCorrect = answer.isCorrect
        case .gapFill(let answer):
            kind = "fillTheGap"
            tempoBPM = answer.tempo.rawValue
            meanOffsetMs = answer.meanOffsetMs
            meanOffsetMsByPosition = answer.meanOffsetMsByPosition
            misses = answer.taps?.misses
            taps = answer.taps?.hits.map { Tap(position: $0.position.rawValue, offsetMs: $0.offsetMs) }
        }
    }

    /// Nil for a line no version of Peach writes.
    var record: Answer? {
        guard timestamp.isFinite else { return nil }
        let date = Date(timeIntervalSince1970: timestamp)
        switch kind {
        case "comparison", "pitchMatching":
            return pitchRecord(date)
        case "compareTiming":
            guard let tempo = tempoBPM.flatMap(TempoBPM.init(validating:)), let offsetMs, offsetMs.isFinite,
                  let isCorrect else { return nil }
            return .timing(TimingAnswer(tempo: tempo, offsetMs: offsetMs, isCorrect: isCorrect, timestamp: date))
        case "fillTheGap":
            guard let tempo = tempoBPM.flatMap(TempoBPM.init(validating:)), let meanOffsetMs, meanOffsetMs.isFinite,
                  let byPosition = meanOffsetMsByPosition, byPosition.allSatisfy({ $0?.isFinite ?? true }),
                  let record = GapFillAnswer(tempo: tempo, meanOffsetMs: meanOffsetMs, meanOffsetMsByPosition: byPosition,
                                             timestamp: date, taps: gapTaps)
            else { return nil }
            return .gapFill(record)
        default:
            return nil
        }
    }

    /// The trial's taps; nil for a trial without them (the iOS app's, an older version's line) and
    /// for taps no version writes, so that the trial is kept with its means at least.
    private var gapTaps: GapTaps? {
        guard let misses, misses >= 0, let taps else { return nil }
        let hits = taps.compactMap { tap in
            GapPosition(rawValue: tap.position).flatMap { tap.offsetMs.isFinite ? GapTaps.Tap(position: $0, offsetMs: tap.offsetMs) : nil }
        }
        return hits.count == taps.count ? GapTaps(hits: hits, misses: misses) : nil
    }

    private func pitchRecord(_ date: Date) -> Answer? {
        guard let reference = referenceNote.flatMap(MIDINote.init(validating:)),
              let target = targetNote.flatMap(MIDINote.init(validating:)),
              let tuning = tuningSystem.flatMap(TuningSystem.init(rawValue:)) else { return nil }
        if kind == "comparison" {
            guard let centOffset, centOffset.isFinite, let isCorrect,
                  let record = CompareAnswer(referenceNote: reference, targetNote: target, centOffset: Cents(centOffset),
                                             isCorrect: isCorrect, tuningSystem: tuning, timestamp: date)
            else { return nil }
            return .compare(record)
        }
        guard let initialCentOffset, let userCentError, initialCentOffset.isFinite, userCentError.isFinite,
              let record = MatchAnswer(referenceNote: reference, targetNote: target,
                                       initialCentOffset: Cents(initialCentOffset),
                                       userCentError: Cents(userCentError), tuningSystem: tuning,
                                       timestamp: date)
        else { return nil }
        return .match(record)
    }
}
