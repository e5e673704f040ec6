import Atomics
import Foundation

/// The render-thread half of the engine: a fixed pool of note slots, each with its own synthesizer,
/// fed by a lock-free command ring, and a mixer for pre-rendered cues. Everything is allocated at
/// creation; `render` never allocates, locks or waits.
///
/// One thread at a time calls `render` (the output's thread, or the caller of an offline sink).
public final class NoteSlotRenderer: @unchecked Sendable {
    public static let sampleRate = 48000.0
    /// Frames mixed at a time: a whole ALSA period of the default size in one pass, so each slot's
    /// synthesizer is called once per period, not once per FluidSynth block.
    static let chunk = NoteSlot.chunkCapacity
    static let cueSlots = 4

    let commands = CommandRing<NoteSlotCommand>(capacity: 1024)
    /// Moves from the input thread, per slot (see `TuningMailbox`), and the last sequence taken of each.
    let tuning: TuningMailbox
    private var tuningSeen: [UInt64]
    private var tuningPosted: UInt64 = 0
    /// Per slot, the generation that owns it, 0 when free. The player claims a free slot by storing
    /// a new generation; the render thread frees it by exchanging its own generation for 0, so a slot
    /// claimed again in the meantime stays claimed.
    let owners: [ManagedAtomic<UInt32>]
    private let slots: [NoteSlot]
    private var cues: [(samples: CueSamples?, count: Int, position: Int, gain: Float, fade: Int)]
    private let mix: UnsafeMutablePointer<Float>
    private let clicks = ClickTrack(sounds: ClickSound.sounds)
    /// Which frame is heard when: the output measures it, the rhythm modes read it.
    public let audioClock = AudioClock()
    /// Output frames rendered so far (the render clock).
    public private(set) var frame: Int64 = 0
    private let _renderedFrames = ManagedAtomic<Int64>(0)

    init(slots: [NoteSlot]) {
        self.slots = slots
        owners = slots.map { _ in ManagedAtomic<UInt32>(0) }
        tuning = TuningMailbox(slots: slots.count)
        tuningSeen = Array(repeating: 0, count: slots.count)
        cues = Array(repeating: (nil, 0, 0, 0, 0), count: Self.cueSlots)
        mix = .allocate(capacity: Self.chunk)
    }

    deinit { mix.deallocate() }

    /// Whether this machine runs the resampler's AVX2/FMA loop (`SincKernel.Loop`), for the bench.
    public static var resamplesWithAVX2: Bool { SincKernel.shared.loop == .wide }

    /// Frames rendered so far, readable from any thread.
    public var renderedFrames: Int64 { _renderedFrames.load(ordering: .relaxed) }

    /// Fills `output` with `frames` mono samples (overwriting it), after applying every queued command.
    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        applyCommands()
        var done = 0
        while done < frames {
            let n = min(Self.chunk, frames - done)
            mix.update(repeating: 0, count: n)
            for slot in 0..<slots.count {
                let noteSlot = slots[slot]
                guard noteSlot.isActive else { continue }
                if !noteSlot.add(to: mix, frames: n, frame: frame) {
                    _ = owners[slot].compareExchange(expected: noteSlot.generation, desired: 0, ordering: .acquiringAndReleasing)
                }
            }
            addCues(frames: n)
            clicks.mix(into: mix, frames: n, start: frame)
            (output + done).update(from: mix, count: n)
            done += n
            frame += Int64(n)
        }
        _renderedFrames.store(frame, ordering: .relaxed)
    }

    /// Runs the render path once before real time (a start makes no xrun): every idle slot
    /// renders `frames` frames with no note (`NoteSlot.warmUp`: its synthesizer, the resampler, its
    /// buffers), then the mixer writes `frames` frames of silence into `scratch`. The render clock does
    /// not move and no slot changes state; the next note sounds exactly as without it. Call before
    /// the output's thread renders (one thread renders at a time); `scratch` holds `frames` samples.
    public func warmUp(scratch: UnsafeMutablePointer<Float>, frames: Int) {
        for noteSlot in slots { noteSlot.warmUp(scratch: scratch, frames: frames) }
        var done = 0
        while done < frames {
            let n = min(Self.chunk, frames - done)
            mix.update(repeating: 0, count: n)
            (scratch + done).update(from: mix, count: n)
            done += n
        }
    }

    /// `stopAll`, from the render thread itself (an output that lost its device).
    public func silenceFromRenderThread() {
        silenceAll()
    }

    private func silenceAll() {
        clicks.cancelWaiting()
        for noteSlot in slots { noteSlot.fadeOut() }
        for i in 0..<cues.count where cues[i].samples != nil && cues[i].fade == 0 { cues[i].fade = NoteSlot.fadeFrames }
    }

    private func applyCommands() {
        applyQueuedCommands()
        // Moves from the input thread after the queued commands; their times decide which move is newest.
        guard tuning.anyPosted(since: &tuningPosted) else { return }
        applyMoves()
    }

    /// The input thread's newest move of every slot. A move can overtake the command that armed its
    /// note: the queue was read just before the command came, the mailbox just after the move. That
    /// command is queued by now (the route the move went by was published after it), so a move for
    /// a note this slot does not hold yet applies the queue first.
    func applyMoves() {
        for slot in 0..<slots.count {
            guard let move = tuning.take(slot: slot, seen: &tuningSeen[slot]) else { continue }
            if move.generation != slots[slot].generation { applyQueuedCommands() }
            slots[slot].retune(generation: move.generation, ratio: move.ratio, causedAt: move.causedAt, whileHeld: true)
        }
    }

    private func applyQueuedCommands() {
        while let command = commands.pop() {
            switch command {
            case let .start(slot, generation, key, velocity, ratio, gain, releaseAfter):
                slots[slot].start(generation: generation, key: key, velocity: velocity, ratio: ratio, gain: gain,
                                  releaseFrame: releaseAfter < 0 ? .max : frame + Int64(releaseAfter))
            case let .arm(slot, generation, key, velocity, gain):
                slots[slot].arm(generation: generation, key: key, velocity: velocity, gain: gain)
            case let .retune(slot, generation, ratio, causedAt):
                slots[slot].retune(generation: generation, ratio: ratio, causedAt: causedAt)
            case let .release(slot, generation):
                slots[slot].release(generation: generation)
            case .silenceAll:
                silenceAll()
            case let .cue(samples, count, gain):
                // A free cue slot, or else the one closest to its end.
                var chosen = 0
                var leastLeft = Int.max
                for i in 0..<cues.count {
                    let left = cues[i].samples == nil ? -1 : cues[i].count - cues[i].position
                    if left < leastLeft { leastLeft = left; chosen = i }
                }
                cues[chosen] = (samples, count, 0, gain, 0)
            case let .click(frame, sound):
                _ = clicks.add(frame: frame, sound: sound)
            case .cancelClicks:
                clicks.cancelWaiting()
            }
        }
    }

    private func addCues(frames: Int) {
        for i in 0..<cues.count {
            guard let samples = cues[i].samples else { continue }
            var position = cues[i].position
            let gain = cues[i].gain
            var fade = cues[i].fade
            for j in 0..<frames where position < cues[i].count {
                var value = samples[position] * gain
                if fade > 0 {
                    value *= Float(fade) / Float(NoteSlot.fadeFrames)
                    fade -= 1
                    if fade == 0 { position = cues[i].count; break }
                }
                mix[j] += value
                position += 1
            }
            if position >= cues[i].count {
                cues[i] = (nil, 0, 0, 0, 0)
            } else {
                cues[i].position = position
                cues[i].fade = fade
            }
        }
    }
}
