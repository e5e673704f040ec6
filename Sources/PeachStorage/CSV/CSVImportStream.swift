import Foundation
import PeachDomain

/// Reads a CSV export in pieces and hands over each valid answer as soon as its row is read, so an
/// import of a million answers needs the memory of one piece, not of the file. Problems are
/// collected (every one, up to `problemLimit` listed) and the caller decides at the end: an import
/// with a problem imports nothing.
public struct CSVImportStream {
    public static let problemLimit = 1_000

    public private(set) var problems: [CSVProblem] = []
    /// Problems beyond `problemLimit`, counted only.
    public private(set) var unlistedProblems = 0
    public private(set) var formatVersion: Int?
    private var reader = CSVReader.Stream()
    private var decoder: CSVRowDecoder?
    private var rowsRead = 0
    /// How much of a UTF-8 byte order mark the file has begun with; nil once past the start.
    private var byteOrderMark: [UInt8]? = []
    private static let byteOrderMarkBytes: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// The metadata or header line is wrong: the rows cannot be read.
    private var cannotReadRows = false
    private let now: Date

    /// Timestamps more than a day after `now` are refused as implausible.
    public init(now: Date = Date()) {
        self.now = now
    }

    /// Reads the next piece of the file; `answer` gets every valid answer completed in it.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ answer: (Answer) throws -> Void) rethrows {
        var bytes = bytes
        // A UTF-8 byte order mark is skipped, even when the first pieces are shorter than it.
        while var mark = byteOrderMark, let first = bytes.first {
            guard first == Self.byteOrderMarkBytes[mark.count] else {
                // Not a mark after all: what looked like its start is text.
                byteOrderMark = nil
                let text = mark
                for row in text.withUnsafeBufferPointer({ reader.feed($0) }) { try handle(row, answer) }
                break
            }
            mark.append(first)
            bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst())
            byteOrderMark = mark.count == Self.byteOrderMarkBytes.count ? nil : mark
        }
        for row in reader.feed(bytes) { try handle(row, answer) }
    }

    public mutating func feed(_ data: Data, _ answer: (Answer) throws -> Void) rethrows {
        try data.withUnsafeBytes { raw in
            try feed(raw.bindMemory(to: UInt8.self), answer)
        }
    }

    /// The end of the file: the last row, then the verdict. Throws every problem found.
    public mutating func finish(_ answer: (Answer) throws -> Void) throws -> Int {
        for row in reader.finish() { try handle(row, answer) }
        if rowsRead == 0 { note(CSVProblem(line: 0, reason: .emptyFile)) }
        if rowsRead == 1, !cannotReadRows { note(CSVProblem(line: 0, reason: .endsBeforeHeader)) }
        var listed = problems
        if unlistedProblems > 0 {
            listed.append(CSVProblem(line: problems.last?.line ?? 0, reason: .moreProblems(unlistedProblems)))
        }
        guard listed.isEmpty, let formatVersion else { throw CSVImportError(problems: listed) }
        return formatVersion
    }

    private mutating func handle(_ row: CSVReader.Row, _ answer: (Answer) throws -> Void) rethrows {
        rowsRead += 1
        guard !cannotReadRows else { return }
        switch rowsRead {
        case 1:
            do {
                formatVersion = try HistoryCSV.formatVersion(row)
            } catch {
                problems += error.problems
                cannotReadRows = true
            }
        case 2:
            guard let formatVersion else { return }
            switch row {
            case .malformed(let line, let reason):
                note(CSVProblem(line: line, reason: reason))
                cannotReadRows = true
            case .record(let line, let fields):
                switch CSVLayout.make(format: formatVersion, header: fields, line: line) {
                case .success(let layout): decoder = CSVRowDecoder(layout: layout, now: now)
                case .failure(let error):
                    problems += error.problems
                    cannotReadRows = true
                }
            }
        default:
            guard let decoder else { return }
            switch row {
            case .malformed(let line, let reason):
                note(CSVProblem(line: line, reason: reason))
            case .record(let line, let fields):
                switch decoder.decode(fields) {
                case .answer(let record): if problems.isEmpty { try answer(record) }
                case .invalid(let reasons): for reason in reasons { note(CSVProblem(line: line, reason: reason)) }
                }
            }
        }
    }

    private mutating func note(_ problem: CSVProblem) {
        if problems.count < Self.problemLimit {
            problems.append(problem)
        } else {
            unlistedProblems += 1
        }
    }
}
