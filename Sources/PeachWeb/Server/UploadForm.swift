import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import NIOHTTP1

/// The import form's `multipart/form-data` body (RFC 7578), read by MultipartKit's parser as the
/// request arrives, so that only the parts are kept, never the whole body beside them. A body
/// beyond `limit` bytes is `tooLarge`; one without a boundary, breaking the format or ending
/// before its close delimiter is `malformed`: a part cut short is never used.
struct UploadForm {
    enum Failure: Error {
        case tooLarge
        case malformed
    }

    let parts: [MultipartPart]

    static func read(_ body: RequestBody, contentType: String?, limit: Int) async throws -> UploadForm {
        guard let type = contentType.flatMap(MediaType.init(from:)), type.isType(.multipartForm),
              let parameter = type.parameter, parameter.name.lowercased() == "boundary", !parameter.value.isEmpty else {
            throw Failure.malformed
        }
        let reader = PartReader(boundary: parameter.value)
        var received = 0
        for try await chunk in body {
            received += chunk.readableBytes
            guard received <= limit else { throw Failure.tooLarge }
            do { try reader.read(chunk) } catch { throw Failure.malformed }
        }
        guard reader.closed else { throw Failure.malformed }
        return UploadForm(parts: reader.parts)
    }

    func part(_ name: String) -> MultipartPart? { parts.firstPart(named: name) }

    func text(_ name: String) -> String? { part(name).map { String(buffer: $0.body) } }

    /// Whether the part names a file (`filename="…"`, or RFC 5987's `filename*=UTF-8''…`): a
    /// browser sends the file field with `filename=""` and no bytes when none was chosen.
    static func namesFile(_ part: MultipartPart) -> Bool {
        let disposition = part.headers.first(name: "Content-Disposition") ?? ""
        return disposition.split(separator: ";").contains { parameter in
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return false }
            let key = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            return (key == "filename" || key == "filename*") && !value.isEmpty
        }
    }
}

/// MultipartKit's parser with the parts it has completed, and whether the body so far ends with
/// the close delimiter (`--boundary--`, then at most a line break): a body cut short anywhere does
/// not, since the boundary never occurs inside a part.
private final class PartReader {
    private let parser: MultipartParser
    private let close: [UInt8]
    private var tail: [UInt8] = []
    private var headers = HTTPHeaders()
    private var body = ByteBuffer()
    private(set) var parts: [MultipartPart] = []

    init(boundary: String) {
        parser = MultipartParser(boundary: boundary)
        close = Array("--\(boundary)--".utf8)
        parser.onHeader = { [unowned self] name, value in headers.add(name: name, value: value) }
        parser.onBody = { [unowned self] bytes in body.writeBuffer(&bytes) }
        parser.onPartComplete = { [unowned self] in
            parts.append(MultipartPart(headers: headers, body: body))
            headers = HTTPHeaders()
            body = ByteBuffer()
        }
    }

    func read(_ chunk: ByteBuffer) throws {
        try parser.execute(chunk)
        let kept = close.count + 2
        tail = Array((tail + chunk.readableBytesView.suffix(kept)).suffix(kept))
    }

    var closed: Bool {
        var end = tail[...]
        while let last = end.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") { end = end.dropLast() }
        return end.suffix(close.count).elementsEqual(close)
    }
}
