import Foundation
import Glibc
import Testing
@testable import PeachSpeech

@Suite("Spoken samples on a pipe")
struct SpokenSamplesWireTests {
    /// The records written to a pipe, read back from its other end until it ends.
    static func roundTrip(_ results: [Result<SpokenSamples, SpeechSynthesizer.Failure>], cutOff: Int = 0)
        -> [Result<SpokenSamples, SpeechSynthesizer.Failure>] {
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
        var read: [Result<SpokenSamples, SpeechSynthesizer.Failure>] = []
        while let result = SpokenSamplesWire.read(from: ends[0]) { read.append(result) }
        close(ends[0])
        return read
    }

    @Test("utterances and failures come back as they were written, in order, larger ones than a pipe holds too")
    func roundTrip() {
        let long = SpokenSamples(samples: (0..<100_000).map { Int16(truncatingIfNeeded: $0 &* 7919) }, sampleRate: 22_050)
        let short = SpokenSamples(samples: [1, -1, 32767, -32768], sampleRate: 16_000)
        let empty = SpokenSamples(samples: [], sampleRate: 22_050)
        let written: [Result<SpokenSamples, SpeechSynthesizer.Failure>] = [
            .success(long), .failure(.synthesis("eSpeak NG answered 2 „ä“")), .success(short), .success(empty)]
        #expect(Self.roundTrip(written) == written)
    }

    @Test("a stream that breaks off mid-record ends after the last whole record, with nothing made up")
    func brokenOff() {
        let first = SpokenSamples(samples: [5, 6, 7], sampleRate: 22_050)
        let second = SpokenSamples(samples: Array(repeating: 9, count: 1000), sampleRate: 22_050)
        #expect(Self.roundTrip([.success(first), .success(second)], cutOff: 2) == [.success(first)])
        #expect(Self.roundTrip([.success(first), .success(second)], cutOff: 2000) == [.success(first)])
    }

    @Test("a failure keeps its kind and its words, a reason longer than a record allows is cut")
    func failureWords() {
        let unavailable = Result<SpokenSamples, SpeechSynthesizer.Failure>.failure(.unavailable("eSpeak NG did not start"))
        #expect(Self.roundTrip([unavailable]) == [unavailable])
        let long = String(repeating: "x", count: 10_000)
        #expect(Self.roundTrip([.failure(.synthesis(long))]) == [.failure(.synthesis(String(long.prefix(4096))))])
    }
}
