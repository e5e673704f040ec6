import Foundation

/// The fields of a `multipart/form-data` body (RFC 7578), enough for the import form: each part's
/// name and its bytes, and a file's name. Anything malformed yields no fields.
struct MultipartForm {
    let fields: [String: [UInt8]]
    /// The `filename` of each file field: empty when the form was sent without choosing a file.
    let fileNames: [String: String]

    init?(body: [UInt8], contentType: String) {
        guard let boundaryStart = contentType.range(of: "boundary=") else { return nil }
        var boundary = String(contentType[boundaryStart.upperBound...])
        if let end = boundary.firstIndex(of: ";") { boundary = String(boundary[..<end]) }
        boundary = boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        guard !boundary.isEmpty else { return nil }
        let delimiter = Array(("--" + boundary).utf8)
        var fields: [String: [UInt8]] = [:]
        var fileNames: [String: String] = [:]
        let parts = Self.split(body, on: delimiter)
        for part in parts.dropFirst() {
            // Each part: CRLF, headers, CRLF CRLF, content, CRLF (before the next delimiter).
            guard part.count >= 2, part.prefix(2) != [UInt8(ascii: "-"), UInt8(ascii: "-")] else { continue }
            guard let headerEnd = Self.firstRange(of: Array("\r\n\r\n".utf8), in: part) else { continue }
            let headers = String(decoding: part[..<headerEnd.lowerBound], as: UTF8.self)
            var content = Array(part[headerEnd.upperBound...])
            if content.suffix(2) == [13, 10] { content.removeLast(2) }
            guard let name = Self.parameter("name", in: headers) else { continue }
            fields[name] = content
            fileNames[name] = Self.parameter("filename", in: headers)
        }
        self.fields = fields
        self.fileNames = fileNames
    }

    func text(_ name: String) -> String? { fields[name].map { String(decoding: $0, as: UTF8.self) } }

    private static func parameter(_ key: String, in headers: String) -> String? {
        for line in headers.split(whereSeparator: \.isNewline) where line.lowercased().hasPrefix("content-disposition:") {
            guard let start = line.range(of: " \(key)=\"") ?? line.range(of: ";\(key)=\"") else { continue }
            let rest = line[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        return nil
    }

    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
    }

    private static func split(_ body: [UInt8], on delimiter: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var rest = body[...]
        while let found = firstRange(of: delimiter, in: rest) {
            parts.append(rest[rest.startIndex..<found.lowerBound])
            rest = rest[found.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}
