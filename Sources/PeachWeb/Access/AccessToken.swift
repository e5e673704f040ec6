import Foundation

/// The secret a browser on the LAN must show: kept in `web-token` beside the history, mode 0600,
/// made on first use and replaced by `rotate()`.
public struct AccessToken: Hashable, Sendable {
    public static let fileName = "web-token"
    public static let cookieName = "peach_token"

    public let value: String

    public init(value: String) { self.value = value }

    /// The stored token, or a new one written with mode 0600 when there is none.
    public static func load(directory: URL) throws -> AccessToken {
        let file = directory.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: file) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.count >= 32 { return AccessToken(value: text) }
        }
        return try rotate(directory: directory)
    }

    /// A new random token replaces the stored one: every browser must be given the new URL.
    public static func rotate(directory: URL) throws -> AccessToken {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = AccessToken(value: bytes.map { String(format: "%02x", $0) }.joined())
        let file = directory.appendingPathComponent(fileName)
        let temporary = directory.appendingPathComponent(fileName + ".new")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data((token.value + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
        // rename(2) replaces the old token atomically, or puts the first one in place.
        guard rename(temporary.path, file.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        return token
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let a = Array(value.utf8), b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
