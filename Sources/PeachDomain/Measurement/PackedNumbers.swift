import Foundation

/// Numbers packed little-endian into bytes, for saving the profile's state: a Double goes in as its
/// bit pattern, so it comes back to the last bit (JSON's decimal text need not), and tens of thousands
/// of bins pack and unpack in a few milliseconds.
struct PackedNumbers {
    private(set) var bytes: [UInt8] = []

    init() {}

    mutating func append(_ value: Double) { append(value.bitPattern) }
    mutating func append(_ value: Int) { append(UInt64(bitPattern: Int64(value))) }

    mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    var data: Data { Data(bytes) }
}

/// Reads what `PackedNumbers` wrote, in the same order; throws when the bytes run out.
struct PackedNumbersReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    var isAtEnd: Bool { position == bytes.count }

    mutating func double() throws -> Double { Double(bitPattern: try word()) }
    mutating func int() throws -> Int { Int(Int64(bitPattern: try word())) }

    mutating func word() throws -> UInt64 {
        guard position + 8 <= bytes.count else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "packed numbers end early"))
        }
        let value = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self)) }
        position += 8
        return value
    }
}
