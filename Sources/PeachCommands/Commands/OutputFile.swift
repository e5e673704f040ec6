import Foundation
import PeachOptions
import PeachText

/// Writing a command's result where it was asked to go, so that a failure is a failure.
///
/// A regular file (or a new one) is written to a temporary file beside it, forced to disk and
/// renamed over it: a full disk or an I/O error leaves the old file, or none, never a partial one.
/// Anything else (a device such as /dev/stdout, a pipe) is written in place, and every error counts.
/// A symbolic link is followed: the file it names is replaced, the link stays, and a replaced file
/// keeps its permissions (an export kept private stays private).
enum OutputFile {
    static func write(_ data: Data, to path: String) throws(CommandFailure) {
        do {
            try write(to: path) { try $0(data) }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(CommandLineTexts.current.text(.fileCannotWrite, path, CommandLineTexts.current.describe(error)))
        }
    }

    /// Writes what `produce` hands to its `write`, piece by piece, with the same guarantee: when
    /// the output or `produce` fails (its error is rethrown), the old file is left, or none.
    static func write(to named: String, _ produce: (_ write: (Data) throws -> Void) throws -> Void) throws {
        let path = linkTarget(named)
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFREG {
            if status.st_mode & S_IFMT == S_IFDIR {
                throw CommandFailure(CommandLineTexts.current.text(.fileWriteDirectory, path))
            }
            let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(path, errno, partial: false) }
            defer { close(descriptor) }
            try produce { try writeAll($0, to: descriptor, path: path) }
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).peach-\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, errno, partial: false) }
        do {
            if exists, fchmod(descriptor, status.st_mode & 0o7777) != 0 { throw failure(path, errno, partial: false) }
            try produce { try writeAll($0, to: descriptor, path: path) }
            guard fsync(descriptor) == 0 else { throw failure(path, errno, partial: false) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code, partial: false)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code, partial: false)
        }
    }

    /// The file `path` names after following every symbolic link, even one that names no file yet.
    static func linkTarget(_ path: String) -> String {
        var current = path
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        for _ in 0..<40 {   // the kernel's own limit on links in a row
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return current
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(CommandFailure) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                Foundation.write(descriptor, bytes.baseAddress.map { $0 + offset }, data.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno, partial: true)
            }
            offset += written
        }
    }

    private static func failure(_ path: String, _ code: Int32, partial: Bool) -> CommandFailure {
        CommandFailure(CommandLineTexts.current.text(partial ? .fileCannotWritePartly : .fileCannotWrite, path, SystemWords.text(code: code, CommandLineTexts.current)))
    }
}

/// Standard output, written at once with every error reported.
enum StandardOutput {
    static func write(_ text: String) throws(CommandFailure) {
        let data = Data(text.utf8)
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                Foundation.write(STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, data.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(CommandLineTexts.current.text(.fileCannotWriteOutput, SystemWords.text(code: errno, CommandLineTexts.current)))
            }
            offset += written
        }
    }
}
