import Foundation

/// Reading a file the user named, with messages in words: what is wrong with which path.
enum InputFile {
    /// The file's bytes; only a regular file is read (a directory, a device or a pipe is refused).
    static func read(_ path: String, what: String) throws(CommandFailure) -> Data {
        try checkRegular(path, what: what)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return data
    }

    /// Refuses anything but an existing regular file, saying what it is instead.
    static func checkRegular(_ path: String, what: String) throws(CommandFailure) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CommandFailure(errno == ENOENT ? "\(path) does not exist" : "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw CommandFailure("\(path) is a directory; name \(what)")
        default: throw CommandFailure("\(path) is not a regular file (a device or a pipe); name \(what)")
        }
    }
}
