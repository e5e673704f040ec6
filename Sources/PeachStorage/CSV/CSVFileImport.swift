import Foundation
import PeachDomain

/// What an import of a CSV file did.
public struct CSVFileImport: Hashable, Sendable {
    public var summary: ImportSummary
    public var formatVersion: Int
}

/// Why an import changed nothing, besides the file's own problems (`CSVImportError`).
public enum CSVFileImportRefusal: Error, Hashable, Sendable {
    /// `--replace` with a file that holds no answers would only delete the history.
    case replaceWithNothing
    /// The file could not be read (after the given number of bytes).
    case unreadable(reason: String)
}

extension HistoryStore {
    /// Imports a CSV export read in pieces of `pieceSize` bytes, each answer written as its row is
    /// read, all in one transaction: a file with any problem (`CSVImportError`, every problem listed)
    /// changes nothing. The memory used does not grow with the file.
    public func importCSV(_ file: URL, mode: ImportMode, now: Date = Date(),
                          pieceSize: Int = 1 << 20) throws -> CSVFileImport {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: file)
        } catch {
            throw CSVFileImportRefusal.unreadable(reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        var stream = CSVImportStream(now: now)
        var format = 0
        let summary = try importAnswers(mode: mode) { add in
            var added = 0
            let counting = { (record: Answer) throws in
                added += 1
                try add(record)
            }
            while true {
                let piece: Data?
                do {
                    piece = try handle.read(upToCount: pieceSize)
                } catch {
                    throw CSVFileImportRefusal.unreadable(reason: "\(error)")
                }
                guard let piece, !piece.isEmpty else { break }
                try stream.feed(piece, counting)
            }
            format = try stream.finish(counting)
            // Inside the transaction: throwing undoes the deletion.
            if mode == .replace, added == 0 { throw CSVFileImportRefusal.replaceWithNothing }
        }
        return CSVFileImport(summary: summary, formatVersion: format)
    }
}
