import Foundation

/// One voice slot on the render thread: its own synthesizer, always playing an integer key with no
/// pitch bend, and a resampler that moves the rendered audio by an exact ratio. The position
/// advances by the ratio in double precision, so the pitch is exact on average and a new ratio
/// continues from the current phase (no click, no glide).
final class NoteSlot {
    /// `armed`: a note that sounds at its first move (`arm`); silent and owned till then.
    enum State { case idle, armed, sounding, releasing, fading }

    static let sourceCapacity = 4096
    /// The most frames one `add` produces.
    static let chunkCapacity = 256
    /// The most source one `renderSource` appends: a chunk at the largest ratio, plus a block.
    private static let renderCapacity = 4 * chunkCapacity + FluidSynthesizer.blockSize
    /// Zeros kept before the first rendered sample: the silence the kernel looks back into.
    private static let history = SincKernel.before + 1
    /// Length of the ramp to silence for `silenceAll`, in frames (2 ms).
    static let fadeFrames = 96

    let synth: FluidSynthesizer
    private let kernel = SincKernel.shared
    private(set) var state = State.idle
    private(set) var generation: UInt32 = 0
    private var key: Int32 = 0
    private var velocity: Int32 = 0
    private var ratio = 1.0
    /// When the move that set `ratio` was read from its controller: an older move comes too late.
    private var tunedAt: UInt64 = 0
    private var gain: Float = 1
    /// Output frame at which a timed note is released; Int64.max when none.
    private var releaseFrame = Int64.max
    private var fadeRemaining = 0

    private let source: UnsafeMutablePointer<Float>
    private var sourceCount = 0
    private var index = 0
    private var fraction = 0.0
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    /// The resampled frames of one `produce`, before gain and fade.
    private let scratch: UnsafeMutablePointer<Float>

    init(synth: FluidSynthesizer) {
        self.synth = synth
        source = .allocate(capacity: Self.sourceCapacity)
        source.initialize(repeating: 0, count: Self.sourceCapacity)
        left = .allocate(capacity: Self.renderCapacity)
        right = .allocate(capacity: Self.renderCapacity)
        scratch = .allocate(capacity: Self.chunkCapacity)
        scratch.initialize(repeating: 0, count: Self.chunkCapacity)
    }

    deinit {
        source.deallocate()
        left.deallocate()
        right.deallocate()
        scratch.deallocate()
    }

    var isActive: Bool { state != .idle }

    /// Starts a note; a note still sounding in this slot (stolen) is cut off.
    func start(generation: UInt32, key: Int32, velocity: Int32, ratio: Double, gain: Float, releaseFrame: Int64) {
        arm(generation: generation, key: key, velocity: velocity, gain: gain)
        self.releaseFrame = releaseFrame
        sound(at: ratio)
    }

    /// Holds a note that starts at its first move (`retune`): Tune & Match's tunable note, which the
    /// first touch of the tuning control starts, from the input thread when it can (`TuningMailbox`).
    /// A note still sounding in this slot (stolen) is cut off.
    func arm(generation: UInt32, key: Int32, velocity: Int32, gain: Float) {
        if state != .idle { synth.silence() }
        self.generation = generation
        self.key = key
        self.velocity = velocity
        tunedAt = 0
        self.gain = gain
        releaseFrame = .max
        fadeRemaining = 0
        state = .armed
    }

    private func sound(at ratio: Double) {
        self.ratio = ratio
        for i in 0..<Self.history { source[i] = 0 }
        sourceCount = Self.history
        index = Self.history
        fraction = 0
        synth.noteOn(key: key, velocity: velocity)
        state = .sounding
    }

    /// Moves the note to `ratio` unless a move read later (`causedAt`, 0: none known) has already
    /// moved it. `whileHeld`: only until the note is released (a move from the input thread may
    /// still come after the commit that released it; the tail keeps the committed pitch).
    func retune(generation: UInt32, ratio: Double, causedAt: UInt64, whileHeld: Bool = false) {
        guard state != .idle, generation == self.generation, !whileHeld || state == .sounding || state == .armed else { return }
        if causedAt != 0 {
            guard causedAt >= tunedAt else { return }
            tunedAt = causedAt
        }
        if state == .armed { sound(at: ratio) } else { self.ratio = ratio }
    }

    func release(generation: UInt32) {
        guard generation == self.generation else { return }
        releaseNow()
    }

    private func releaseNow() {
        if state == .armed {
            // Never sounded: nothing to fade; `add` frees the slot.
            state = .fading
            return
        }
        guard state == .sounding else { return }
        synth.noteOff(key: key)
        state = .releasing
        releaseFrame = .max
    }

    func fadeOut() {
        guard state != .idle, state != .fading else { return }
        fadeRemaining = state == .armed ? 0 : Self.fadeFrames
        state = .fading
    }

    /// Runs this slot's render path with no note, for `frames` frames into `scratch`: FluidSynth's
    /// mixer into the slot's buffers and the resampler over silence, so the first real period finds
    /// its code, tables and buffers warm. Only on an idle slot, on the thread that renders. A silent
    /// note would warm FluidSynth's voice too, but it leaves a trace (the next note differs by about
    /// −98 dBFS); this leaves none.
    func warmUp(scratch: UnsafeMutablePointer<Float>, frames: Int) {
        guard state == .idle else { return }
        var done = 0
        while done < frames {
            let n = min(Self.chunkCapacity, frames - done)
            synth.render(frames: n, left: left, right: right)
            // Over the zeros before the first rendered sample; the slot's own position is not moved.
            var index = Self.history, fraction = 0.5
            kernel.resample(source, index: &index, fraction: &fraction, ratio: 0, into: self.scratch, frames: n)
            for j in 0..<n { scratch[done + j] = self.scratch[j] * (left[j] + right[j]) }
            done += n
        }
    }

    /// Adds `frames` (≤ `chunkCapacity`) frames of this slot to `output`, the first being output frame `frame`.
    /// Returns false when the slot has just fallen silent (it is free again).
    func add(to output: UnsafeMutablePointer<Float>, frames: Int, frame: Int64) -> Bool {
        guard state != .idle else { return false }
        if state == .armed { return true }
        if state == .fading, fadeRemaining == 0 {
            // An armed note let go before it sounded.
            synth.silence()
            state = .idle
            return false
        }
        if state == .sounding, releaseFrame < frame + Int64(frames) {
            let before = max(0, Int(releaseFrame - frame))
            produce(into: output, frames: before)
            releaseNow()
            produce(into: output + before, frames: frames - before)
        } else {
            produce(into: output, frames: frames)
        }
        switch state {
        case .releasing where synth.activeVoiceCount == 0 && sourceIsSilent:
            state = .idle
            return false
        case .fading where fadeRemaining == 0:
            synth.silence()
            state = .idle
            return false
        default:
            return true
        }
    }

    private var sourceIsSilent: Bool {
        for i in max(0, index - SincKernel.before)..<sourceCount where source[i] != 0 { return false }
        return true
    }

    private func produce(into output: UnsafeMutablePointer<Float>, frames: Int) {
        guard frames > 0 else { return }
        // Source samples the last output frame of this run reads, plus the kernel's look-ahead.
        let last = Double(index) + fraction + ratio * Double(frames - 1)
        let needed = Int(last) + (SincKernel.taps - SincKernel.before)
        if sourceCount < needed { renderSource(needed - sourceCount) }
        kernel.resample(source, index: &index, fraction: &fraction, ratio: ratio, into: scratch, frames: frames)
        if state == .fading {
            for j in 0..<frames {
                let fade = fadeRemaining > 0 ? Float(fadeRemaining) / Float(Self.fadeFrames) : 0
                fadeRemaining = max(0, fadeRemaining - 1)
                output[j] += scratch[j] * gain * fade
            }
        } else {
            for j in 0..<frames { output[j] += scratch[j] * gain }
        }
        compact()
    }

    /// Renders at least `count` frames (whole FluidSynth blocks, in one call) and appends them, as
    /// mono, to the source.
    private func renderSource(_ count: Int) {
        let block = FluidSynthesizer.blockSize
        let n = min(Self.renderCapacity, (count + block - 1) / block * block)
        synth.render(frames: n, left: left, right: right)
        let target = source + sourceCount
        for i in 0..<n { target[i] = (left[i] + right[i]) * 0.5 }
        sourceCount += n
    }

    /// Drops the source the kernel will never read again, once enough has collected.
    private func compact() {
        let drop = index - SincKernel.before
        guard drop >= Self.sourceCapacity / 2 else { return }
        memmove(source, source + drop, (sourceCount - drop) * MemoryLayout<Float>.stride)
        sourceCount -= drop
        index -= drop
    }
}
