import Foundation

/// Reading a YAML file's text, with the failures said as located errors of that file.
public enum YAMLFile {
    /// The text of `url`; `kind` names the file in messages (a configuration file, a listener file).
    public static func text(of url: URL, kind: YAMLFileKind) throws(YAMLErrors) -> String {
        func failure(_ problem: YAMLProblem) -> YAMLErrors {
            YAMLErrors([YAMLError(file: url.path, line: nil, column: nil, problem: problem)])
        }
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            throw failure(.noSuchFile(kind))
        }
        if isDirectory.boolValue { throw failure(.isDirectory(kind)) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw failure(.cannotRead(kind, reason: error.localizedDescription))
        }
        guard let text = String(data: data, encoding: .utf8) else { throw failure(.notUTF8(kind)) }
        return text
    }
}
