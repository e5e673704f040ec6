import Glibc
import PeachDomain

/// How `peach speak` hands its utterances to the process that asked (`SpeechProcess`), one record per
/// text on a pipe, in the machine's byte order (both ends are the same program on the same machine):
/// - made: the sample rate (Int32, > 0), the sample count (Int32), then the 16-bit samples;
/// - failed: −1 (eSpeak NG did not start), −2 (it refused this text) or −3 (it has no voice for the
///   language), then its detail (Int32): 0, the status code, the language's place in
///   `Language.allCases`.
public enum SpokenSamplesWire {
    /// Writes one record to `descriptor`; false when the pipe is gone.
    @discardableResult
    public static func write(_ result: Result<SpokenSamples, EngineFailure>, to descriptor: Int32) -> Bool {
        switch result {
        case .success(let spoken):
            let header = [Int32(spoken.sampleRate.rounded()), Int32(spoken.samples.count)]
            return header.withUnsafeBytes { writeAll($0, to: descriptor) }
                && spoken.samples.withUnsafeBytes { writeAll($0, to: descriptor) }
        case .failure(let failure):
            let record: [Int32] = switch failure {
            case .didNotStart: [-1, 0]
            case .refused(let status): [-2, status]
            case .noVoice(let language): [-3, Int32(Language.allCases.firstIndex(of: language) ?? 0)]
            }
            return record.withUnsafeBytes { writeAll($0, to: descriptor) }
        }
    }

    /// Reads one record from `descriptor`; nil at the end of the stream or when it breaks off.
    public static func read(from descriptor: Int32) -> Result<SpokenSamples, EngineFailure>? {
        var header: [Int32] = [0, 0]
        guard header.withUnsafeMutableBytes({ readAll($0, from: descriptor) }) else { return nil }
        let (first, count) = (header[0], Int(header[1]))
        switch first {
        case -1: return .failure(.didNotStart)
        case -2: return .failure(.refused(status: header[1]))
        case -3: return Language.allCases.indices.contains(count) ? .failure(.noVoice(Language.allCases[count])) : nil
        default: break
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
