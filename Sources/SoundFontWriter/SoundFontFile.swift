/// A SoundFont 2 file read back into its raw records, terminal records included. It checks the
/// RIFF structure as it goes (every size adds up, each table is whole records) and throws
/// `SoundFontError.malformed` saying what is wrong and where; it interprets nothing.
public struct SoundFontFile: Sendable {
    public struct PresetHeader: Sendable, Equatable {
        public var name: String, program: UInt16, bank: UInt16, bagIndex: UInt16
    }
    public struct Bag: Sendable, Equatable {
        public var generatorIndex: UInt16, modulatorIndex: UInt16
    }
    public struct GeneratorRecord: Sendable, Equatable {
        public var kind: UInt16, amount: UInt16
        public var signedAmount: Int16 { Int16(bitPattern: amount) }
        /// A range amount (keyRange, velRange): low byte first.
        public var range: ClosedRange<UInt8>? {
            let low = UInt8(amount & 0xFF), high = UInt8(amount >> 8)
            return low <= high ? low...high : nil
        }
    }
    public struct ModulatorRecord: Sendable, Equatable {
        public var source: UInt16, destination: UInt16, amount: Int16, amountSource: UInt16, transform: UInt16
    }
    public struct InstrumentHeader: Sendable, Equatable {
        public var name: String, bagIndex: UInt16
    }
    public struct SampleHeader: Sendable, Equatable {
        public var name: String
        public var start: UInt32, end: UInt32, loopStart: UInt32, loopEnd: UInt32, sampleRate: UInt32
        public var originalPitch: UInt8, pitchCorrection: Int8, sampleLink: UInt16, sampleType: UInt16
    }

    /// ifil: major, minor.
    public var version: (major: UInt16, minor: UInt16)
    /// The INFO sub-chunks other than ifil, by code, in file order.
    public var info: [(code: String, text: String)]
    public var sampleData: [Int16]
    public var presets: [PresetHeader]
    public var presetBags: [Bag]
    public var presetModulators: [ModulatorRecord]
    public var presetGenerators: [GeneratorRecord]
    public var instruments: [InstrumentHeader]
    public var instrumentBags: [Bag]
    public var instrumentModulators: [ModulatorRecord]
    public var instrumentGenerators: [GeneratorRecord]
    public var samples: [SampleHeader]

    public func infoText(_ code: String) -> String? { info.first { $0.code == code }?.text }

    public init(bytes: [UInt8]) throws(SoundFontError) {
        var file = ByteReader(bytes: bytes[...], place: "file")
        let riff = try file.chunk()
        guard riff.code == "RIFF" else { throw .malformed("file: starts with '\(riff.code)', not 'RIFF'") }
        guard file.isAtEnd else { throw .malformed("file: \(file.remaining) bytes after the RIFF chunk") }
        var form = ByteReader(bytes: riff.body, place: "RIFF")
        guard try form.fourCC() == "sfbk" else { throw .malformed("RIFF: form type is not 'sfbk'") }
        var infoList = try form.list("INFO")
        var sdtaList = try form.list("sdta")
        var pdtaList = try form.list("pdta")
        guard form.isAtEnd else { throw .malformed("RIFF: \(form.remaining) bytes after the pdta list") }

        var version: (UInt16, UInt16)?
        var info: [(String, String)] = []
        while !infoList.isAtEnd {
            let chunk = try infoList.chunk()
            if chunk.code == "ifil" {
                guard chunk.body.count == 4 else { throw .malformed("INFO/ifil: \(chunk.body.count) bytes, not 4") }
                var reader = ByteReader(bytes: chunk.body, place: "INFO/ifil")
                version = (try reader.uint16(), try reader.uint16())
            } else {
                guard chunk.body.count % 2 == 0, chunk.body.last == 0 else {
                    throw .malformed("INFO/\(chunk.code): not a zero-terminated string of even length")
                }
                info.append((chunk.code, String(decoding: chunk.body.prefix { $0 != 0 }, as: UTF8.self)))
            }
        }
        guard let version else { throw .malformed("INFO: no ifil version") }
        self.version = version
        self.info = info

        let smpl = try sdtaList.chunk()
        guard smpl.code == "smpl", smpl.body.count % 2 == 0 else {
            throw .malformed("sdta: first sub-chunk is not an even-sized 'smpl'")
        }
        guard sdtaList.isAtEnd else { throw .malformed("sdta: more than the smpl chunk (24-bit data is not read)") }
        var samplesReader = ByteReader(bytes: smpl.body, place: "sdta/smpl")
        var sampleData: [Int16] = []
        sampleData.reserveCapacity(smpl.body.count / 2)
        while !samplesReader.isAtEnd { sampleData.append(Int16(bitPattern: try samplesReader.uint16())) }
        self.sampleData = sampleData

        presets = try pdtaList.table("phdr", size: 38, Self.presetHeader)
        presetBags = try pdtaList.table("pbag", size: 4, Self.bag)
        presetModulators = try pdtaList.table("pmod", size: 10, Self.modulator)
        presetGenerators = try pdtaList.table("pgen", size: 4, Self.generator)
        instruments = try pdtaList.table("inst", size: 22, Self.instrumentHeader)
        instrumentBags = try pdtaList.table("ibag", size: 4, Self.bag)
        instrumentModulators = try pdtaList.table("imod", size: 10, Self.modulator)
        instrumentGenerators = try pdtaList.table("igen", size: 4, Self.generator)
        samples = try pdtaList.table("shdr", size: 46, Self.sampleHeader)
        guard pdtaList.isAtEnd else { throw .malformed("pdta: \(pdtaList.remaining) bytes after shdr") }
    }

    private static func presetHeader(_ r: inout ByteReader) throws(SoundFontError) -> PresetHeader {
        let header = PresetHeader(name: try r.name(), program: try r.uint16(), bank: try r.uint16(),
                                  bagIndex: try r.uint16())
        for _ in 0..<3 { _ = try r.uint32() }  // library, genre, morphology
        return header
    }

    private static func bag(_ r: inout ByteReader) throws(SoundFontError) -> Bag {
        Bag(generatorIndex: try r.uint16(), modulatorIndex: try r.uint16())
    }

    private static func generator(_ r: inout ByteReader) throws(SoundFontError) -> GeneratorRecord {
        GeneratorRecord(kind: try r.uint16(), amount: try r.uint16())
    }

    private static func modulator(_ r: inout ByteReader) throws(SoundFontError) -> ModulatorRecord {
        ModulatorRecord(source: try r.uint16(), destination: try r.uint16(), amount: Int16(bitPattern: try r.uint16()),
                        amountSource: try r.uint16(), transform: try r.uint16())
    }

    private static func instrumentHeader(_ r: inout ByteReader) throws(SoundFontError) -> InstrumentHeader {
        InstrumentHeader(name: try r.name(), bagIndex: try r.uint16())
    }

    private static func sampleHeader(_ r: inout ByteReader) throws(SoundFontError) -> SampleHeader {
        SampleHeader(name: try r.name(), start: try r.uint32(), end: try r.uint32(), loopStart: try r.uint32(),
                     loopEnd: try r.uint32(), sampleRate: try r.uint32(), originalPitch: try r.uint8(),
                     pitchCorrection: Int8(bitPattern: try r.uint8()), sampleLink: try r.uint16(),
                     sampleType: try r.uint16())
    }
}

/// Reads little-endian values and RIFF chunks from a slice, naming `place` in its errors.
struct ByteReader {
    var bytes: ArraySlice<UInt8>
    var place: String

    var isAtEnd: Bool { bytes.isEmpty }
    var remaining: Int { bytes.count }

    private mutating func take(_ count: Int) throws(SoundFontError) -> ArraySlice<UInt8> {
        guard bytes.count >= count else {
            throw .malformed("\(place): needs \(count) more bytes, only \(bytes.count) left")
        }
        let taken = bytes.prefix(count)
        bytes = bytes.dropFirst(count)
        return taken
    }

    mutating func uint8() throws(SoundFontError) -> UInt8 {
        let b = try take(1)
        return b[b.startIndex]
    }
    mutating func uint16() throws(SoundFontError) -> UInt16 {
        let b = try take(2)
        return UInt16(b[b.startIndex]) | UInt16(b[b.startIndex + 1]) << 8
    }
    mutating func uint32() throws(SoundFontError) -> UInt32 {
        let b = try take(4)
        return (0..<4).reduce(0) { $0 | UInt32(b[b.startIndex + $1]) << (8 * UInt32($1)) }
    }
    mutating func fourCC() throws(SoundFontError) -> String { String(decoding: try take(4), as: UTF8.self) }
    /// A 20-byte name field, up to its first zero.
    mutating func name() throws(SoundFontError) -> String {
        String(decoding: try take(20).prefix { $0 != 0 }, as: UTF8.self)
    }

    mutating func chunk() throws(SoundFontError) -> (code: String, body: ArraySlice<UInt8>) {
        let code = try fourCC()
        let size = Int(try uint32())
        guard size <= bytes.count else {
            throw .malformed("\(place)/\(code): size \(size) runs past the end (\(bytes.count) bytes left)")
        }
        let body = try take(size)
        if size % 2 == 1, !bytes.isEmpty { _ = try take(1) }
        return (code, body)
    }

    mutating func list(_ type: String) throws(SoundFontError) -> ByteReader {
        let chunk = try chunk()
        var inner = ByteReader(bytes: chunk.body, place: "\(place)/\(chunk.code)")
        let found = chunk.code == "LIST" ? try inner.fourCC() : chunk.code
        guard chunk.code == "LIST", found == type else {
            throw .malformed("\(place): expected LIST '\(type)', found '\(found)'")
        }
        inner.place = "\(place)/\(type)"
        return inner
    }

    mutating func table<Record>(_ code: String, size: Int,
                                _ read: (inout ByteReader) throws(SoundFontError) -> Record) throws(SoundFontError) -> [Record] {
        let chunk = try chunk()
        guard chunk.code == code else { throw .malformed("\(place): expected '\(code)', found '\(chunk.code)'") }
        guard chunk.body.count % size == 0, chunk.body.count >= size else {
            throw .malformed("\(place)/\(code): \(chunk.body.count) bytes is not a whole number of \(size)-byte records")
        }
        var reader = ByteReader(bytes: chunk.body, place: "\(place)/\(code)")
        var records: [Record] = []
        while !reader.isAtEnd { records.append(try read(&reader)) }
        return records
    }
}
