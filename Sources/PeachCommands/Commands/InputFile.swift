import Foundation
import PeachOptions
import PeachText

/// Reading a file the user named, with messages in words: what is wrong with which path.
enum InputFile {
    /// The file's bytes; only a regular file is read (a directory, a device or a pipe is refused).
    static func read(_ path: String, what: String) throws(CommandFailure) -> Data {
        try checkRegular(path, what: what)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(CommandLineTexts.current.text(.fileCannotRead, path, SystemWords.text(code: errno, CommandLineTexts.current)))
        }
        return data
    }

    /// Refuses anything but an existing regular file, saying what it is instead.
    static func checkRegular(_ path: String, what: String) throws(CommandFailure) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CommandFailure(errno == ENOENT ? CommandLineTexts.current.text(.fileDoesNotExist, path)
                                 : CommandLineTexts.current.text(.fileCannotRead, path, SystemWords.text(code: errno, CommandLineTexts.current)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw CommandFailure(CommandLineTexts.current.text(.fileIsDirectory, path, what))
        default: throw CommandFailure(CommandLineTexts.current.text(.fileNotRegular, path, what))
        }
    }
}
