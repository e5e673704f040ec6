import Foundation

/// Reading a YAML file's text, with the failures said as located errors of that file: missing, a
/// directory, not a regular file, unreadable (in the system's words), not UTF-8.
public enum YAMLFile {
    /// The text of `url`; `kind` names the file in messages (a configuration file, a listener file).
    public static func text(of url: URL, kind: YAMLFileKind) throws(YAMLErrors) -> String {
        func failure(_ problem: YAMLProblem) -> YAMLErrors {
            YAMLErrors([YAMLError(file: url.path, line: nil, column: nil, problem: problem)])
        }
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw failure(errno == ENOENT ? .noSuchFile(kind) : .cannotRead(kind, code: errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure(.isDirectory(kind))
        default: throw failure(.notRegularFile(kind))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw failure(.cannotRead(kind, code: errno))
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw failure(.notUTF8(kind)) }
        return text
    }
}
