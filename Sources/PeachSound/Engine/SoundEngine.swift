import Atomics
import Foundation
import PeachDomain

/// The exact-pitch note player on FluidSynth.
///
/// Each note is rendered by FluidSynth at the integer key nearest to it, with no pitch bend (so
/// FluidSynth's whole-cent rounding never applies), in a voice slot with its own synthesizer; our own
/// resampler then moves it by the exact ratio to the requested frequency, divided by the key's
/// measured deviation (`NoteCalibration`). The methods only queue commands for the render thread:
/// they never block and never wait for audio.
@MainActor
public final class SoundEngine: NotePlayer {
    /// Voice slots: more than training ever sounds at once (two notes, plus the release tails of
    /// the two before them when the player answers quickly). Each slot's synthesizer holds about
    /// half a megabyte (FluidSynth's mixer buffers), so no more than that.
    public static let defaultSlotCount = 4
    /// How far `adjustFrequency` may move a note from the key it was started on (two octaves).
    nonisolated static let ratioRange = 0.25...4.0

    public nonisolated let renderer: NoteSlotRenderer
    public let calibration: NoteCalibration
    public let soundFont: String
    public let preset: SoundFontPreset

    private var generations: [UInt32]
    /// Per slot, when it was last claimed: the oldest is taken when every slot is busy.
    private var claimedAt: [Int]
    private var claims = 0
    /// Cues the render thread may still read (it reads their samples without owning them), each with
    /// the rendered frame after which it surely no longer does. A spoken report is a new cue each
    /// time: without letting go, every one would stay in memory for as long as the box runs.
    private var keptCues: [ObjectIdentifier: (cue: SampledSound, until: Int64)] = [:]
    /// Frames beyond a cue's own length before it is let go: a command may wait for the render call
    /// after the current one (at most two of the largest periods), with room to spare.
    static let cueMargin: Int64 = 48_000

    /// How many cues are held for the render thread now.
    var heldCueCount: Int { keptCues.count }

    public init(soundFont: String, preset: SoundFontPreset, calibration: NoteCalibration,
                voiceCount: Int = SoundEngine.defaultSlotCount) throws(SoundError) {
        // One synthesizer per slot (each slot's source runs at its own pace under the resampler),
        // all playing the first one's SoundFont.
        let first = try FluidSynthesizer(soundFont: soundFont, preset: preset)
        var slots = [NoteSlot(synth: first)]
        for _ in 1..<max(1, voiceCount) {
            slots.append(NoteSlot(synth: try FluidSynthesizer(sharing: first, preset: preset)))
        }
        renderer = NoteSlotRenderer(slots: slots)
        self.calibration = calibration
        self.soundFont = soundFont
        self.preset = preset
        generations = Array(repeating: 0, count: slots.count)
        claimedAt = Array(repeating: 0, count: slots.count)
    }

    public func play(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        try start(frequency: frequency, velocity: velocity, amplitude: amplitude, releaseAfter: -1)
    }

    public func play(frequency: Frequency, duration: NoteDuration, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws
        -> any PlaybackHandle {
        try play(frequency: frequency, seconds: duration.seconds, velocity: velocity, amplitude: amplitude)
    }

    /// A timed note of any length (the CLI's `--duration`), released by the render thread at its
    /// exact frame.
    public func play(frequency: Frequency, seconds: Double, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws
        -> SoundEngineNote {
        try start(frequency: frequency, velocity: velocity, amplitude: amplitude,
                  releaseAfter: max(0, Int((seconds * NoteSlotRenderer.sampleRate).rounded())))
    }

    /// Tune & Match's tunable note: silent until its first move, from `adjustFrequency` or from the
    /// input thread through `directlyTunable`, whichever comes first; it then sounds from that move's
    /// pitch. Played on the key nearest `frequency` (the control's centre); its moves reach it by ratio.
    public func prepare(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        let placement = try placement(of: frequency)
        let (slot, generation) = claimNewGeneration()
        try send(.arm(slot: slot, generation: generation, key: Int32(placement.key), velocity: Int32(velocity.rawValue),
                      gain: Float(amplitude.linearGain)))
        return SoundEngineNote(engine: self, slot: slot, generation: generation, keyFrequency: placement.keyFrequency)
    }

    public func stopAll() throws {
        try send(.silenceAll)
    }

    /// Mixes a pre-rendered cue into the output at `amplitude`; it does not take a voice slot.
    public func playCue(_ cue: SampledSound, amplitude: AmplitudeDB) throws {
        let now = renderer.renderedFrames
        keptCues = keptCues.filter { $0.value.until >= now }
        let until = now + Int64(cue.count) + Self.cueMargin
        let id = ObjectIdentifier(cue)
        keptCues[id] = (cue, max(until, keptCues[id]?.until ?? 0))
        guard cue.count > 0 else { return }
        try send(.cue(samples: cue.samples, count: cue.count, gain: Float(amplitude.linearGain)))
    }

    /// Throws what playing `frequency` would: to say so before an audio device is opened.
    public func checkPlayable(_ frequency: Frequency) throws(SoundError) {
        _ = try placement(of: frequency)
    }

    /// The key a frequency is rendered on and the ratio the resampler applies to it.
    func placement(of frequency: Frequency) throws(SoundError) -> (key: Int, keyFrequency: Double, ratio: Double) {
        guard let nearest = calibration.nearestKey(to: frequency.rawValue) else {
            throw .frequencyOutOfRange(frequency: frequency.rawValue)
        }
        let ratio = frequency.rawValue / nearest.frequency
        guard Self.ratioRange.contains(ratio) else { throw .frequencyOutOfRange(frequency: frequency.rawValue) }
        return (nearest.key, nearest.frequency, ratio)
    }

    private func start(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB, releaseAfter: Int) throws
        -> SoundEngineNote {
        let placement = try placement(of: frequency)
        let (slot, generation) = claimNewGeneration()
        try send(.start(slot: slot, generation: generation, key: Int32(placement.key), velocity: Int32(velocity.rawValue),
                        ratio: placement.ratio, gain: Float(amplitude.linearGain), releaseAfter: releaseAfter))
        return SoundEngineNote(engine: self, slot: slot, generation: generation, keyFrequency: placement.keyFrequency)
    }

    /// A slot (`claimSlot`) and the next generation of it, which owns it from now on.
    private func claimNewGeneration() -> (slot: Int, generation: UInt32) {
        let slot = claimSlot()
        generations[slot] = generations[slot] &+ 1 == 0 ? 1 : generations[slot] &+ 1
        renderer.owners[slot].store(generations[slot], ordering: .releasing)
        return (slot, generations[slot])
    }

    /// A free slot, else the one claimed longest ago (its note is cut off).
    private func claimSlot() -> Int {
        claims += 1
        var oldest = 0
        for slot in 0..<generations.count {
            if renderer.owners[slot].load(ordering: .acquiring) == 0 {
                claimedAt[slot] = claims
                return slot
            }
            if claimedAt[slot] < claimedAt[oldest] { oldest = slot }
        }
        claimedAt[oldest] = claims
        return oldest
    }

    func send(_ command: NoteSlotCommand) throws(SoundError) {
        guard renderer.commands.push(command) else { throw .commandQueueFull }
    }
}

/// One sounding note of a `SoundEngine`. It names its voice slot and the generation of that slot, so
/// once the slot has gone to another note this handle no longer reaches it.
@MainActor
public final class SoundEngineNote: PlaybackHandle {
    private weak var engine: SoundEngine?
    let slot: Int
    let generation: UInt32
    /// What the note's key actually sounds at; frequencies are reached by ratio from it.
    let keyFrequency: Double
    private var isStopped = false
    private let directNote: DirectNote

    init(engine: SoundEngine, slot: Int, generation: UInt32, keyFrequency: Double) {
        self.engine = engine
        self.slot = slot
        self.generation = generation
        self.keyFrequency = keyFrequency
        directNote = DirectNote(mailbox: engine.renderer.tuning, slot: slot, generation: generation, keyFrequency: keyFrequency)
    }

    public func adjustFrequency(_ frequency: Frequency) throws {
        guard !isStopped, let engine else { return }
        let ratio = frequency.rawValue / keyFrequency
        guard SoundEngine.ratioRange.contains(ratio) else { throw SoundError.frequencyOutOfRange(frequency: frequency.rawValue) }
        try engine.send(.retune(slot: slot, generation: generation, ratio: ratio, causedAt: TuningMoveTime.current))
    }

    public var directlyTunable: (any DirectlyTunableNote)? { directNote }

    public func stop() throws {
        guard !isStopped else { return }
        isStopped = true
        try engine?.send(.release(slot: slot, generation: generation))
    }
}

/// When the controller event being handled was read (monotonic ns, as the sequencer stamps it), for
/// the retunes it causes: a move that already reached the note from the input thread
/// (`DirectlyTunableNote`) is not undone by the same or an older move forwarded later.
public enum TuningMoveTime {
    /// 0: unknown (the computer keyboard); such a retune applies whenever it comes.
    @TaskLocal public static var current: UInt64 = 0
    /// A commit's held value: no later move reaches the note it releases.
    public static let final = UInt64.max
}

/// A note of the engine as the input thread reaches it: its slot's `TuningMailbox`.
struct DirectNote: DirectlyTunableNote {
    let mailbox: TuningMailbox
    let slot: Int
    let generation: UInt32
    let keyFrequency: Double

    func retune(to frequency: Frequency, causedAt time: UInt64) {
        let ratio = frequency.rawValue / keyFrequency
        guard SoundEngine.ratioRange.contains(ratio) else { return }
        mailbox.post(slot: slot, TuningMailbox.Move(generation: generation, ratio: ratio, causedAt: time))
    }
}
