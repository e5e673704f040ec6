import Foundation

/// Renders the engine offline, as fast as it can, and writes the result as a WAV file. The caller
/// drives time: commands queued before a `render` call take effect at its first frame.
public final class WAVFileSink {
    public let renderer: NoteSlotRenderer
    public private(set) var samples: [Float] = []
    private var block = [Float](repeating: 0, count: 256)

    public init(renderer: NoteSlotRenderer) {
        self.renderer = renderer
    }

    /// Renders `frames` more frames and returns just those.
    @discardableResult
    public func render(frames: Int) -> ArraySlice<Float> {
        let start = samples.count
        samples.reserveCapacity(start + frames)
        var left = frames
        while left > 0 {
            let n = min(block.count, left)
            // invariant: `block` is allocated non-empty.
            block.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: n) }
            samples.append(contentsOf: block[0..<n])
            left -= n
        }
        return samples[start...]
    }

    @discardableResult
    public func render(seconds: Double) -> ArraySlice<Float> {
        render(frames: Int((seconds * NoteSlotRenderer.sampleRate).rounded()))
    }

    public func write(to url: URL, encoding: WAVFile.Encoding = .float32) throws {
        try WAVFile.write(samples, sampleRate: Int(NoteSlotRenderer.sampleRate), encoding: encoding, to: url)
    }
}
