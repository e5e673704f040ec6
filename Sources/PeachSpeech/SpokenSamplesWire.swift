import Glibc
import PeachDomain

/// How `peach speak` hands its utterances to the process that asked (`SpeechProcess`), one record per
/// text on a pipe, in the machine's byte order (both ends are the same program on the same machine):
/// - made: the sample rate (Int32, > 0), the sample count (Int32), then the 16-bit samples;
/// - failed: −1 (eSpeak NG did not start), −2 (it refused this text) or −3 (it has no voice for the
///   language), the detail's length in bytes (Int32), then the detail in UTF-8: nothing, the status
///   code in decimal, the language's code.
public enum SpokenSamplesWire {
    /// A failure's detail is never longer than this: a record is never larger than it should be.
    static let longestMessage = 64

    /// Writes one record to `descriptor`; false when the pipe is gone.
    @discardableResult
    public static func write(_ result: Result<SpokenSamples, SpeechSynthesizer.Failure>, to descriptor: Int32) -> Bool {
        switch result {
        case .success(let spoken):
            let header = [Int32(spoken.sampleRate.rounded()), Int32(spoken.samples.count)]
            return header.withUnsafeBytes { writeAll($0, to: descriptor) }
                && spoken.samples.withUnsafeBytes { writeAll($0, to: descriptor) }
        case .failure(let failure):
            let (kind, detail): (Int32, String) = switch failure {
            case .didNotStart: (-1, "")
            case .refused(let status): (-2, String(status))
            case .noVoice(let language): (-3, language.rawValue)
            }
            let message = Array(detail.utf8)
            let header = [kind, Int32(message.count)]
            return header.withUnsafeBytes { writeAll($0, to: descriptor) }
                && message.withUnsafeBytes { writeAll($0, to: descriptor) }
        }
    }

    /// Reads one record from `descriptor`; nil at the end of the stream or when it breaks off.
    public static func read(from descriptor: Int32) -> Result<SpokenSamples, SpeechSynthesizer.Failure>? {
        var header: [Int32] = [0, 0]
        guard header.withUnsafeMutableBytes({ readAll($0, from: descriptor) }) else { return nil }
        let (first, count) = (header[0], Int(header[1]))
        if (-3 ... -1).contains(first) {
            guard (0...longestMessage).contains(count) else { return nil }
            var message = [UInt8](repeating: 0, count: count)
            guard message.withUnsafeMutableBytes({ readAll($0, from: descriptor) }) else { return nil }
            let detail = String(decoding: message, as: UTF8.self)
            switch first {
            case -1: return .failure(.didNotStart)
            case -2: return Int32(detail).map { .failure(.refused(status: $0)) }
            default: return Language(rawValue: detail).map { .failure(.noVoice($0)) }
            }
        }
        // Up to ten minutes of speech at eSpeak NG's rate: anything larger is not a record of ours.
        guard first > 0, (0...Int(first) * 600).contains(count) else { return nil }
        // Read straight into the samples' own storage: no copy of a prompt is ever held twice.
        var complete = false
        let samples = [Int16](unsafeUninitializedCapacity: count) { buffer, initialised in
            complete = readAll(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
            initialised = complete ? count : 0
        }
        return complete ? .success(SpokenSamples(samples: samples, sampleRate: Double(first))) : nil
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return transferAll(bytes.count) { offset, left in Glibc.write(descriptor, base + offset, left) }
    }

    private static func readAll(_ bytes: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return transferAll(bytes.count) { offset, left in Glibc.read(descriptor, base + offset, left) }
    }

    /// Calls `transfer(offset, bytesLeft)` until `count` bytes have gone through; false at an end of
    /// file or an error (a signal's interruption is tried again).
    private static func transferAll(_ count: Int, _ transfer: (Int, Int) -> Int) -> Bool {
        var offset = 0
        while offset < count {
            let done = transfer(offset, count - offset)
            if done < 0, errno == EINTR { continue }
            guard done > 0 else { return false }
            offset += done
        }
        return true
    }
}
