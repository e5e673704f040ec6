import Foundation
import PeachText

/// Mono WAV files: 32-bit float or 16-bit PCM, written and read back.
public enum WAVFile {
    public enum Encoding: Sendable { case float32, pcm16 }

    public static func data(_ samples: [Float], sampleRate: Int, encoding: Encoding = .float32) -> Data {
        let bytesPerSample = encoding == .float32 ? 4 : 2
        let dataSize = samples.count * bytesPerSample
        var out = Data()
        out.reserveCapacity(dataSize + 64)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        let isFloat = encoding == .float32
        out.append(contentsOf: Array("RIFF".utf8)); u32(UInt32((isFloat ? 50 : 36) + dataSize))
        out.append(contentsOf: Array("WAVE".utf8))
        out.append(contentsOf: Array("fmt ".utf8)); u32(isFloat ? 18 : 16)
        u16(isFloat ? 3 : 1); u16(1); u32(UInt32(sampleRate)); u32(UInt32(sampleRate * bytesPerSample))
        u16(UInt16(bytesPerSample)); u16(UInt16(bytesPerSample * 8))
        if isFloat {
            u16(0)
            out.append(contentsOf: Array("fact".utf8)); u32(4); u32(UInt32(samples.count))
        }
        out.append(contentsOf: Array("data".utf8)); u32(UInt32(dataSize))
        for sample in samples {
            if isFloat {
                u32(sample.bitPattern)
            } else {
                let clipped = max(-1, min(1, sample))
                u16(UInt16(bitPattern: Int16((clipped * 32767).rounded())))
            }
        }
        return out
    }

    public static func write(_ samples: [Float], sampleRate: Int, encoding: Encoding = .float32, to url: URL) throws {
        try data(samples, sampleRate: sampleRate, encoding: encoding).write(to: url, options: .atomic)
    }

    /// Why a file could not be read as WAV; `text(_:)` says it through the tables, `description` in English.
    public enum ReadError: DescribedError, Equatable, CustomStringConvertible {
        case notWAV(path: String)
        case unsupportedEncoding(path: String, format: Int, bits: Int)
        case noAudioData(path: String)

        public func text(_ texts: Texts) -> String {
            switch self {
            case .notWAV(let path): texts.text(.wavNotWAV, path)
            case let .unsupportedEncoding(path, format, bits): texts.text(.wavUnsupportedEncoding, path, String(format), String(bits))
            case .noAudioData(let path): texts.text(.wavNoAudioData, path)
            }
        }

        public var description: String { text(.english) }
    }

    /// The first channel of a PCM 16/32-bit or float WAV file, and its sample rate.
    public static func read(_ url: URL) throws -> (samples: [Float], sampleRate: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        func u32(_ at: Int) -> UInt32 { UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4] == ArraySlice("RIFF".utf8), bytes[8..<12] == ArraySlice("WAVE".utf8) else {
            throw ReadError.notWAV(path: url.path)
        }
        var at = 12
        var format = 0, channels = 1, rate = 0, bits = 0
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = Int(u32(at + 4))
            let body = at + 8
            if id == "fmt " {
                format = Int(u16(body)); channels = Int(u16(body + 2)); rate = Int(u32(body + 4)); bits = Int(u16(body + 14))
                if format == 0xFFFE, size >= 26 { format = Int(u16(body + 24)) }
            } else if id == "data" {
                let end = min(bytes.count, body + size)
                let step = channels * bits / 8
                var samples: [Float] = []
                samples.reserveCapacity((end - body) / max(step, 1))
                var p = body
                while p + step <= end {
                    switch (format, bits) {
                    case (3, 32): samples.append(Float(bitPattern: u32(p)))
                    case (1, 16): samples.append(Float(Int16(bitPattern: u16(p))) / 32768)
                    case (1, 32): samples.append(Float(Int32(bitPattern: u32(p))) / 2_147_483_648)
                    default: throw ReadError.unsupportedEncoding(path: url.path, format: format, bits: bits)
                    }
                    p += step
                }
                return (samples, rate)
            }
            at = body + size + (size & 1)
        }
        throw ReadError.noAudioData(path: url.path)
    }
}
