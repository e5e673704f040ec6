/// Little-endian bytes and RIFF chunks, as the SoundFont file wants them.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ value: UInt8) { bytes.append(value) }
    mutating func append(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }
    mutating func append(_ value: UInt16) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }
    mutating func append(_ value: Int16) { append(UInt16(bitPattern: value)) }
    mutating func append(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// A four-character code.
    mutating func append(fourCC: String) {
        let code = Array(fourCC.utf8)
        precondition(code.count == 4, "a RIFF code has four characters")
        bytes.append(contentsOf: code)
    }

    /// A fixed-size, zero-padded name field (20 bytes in the SoundFont's records).
    mutating func append(name: String, width: Int) {
        let text = Array(name.utf8.prefix(width))
        bytes.append(contentsOf: text)
        bytes.append(contentsOf: repeatElement(0, count: width - text.count))
    }

    /// A chunk: code, 32-bit size, body, and a pad byte when the body is odd.
    mutating func appendChunk(_ fourCC: String, _ body: [UInt8]) {
        append(fourCC: fourCC)
        append(UInt32(body.count))
        append(body)
        if body.count % 2 == 1 { append(UInt8(0)) }
    }

    /// A LIST chunk holding sub-chunks.
    mutating func appendList(_ type: String, _ content: (inout ByteWriter) -> Void) {
        var inner = ByteWriter()
        inner.append(fourCC: type)
        content(&inner)
        appendChunk("LIST", inner.bytes)
    }
}
