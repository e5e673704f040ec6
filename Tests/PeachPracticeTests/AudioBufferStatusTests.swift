import PeachDomain
import PeachPractice
import PeachText
import Testing

/// The buffer stays visible in the live status (and so on the dashboard), including one the output
/// enlarged by itself.
@Suite("Live status: the audio buffer")
struct AudioBufferStatusTests {
    @Test("periods × frames and the buffer's length, after the device")
    func asConfigured() {
        let buffer = AudioBufferStatus(periodFrames: 128, periods: 2, sampleRate: 48_000)
        #expect(buffer.text(device: "default", texts: .english) == "default, 2 × 128 frames (5.3 ms)")
        #expect(buffer.text(device: "hw:Loopback,0,0", texts: Texts(.german)) == "hw:Loopback,0,0, 2 × 128 Frames (5,3 ms)")
        // Frames as the configuration writes them, not grouped like a count.
        let large = AudioBufferStatus(periodFrames: 4096, periods: 4, sampleRate: 48_000)
        #expect(large.text(device: "default", texts: .english) == "default, 4 × 4096 frames (341.3 ms)")
        #expect(large.text(device: "default", texts: Texts(.german)) == "default, 4 × 4096 Frames (341,3 ms)")
    }

    @Test("a buffer the output stepped up to says so")
    func enlarged() {
        let buffer = AudioBufferStatus(periodFrames: 256, periods: 3, enlarged: .afterUnderruns, sampleRate: 48_000)
        #expect(buffer.text(device: "default", texts: .english)
                == "default, 3 × 256 frames (16.0 ms, enlarged after repeated underruns)")
        #expect(buffer.text(device: "default", texts: Texts(.german)).hasSuffix("(16,0 ms, nach wiederholten Unterläufen vergrößert)"))
        let refused = AudioBufferStatus(periodFrames: 128, periods: 3, enlarged: .refusedByDevice, sampleRate: 48_000)
        #expect(refused.text(device: "default", texts: .english)
                == "default, 3 × 128 frames (8.0 ms, enlarged: the device refused a smaller one)")
        #expect(refused.text(device: "default", texts: Texts(.german)).hasSuffix("(8,0 ms, vergrößert: das Gerät verweigerte einen kleineren)"))
    }
}
