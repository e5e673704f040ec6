import CFluidSynth
import CGLib
import Synchronization
import Foundation

/// One libfluidsynth synthesizer with one SoundFont and one preset on MIDI channel 0, rendering at
/// 48 kHz with reverb and chorus off. Not thread-safe: one thread owns it at a time (FluidSynth's own
/// API lock is switched off, so the render thread never waits on it).
final class FluidSynthesizer {
    static let blockSize = 64
    let path: String
    private let settings: OpaquePointer
    private let synth: OpaquePointer
    private let soundFontID: Int32
    /// The font object, held rather than looked up by id (a synthesizer that adds a font renumbers it).
    let font: OpaquePointer
    /// For a synthesizer that plays another's SoundFont: that one, kept alive while this one uses
    /// its font (it frees the font when it goes); the font is taken off this one before it goes.
    private let owner: FluidSynthesizer?

    /// A synthesizer that loads the SoundFont itself.
    init(soundFont path: String, preset: SoundFontPreset?, sampleRate: Double = NoteSlotRenderer.sampleRate) throws(SoundError) {
        Self.quietLog
        try SoundFontLocator.requireFile(path)
        // FluidSynth's header check first: a file that is not a SoundFont would otherwise go on to
        // libinstpatch's loader, which prints a GLib CRITICAL line before failing.
        guard fluid_is_soundfont(path) != 0 else { throw .soundFontUnreadable(path: path) }
        let (settings, synth) = try Self.make(sampleRate: sampleRate)
        let id = Self.quietly { fluid_synth_sfload(synth, path, 0) }
        guard id != FLUID_FAILED, let font = fluid_synth_get_sfont_by_id(synth, id) else {
            delete_fluid_synth(synth)
            delete_fluid_settings(settings)
            throw .soundFontUnreadable(path: path)
        }
        (self.path, self.settings, self.synth, self.soundFontID, self.font) = (path, settings, synth, id, font)
        owner = nil
        try select(preset)
    }

    /// A synthesizer that plays `owner`'s SoundFont: the font's presets and samples are in memory
    /// once for all of an engine's voice slots, not once per slot (with FluidR3_GM's piano, 8 slots
    /// held its samples 8 times).
    init(sharing owner: FluidSynthesizer, preset: SoundFontPreset?) throws(SoundError) {
        let (settings, synth) = try Self.make(sampleRate: owner.sampleRate)
        // Adding a font gives every channel a program from it (and channel 10 the drum kit), whose
        // samples dynamic loading would then keep in memory, 11 MB of drums with FluidR3_GM: the
        // channels are left without one, and only channel 0 gets the preset below.
        for channel in Int32(0)..<16 { fluid_synth_unset_program(synth, channel) }
        let font = owner.font
        let id = fluid_synth_add_sfont(synth, font)
        guard id != FLUID_FAILED else {
            delete_fluid_synth(synth)
            delete_fluid_settings(settings)
            throw .synthesizerFailed(synthesizer: true)
        }
        (self.path, self.settings, self.synth, self.soundFontID, self.font) = (owner.path, settings, synth, id, font)
        self.owner = owner
        try select(preset)
    }

    /// Runs `body` with GLib's messages without a handler of their own dropped: a file with a
    /// SoundFont's header but damaged contents goes on to libinstpatch's loader, which logs a GLib
    /// CRITICAL line before it fails, where Peach says what is wrong in words.
    /// One load at a time swaps the handler, so two loads at once cannot leave it swapped for good.
    private static func quietly<Result>(_ body: () -> Result) -> Result {
        gLogHandler.withLock { _ in
            let previous = g_log_set_default_handler({ _, _, _, _ in }, nil)
            defer { g_log_set_default_handler(previous, nil) }
            return body()
        }
    }

    private static let gLogHandler = Mutex(())

    private static func make(sampleRate: Double) throws(SoundError) -> (OpaquePointer, OpaquePointer) {
        guard let settings = new_fluid_settings() else { throw .synthesizerFailed(synthesizer: false) }
        fluid_settings_setnum(settings, "synth.sample-rate", sampleRate)
        fluid_settings_setint(settings, "synth.reverb.active", 0)
        fluid_settings_setint(settings, "synth.chorus.active", 0)
        fluid_settings_setint(settings, "synth.threadsafe-api", 0)
        // A slot's synthesizer sounds one note, and its release tail until the slot is free again:
        // the preset's layers for one key (a handful). FluidSynth allocates every voice up front,
        // so 32 cost 2.2 MB over the 8 slots (peach play 35.1 -> 33.1 MB); a ninth voice would
        // take the oldest one's place (FluidSynth's voice stealing).
        fluid_settings_setint(settings, "synth.polyphony", 8)
        // Only the selected preset's samples are loaded (all of FluidR3_GM's would be 148 MB).
        fluid_settings_setint(settings, "synth.dynamic-sample-loading", 1)
        fluid_settings_setint(settings, "synth.midi-channels", 16)
        fluid_settings_setnum(settings, "synth.gain", 0.5)
        guard let synth = new_fluid_synth(settings) else {
            delete_fluid_settings(settings)
            throw .synthesizerFailed(synthesizer: true)
        }
        return (settings, synth)
    }

    private func select(_ preset: SoundFontPreset?) throws(SoundError) {
        guard let preset else { return }
        guard fluid_synth_program_select(synth, 0, soundFontID, Int32(preset.bank), Int32(preset.program)) == FLUID_OK else {
            throw .presetNotFound(path: path, preset: preset, available: presets.count)
        }
    }

    /// The MIDI channels that have a preset (whose samples dynamic loading keeps in memory).
    var channelsWithAPreset: [Int32] {
        (Int32(0)..<16).filter { fluid_synth_get_channel_preset(synth, $0) != nil }
    }

    private var sampleRate: Double {
        var rate = 0.0
        fluid_settings_getnum(settings, "synth.sample-rate", &rate)
        return rate
    }

    deinit {
        // FluidSynth frees every font it holds with the synthesizer: a borrowed one is given back first.
        if owner != nil { fluid_synth_remove_sfont(synth, font) }
        delete_fluid_synth(synth)
        delete_fluid_settings(settings)
    }

    /// FluidSynth's warnings about SoundFont details would otherwise go to stderr.
    private static let quietLog: Void = {
        fluid_set_log_function(Int32(FLUID_WARN.rawValue), nil, nil)
        fluid_set_log_function(Int32(FLUID_INFO.rawValue), nil, nil)
        fluid_set_log_function(Int32(FLUID_DBG.rawValue), nil, nil)
        fluid_set_log_function(Int32(FLUID_ERR.rawValue), nil, nil)
    }()

    var presets: [SoundFontPresetInfo] {
        var result: [SoundFontPresetInfo] = []
        fluid_sfont_iteration_start(font)
        while let preset = fluid_sfont_iteration_next(font) {
            let name = fluid_preset_get_name(preset).map { String(cString: $0) } ?? ""
            result.append(SoundFontPresetInfo(preset: SoundFontPreset(bank: Int(fluid_preset_get_banknum(preset)),
                                                                      program: Int(fluid_preset_get_num(preset))),
                                              name: name))
        }
        return result.sorted { ($0.preset.bank, $0.preset.program) < ($1.preset.bank, $1.preset.program) }
    }

    func noteOn(key: Int32, velocity: Int32) { fluid_synth_noteon(synth, 0, key, velocity) }
    func noteOff(key: Int32) { fluid_synth_noteoff(synth, 0, key) }
    func silence() { fluid_synth_all_sounds_off(synth, -1) }
    var activeVoiceCount: Int { Int(fluid_synth_get_active_voice_count(synth)) }

    /// Renders `frames` frames into two mono buffers.
    func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        fluid_synth_write_float(synth, Int32(frames), left, 0, 1, right, 0, 1)
    }
}
