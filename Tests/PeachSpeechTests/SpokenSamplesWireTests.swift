import Foundation
import Glibc
import Testing
@testable import PeachSpeech

@Suite("Spoken samples on a pipe")
struct SpokenSamplesWireTests {
    /// The records written to a pipe, read back from its other end until it ends.
    static func roundTrip(_ results: [Result<SpokenSamples, EngineFailure>], cutOff: Int = 0)
        -> [Result<SpokenSamples, EngineFailure>] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return [] }
        // Written through a file first, so that a record larger than the pipe holds never blocks.
        let file = tmpfile()!
        for result in results { SpokenSamplesWire.write(result, to: fileno(file)) }
        let size = Int(lseek(fileno(file), 0, SEEK_CUR)) - cutOff
        lseek(fileno(file), 0, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: size)
        _ = bytes.withUnsafeMutableBytes { Glibc.read(fileno(file), $0.baseAddress, size) }
        fclose(file)
        let (kept, end) = (bytes, ends[1])
        let writer = Thread { _ = kept.withUnsafeBytes { Glibc.write(end, $0.baseAddress, size) }; close(end) }
        writer.start()
        var read: [Result<SpokenSamples, EngineFailure>] = []
        while let result = SpokenSamplesWire.read(from: ends[0]) { read.append(result) }
        close(ends[0])
        return read
    }

    @Test("utterances and failures come back as they were written, in order, larger ones than a pipe holds too")
    func roundTrip() {
        let long = SpokenSamples(samples: (0..<100_000).map { Int16(truncatingIfNeeded: $0 &* 7919) }, sampleRate: 22_050)
        let short = SpokenSamples(samples: [1, -1, 32767, -32768], sampleRate: 16_000)
        let empty = SpokenSamples(samples: [], sampleRate: 22_050)
        let written: [Result<SpokenSamples, EngineFailure>] = [
            .success(long), .failure(.refused(status: 2)), .success(short), .success(empty)]
        #expect(Self.roundTrip(written) == written)
    }

    @Test("a stream that breaks off mid-record ends after the last whole record, with nothing made up")
    func brokenOff() {
        let first = SpokenSamples(samples: [5, 6, 7], sampleRate: 22_050)
        let second = SpokenSamples(samples: Array(repeating: 9, count: 1000), sampleRate: 22_050)
        #expect(Self.roundTrip([.success(first), .success(second)], cutOff: 2) == [.success(first)])
        #expect(Self.roundTrip([.success(first), .success(second)], cutOff: 2000) == [.success(first)])
    }

    @Test("every kind of failure comes back as it was written, with its status or language")
    func failureKinds() {
        let failures: [Result<SpokenSamples, EngineFailure>] = [
            .failure(.didNotStart), .failure(.refused(status: -7)), .failure(.noVoice(.german)), .failure(.noVoice(.english))]
        #expect(Self.roundTrip(failures) == failures)
    }
}
