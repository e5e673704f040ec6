import Foundation
import Hummingbird
import NIOCore

/// A form as browsers send it by default (`application/x-www-form-urlencoded`): names and values,
/// a name given more than once (the intervals' boxes) with all its values in order. A body beyond
/// `limit` bytes, or of another type, is refused.
struct SettingsFormBody {
    enum Failure: Error {
        case tooLarge
        case notAForm
    }

    private(set) var values: [String: [String]] = [:]

    init(pairs: [(String, String)]) {
        for (name, value) in pairs { values[name, default: []].append(value) }
    }

    static func read(_ body: RequestBody, contentType: String?, limit: Int) async throws -> SettingsFormBody {
        // not a text: a media type
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              type == "application/x-www-form-urlencoded" else { throw Failure.notAForm }
        var buffer = ByteBuffer()
        for try await var chunk in body {
            guard buffer.readableBytes + chunk.readableBytes <= limit else { throw Failure.tooLarge }
            buffer.writeBuffer(&chunk)
        }
        return SettingsFormBody(encoded: String(buffer: buffer))
    }

    init(encoded: String) {
        let pairs = encoded.split(separator: "&", omittingEmptySubsequences: true).map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
        self.init(pairs: pairs)
    }

    /// `+` is a space, `%XX` a byte; a broken escape is kept as it is.
    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The value of `name` when it was sent once or more (the first).
    func value(_ name: String) -> String? { values[name]?.first }

    func all(_ name: String) -> [String] { values[name] ?? [] }

    func has(_ name: String) -> Bool { values[name] != nil }
}
