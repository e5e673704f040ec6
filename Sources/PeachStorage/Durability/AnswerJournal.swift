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
