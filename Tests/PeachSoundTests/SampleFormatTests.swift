import PeachSampleFormat
import Testing

/// The output's conversion of the mixed mono signal to ALSA's 16-bit stereo frames (in C,
/// vectorised, where the Swift loop called `roundf` per sample).
@Suite("sample format: mono float to 16-bit stereo")
struct SampleFormatTests {
    /// What each sample must become: clipped to ±1, scaled by 32767, rounded to nearest (ties to even).
    static func expected(_ sample: Float) -> Int16 {
        guard !sample.isNaN else { return 0 }
        return Int16((min(1, max(-1, sample)) * 32767).rounded(.toNearestOrEven))
    }

    /// Converts `samples` starting `offset` floats into the buffer (so that no vector alignment is
    /// assumed), and returns the frames written and whether anything past them was touched.
    static func convert(_ samples: [Float], offset: Int = 0) -> (frames: [Int16], overrun: Bool) {
        let mono = [Float](repeating: 0, count: offset) + samples
        var out = [Int16](repeating: 0x5A5A, count: 2 * samples.count + 2 * offset + 16)
        mono.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                peach_mono_to_s16_stereo(input.baseAddress.map { $0 + offset }, output.baseAddress.map { $0 + offset },
                                         Int32(samples.count))
            }
        }
        let written = Array(out[offset..<(offset + 2 * samples.count)])
        let outside = out[..<offset] + out[(offset + 2 * samples.count)...]
        return (written, outside.contains { $0 != 0x5A5A })
    }

    @Test("full scale, clipping, infinities and NaN")
    func edges() {
        let samples: [Float] = [0, -0.0, 1, -1, 1.5, -2, .infinity, -.infinity, .nan, 1e-9, -1e-9, 0.99999, .greatestFiniteMagnitude]
        let (frames, overrun) = Self.convert(samples)
        #expect(frames == samples.flatMap { [Self.expected($0), Self.expected($0)] })
        #expect(Array(frames.prefix(18)) == [0, 0, 0, 0, 32767, 32767, -32767, -32767, 32767, 32767, -32767, -32767,
                                              32767, 32767, -32767, -32767, 0, 0])
        #expect(!overrun)
    }

    @Test("ties go to the even neighbour, as `rounded(.toNearestOrEven)`")
    func ties() {
        // k + 0.5 over 32767, scaled back: exact halves for small k.
        let samples = (0..<64).map { Float(Double($0) + 0.5) / 32767 }.filter { ($0 * 32767).truncatingRemainder(dividingBy: 1) == 0.5 }
        #expect(samples.count > 10)
        let (frames, _) = Self.convert(samples + samples.map { -$0 })
        #expect(frames == (samples + samples.map { -$0 }).flatMap { [Self.expected($0), Self.expected($0)] })
    }

    @Test("every sample of a long signal, at any length and alignment", arguments: [(1, 0), (7, 1), (128, 0), (1001, 3)])
    func signal(count: Int, offset: Int) {
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<count).map { _ in Float.random(in: -1.2...1.2, using: &generator) }
        let (frames, overrun) = Self.convert(samples, offset: offset)
        #expect(frames == samples.flatMap { [Self.expected($0), Self.expected($0)] })
        #expect(!overrun, "wrote outside the frames asked for")
    }
}
