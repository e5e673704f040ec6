import Foundation

/// Reading a YAML file's text, with the failures said as located errors of that file.
public enum YAMLFile {
    /// The text of `url`; `kind` names the file in messages ("configuration file", "listener file").
    public static func text(of url: URL, kind: String) throws(YAMLErrors) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            throw YAMLErrors([YAMLError(file: url.path, line: nil, column: nil, message: "no such \(kind)")])
        }
        if isDirectory.boolValue {
            throw YAMLErrors([YAMLError(file: url.path, line: nil, column: nil,
                                        message: "this is a directory; name the \(kind) inside it")])
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw YAMLErrors([YAMLError(file: url.path, line: nil, column: nil,
                                        message: "cannot read the \(kind): \(error.localizedDescription)")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw YAMLErrors([YAMLError(file: url.path, line: nil, column: nil, message: "the \(kind) is not UTF-8 text")])
        }
        return text
    }
}
