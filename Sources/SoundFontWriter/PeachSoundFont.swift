import Foundation

/// The default sound of Peach: exactly tuned tones, one preset per `Timbre` in bank 0.
///
/// Every sample loops an integer number of periods, chosen so that the looped frequency at the
/// sample's root key is the key's 12-TET frequency (A4 = 440 Hz) within `toleranceCents`. Roots sit
/// on every D♯ and A (a tritone apart), so no key is played more than three semitones from its root.
public enum PeachSoundFont {
    public static let sampleRate = 48_000
    public static let referencePitch = 440.0
    public static let toleranceCents = 0.001
    /// Harmonics of every key a zone covers stay below this (under the Nyquist frequency of 44.1 kHz
    /// and of a synthesizer rate lowered by a semitone from 48 kHz).
    public static let highestPartialHz = 20_000.0
    /// 90 % of full scale.
    public static let peak = 29_490.0
    /// D♯0, A0, D♯1, … A8, D♯9.
    public static let rootKeys: [UInt8] = Array(stride(from: 15, through: 123, by: 6))
    public static let timbres: [Timbre] = [.sine, .softOrgan, .pluck]

    public static let info = SoundFontInfo(
        name: "Peach",
        engineer: "Peach for Linux",
        copyright: "CC0-1.0: made by the Peach for Linux project, no rights reserved",
        comment: "Exactly tuned tones for ear training. Each sample loops a whole number of periods whose "
            + "frequency is its root key's equal-tempered pitch (A4 = 440 Hz) within 0.001 cent at 48 kHz; "
            + "no vibrato, no effects sends, one layer per key. Made by peach-soundfont (make soundfont).",
        software: "peach-soundfont")

    /// Generators and modulators every instrument shares besides its envelope: loop while held,
    /// and nothing that moves the pitch or sends to reverb or chorus.
    public static let sharedSettings = ZoneSettings(
        generators: [
            .loopContinuously,
            Generator(.vibLfoToPitch, 0), Generator(.modLfoToPitch, 0), Generator(.modEnvToPitch, 0),
            Generator(.reverbEffectsSend, 0), Generator(.chorusEffectsSend, 0),
        ],
        modulators: [.noModWheelVibrato, .noPressureVibrato, .noReverbFromController, .noChorusFromController])

    /// FluidSynth gives MIDI channel 10 to drums and warns on loading a bank without bank 128
    /// program 0; this preset plays the Sine there, so the bank loads without a warning.
    public static let drumChannelPreset = Preset(name: "Sine", bank: 128, program: 0, instrumentIndex: 0)

    public static func frequency(ofKey key: Int) -> Double {
        referencePitch * pow(2, Double(key - 69) / 12)
    }

    /// The keys the root at `index` of `rootKeys` plays: three below to two above, the outer ones to the ends.
    public static func keys(ofRootAt index: Int) -> ClosedRange<UInt8> {
        let root = rootKeys[index]
        let lowest = index == 0 ? 0 : root - 3
        let highest = index == rootKeys.count - 1 ? 127 : root + 2
        return lowest...highest
    }

    /// The harmonics of `timbre` that stay below `highestPartialHz` on every key up to `highestKey`.
    public static func harmonics(of timbre: Timbre, upTo highestKey: UInt8) -> [Double] {
        let top = frequency(ofKey: Int(highestKey))
        let count = max(1, timbre.harmonics.indices.prefix { Double($0 + 1) * top < highestPartialHz }.count)
        return Array(timbre.harmonics.prefix(count))
    }

    /// The exactly tuned loop of a root key.
    public static func loop(forRoot key: UInt8) -> ExactLoop {
        guard let loop = ExactLoop.shortest(for: frequency(ofKey: Int(key)), sampleRate: sampleRate,
                                            toleranceCents: toleranceCents) else {
            preconditionFailure("no loop within \(toleranceCents) cent for key \(key)")
        }
        return loop
    }

    public static func make() -> SoundFont {
        var samples: [Sample] = []
        var sampleIndex: [SampleKey: Int] = [:]
        let loops = rootKeys.map(loop(forRoot:))
        var instruments: [Instrument] = []
        for timbre in timbres {
            var zones: [InstrumentZone] = []
            for (index, root) in rootKeys.enumerated() {
                let keys = keys(ofRootAt: index)
                let amplitudes = harmonics(of: timbre, upTo: keys.upperBound)
                // A zone whose harmonics are cut down to what another timbre has plays that sample.
                let key = SampleKey(root: root, harmonics: amplitudes)
                let zoneSample: Int
                if let existing = sampleIndex[key] {
                    zoneSample = existing
                } else {
                    zoneSample = samples.count
                    sampleIndex[key] = zoneSample
                    samples.append(sample(named: "\(timbre.sampleName) \(noteName(root))", root: root,
                                          harmonics: amplitudes, loop: loops[index]))
                }
                zones.append(InstrumentZone(keys: keys, sampleIndex: zoneSample))
            }
            var shared = sharedSettings
            shared.generators = timbre.envelope + shared.generators
            instruments.append(Instrument(name: timbre.name, shared: shared, zones: zones))
        }
        let presets = timbres.enumerated().map { index, timbre in
            Preset(name: timbre.name, bank: 0, program: UInt16(index), instrumentIndex: index)
        } + [drumChannelPreset]
        return SoundFont(info: info, samples: samples, instruments: instruments, presets: presets)
    }

    private struct SampleKey: Hashable {
        var root: UInt8
        var harmonics: [Double]
    }

    /// The loop, with the required frames before and after it continuing the same wave.
    private static func sample(named name: String, root: UInt8, harmonics: [Double], loop: ExactLoop) -> Sample {
        let period = Waveform.quantized(Waveform.harmonicLoop(amplitudes: harmonics, loop: loop), peak: peak)
        let margin = SoundFontEncoder.framesAroundLoop
        let frames = (0..<(loop.length + 2 * margin)).map { period[$0 % loop.length] }
        return Sample(name: name, frames: frames, loop: margin..<(margin + loop.length),
                      sampleRate: UInt32(sampleRate), rootKey: root)
    }

    /// "C4", "D#0": octave = key / 12 − 1, sharps.
    public static func noteName(_ key: UInt8) -> String {
        let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
        return "\(names[Int(key) % 12])\(Int(key) / 12 - 1)"
    }
}
