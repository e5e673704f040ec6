import Foundation
import PeachTestSupport
import Testing
@testable import SoundFontWriter

/// The committed `SoundFonts/peach.sf2`: that the tool remakes it byte for byte, and that what it
/// holds is what the README promises.
@Suite("Peach's default SoundFont")
struct PeachSoundFontTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let committedFile = repository.appendingPathComponent("SoundFonts/peach.sf2")
    static let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("peach-soundfont")

    static func committedBytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: committedFile)) }
    static func committed() throws -> SoundFontFile { try SoundFontFile(bytes: committedBytes()) }

    @Test("the encoder remakes the committed file byte for byte")
    func reproducibleInProcess() throws {
        let fresh = try SoundFontEncoder.encode(PeachSoundFont.make())
        let committed = try Self.committedBytes()
        #expect(fresh.count == committed.count)
        #expect(fresh == committed, "SoundFonts/peach.sf2 is stale: run `make soundfont`")
    }

    @Test("peach-soundfont writes the committed file into another directory",
          .enabled(if: FileManager.default.isExecutableFile(atPath: tool.path)))
    func reproducibleByTheTool() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("peach-soundfont-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("peach.sf2")
        let result = try run(Self.tool, [output.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("4 presets"))
        #expect(try Data(contentsOf: output) == Data(contentsOf: Self.committedFile))
    }

    @Test("peach-soundfont names the directory it cannot write into",
          .enabled(if: FileManager.default.isExecutableFile(atPath: tool.path)))
    func unwritableDirectory() throws {
        let result = try run(Self.tool, ["/nonexistent-peach-directory/peach.sf2"])
        #expect(result.status == 1)
        #expect(result.output.contains("/nonexistent-peach-directory"))
    }

    @Test("peach-soundfont explains itself on --help and refuses unknown arguments with its usage",
          .enabled(if: FileManager.default.isExecutableFile(atPath: tool.path)))
    func usage() throws {
        let help = try run(Self.tool, ["--help"])
        #expect(help.status == 0 && help.output.hasPrefix("USAGE: peach-soundfont [FILE]"))
        let wrong = try run(Self.tool, ["--frobnicate"])
        #expect(wrong.status == 64 && wrong.output.contains("--frobnicate") && wrong.output.contains("USAGE"))
        let two = try run(Self.tool, ["a.sf2", "b.sf2"])
        #expect(two.status == 64)
    }

    @Test("INFO says SoundFont 2.01, EMU8000, the name and the licence; no date")
    func info() throws {
        let file = try Self.committed()
        #expect(file.version.major == 2 && file.version.minor == 1)
        #expect(file.infoText("isng") == "EMU8000")
        #expect(file.infoText("INAM") == "Peach")
        #expect(file.infoText("ICOP")?.hasPrefix("CC0-1.0") == true)
        #expect(file.infoText("ICRD") == nil)
        #expect(file.infoText("ISFT") == "peach-soundfont")
    }

    @Test("three presets in bank 0 and the Sine on the drum bank, each one zone naming its instrument, and the terminal records")
    func presets() throws {
        let file = try Self.committed()
        #expect(file.presets.map(\.name) == ["Sine", "Soft Organ", "Pluck", "Sine", "EOP"])
        #expect(file.presets.dropLast().map(\.program) == [0, 1, 2, 0])
        #expect(file.presets.dropLast().map(\.bank) == [0, 0, 0, 128])
        #expect(file.presets.map(\.bagIndex) == [0, 1, 2, 3, 4])
        #expect(file.presetBags.map(\.generatorIndex) == [0, 1, 2, 3, 4])
        #expect(file.presetBags.allSatisfy { $0.modulatorIndex == 0 })
        #expect(file.presetModulators == [.init(source: 0, destination: 0, amount: 0, amountSource: 0, transform: 0)])
        #expect(file.presetGenerators.map(\.kind) == [41, 41, 41, 41, 0])
        #expect(file.presetGenerators.map(\.amount) == [0, 1, 2, 0, 0])
        #expect(file.instruments.map(\.name) == ["Sine", "Soft Organ", "Pluck", "EOI"])
        #expect(file.instruments.last?.bagIndex == UInt16(file.instrumentBags.count - 1))
        #expect(file.instrumentBags.last?.generatorIndex == UInt16(file.instrumentGenerators.count - 1))
        #expect(file.instrumentBags.last?.modulatorIndex == UInt16(file.instrumentModulators.count - 1))
        #expect(file.instrumentGenerators.last == .init(kind: 0, amount: 0))
        #expect(file.instrumentModulators.last == .init(source: 0, destination: 0, amount: 0, amountSource: 0, transform: 0))
        #expect(file.samples.last?.name == "EOS")
    }

    @Test("every instrument: a shared zone without vibrato or effects sends, then zones covering keys 0–127 once, each within three semitones of its root")
    func instrumentZones() throws {
        let file = try Self.committed()
        for (index, instrument) in file.instruments.dropLast().enumerated() {
            let bags = Int(instrument.bagIndex)..<Int(file.instruments[index + 1].bagIndex)
            let zones = bags.map { bag in
                let generators = Int(file.instrumentBags[bag].generatorIndex)..<Int(file.instrumentBags[bag + 1].generatorIndex)
                let modulators = Int(file.instrumentBags[bag].modulatorIndex)..<Int(file.instrumentBags[bag + 1].modulatorIndex)
                return (Array(file.instrumentGenerators[generators]), Array(file.instrumentModulators[modulators]))
            }
            let (shared, sharedModulators) = zones[0]
            let setting = { (kind: GeneratorKind) in shared.first { $0.kind == kind.rawValue }?.signedAmount }
            #expect(!shared.contains { $0.kind == GeneratorKind.sampleID.rawValue }, "\(instrument.name): first zone is global")
            for kind in [GeneratorKind.vibLfoToPitch, .modLfoToPitch, .modEnvToPitch, .reverbEffectsSend, .chorusEffectsSend] {
                #expect(setting(kind) == 0, "\(instrument.name): \(kind)")
            }
            #expect(setting(.sampleModes) == 1)
            #expect(setting(.releaseVolEnv) == -4373, "\(instrument.name): release 80 ms")
            #expect((setting(.attackVolEnv) ?? 0) <= -7800, "\(instrument.name): attack of at most about 10 ms")
            #expect(Set(sharedModulators.map(\.source)) == [0x0081, 0x000D, 0x00DB, 0x00DD])
            #expect(sharedModulators.allSatisfy { $0.amount == 0 })

            var covered: [UInt8] = []
            for (generators, modulators) in zones.dropFirst() {
                #expect(generators.first?.kind == GeneratorKind.keyRange.rawValue, "keyRange comes first")
                #expect(generators.last?.kind == GeneratorKind.sampleID.rawValue, "sampleID comes last")
                #expect(modulators.isEmpty)
                guard let keys = generators.first?.range, let sampleID = generators.last?.amount else { continue }
                let root = file.samples[Int(sampleID)].originalPitch
                covered += Array(keys)
                // Only the subsonic keys below C0 and the keys above D#9 are further from their root.
                #expect(keys.allSatisfy { abs(Int($0) - Int(root)) <= 3 || $0 < 12 || $0 > 123 },
                        "\(instrument.name): keys \(keys) from root \(root)")
            }
            #expect(covered == Array(0...127), "\(instrument.name): every key once, in order")
        }
    }

    @Test("every sample: mono at 48 kHz, pitch correction 0, 46 zero frames after it, 8 frames around its loop")
    func sampleHeaders() throws {
        let file = try Self.committed()
        var expectedStart: UInt32 = 0
        for sample in file.samples.dropLast() {
            #expect(sample.start == expectedStart, "\(sample.name): samples follow each other")
            #expect(sample.sampleRate == 48_000 && sample.pitchCorrection == 0 && sample.sampleType == 1 && sample.sampleLink == 0)
            #expect(sample.loopStart >= sample.start + 8 && sample.loopEnd + 8 <= sample.end && sample.loopEnd - sample.loopStart >= 32)
            let after = file.sampleData[Int(sample.end)..<Int(sample.end) + 46]
            #expect(after.allSatisfy { $0 == 0 }, "\(sample.name): 46 zero frames follow")
            expectedStart = sample.end + 46
        }
        #expect(Int(expectedStart) == file.sampleData.count)
        #expect(file.sampleData.count * 2 < 1_000_000, "the sample data stays under 1 MB")
    }

    @Test("every loop holds a whole number of periods at its root key's 12-TET frequency within 0.001 cent, and joins seamlessly")
    func exactLoops() throws {
        let file = try Self.committed()
        let frames = file.sampleData.map(Double.init)
        for sample in file.samples.dropLast() {
            let start = Int(sample.loopStart), end = Int(sample.loopEnd), length = end - start
            let frequency = 440 * pow(2, (Double(sample.originalPitch) - 69) / 12)
            let cycles = Int((frequency * Double(length) / 48_000).rounded())
            let cents = 1200 * log2(Double(cycles) * 48_000 / Double(length) / frequency)
            #expect(abs(cents) <= 0.001, "\(sample.name): \(cycles) cycles in \(length) frames is \(cents) cent off")
            // The wave continues across the loop's end: the frames around the end repeat those around the start.
            for offset in -8..<8 {
                #expect(frames[end + offset] == frames[start + offset], "\(sample.name): frame \(offset) from the loop end")
            }
            // And the loop really holds that many periods of the fundamental: it is the strongest partial.
            let loop = Array(frames[start..<end])
            let fundamental = magnitude(of: loop, cycles: cycles)
            #expect(fundamental > 0.3 * 29_490, "\(sample.name)")
            for other in [cycles - 1, cycles + 1, cycles / 2] where other > 0 {
                #expect(magnitude(of: loop, cycles: other) < 0.001 * fundamental, "\(sample.name): \(other) cycles")
            }
        }
    }

    @Test("the Sine samples are pure sines: within half a step of 16 bits of the exact wave, largest frame at the peak")
    func pureSines() throws {
        let file = try Self.committed()
        let sines = file.samples.filter { $0.name.hasPrefix("Sine") }
        #expect(sines.count == PeachSoundFont.rootKeys.count)
        for sample in sines {
            let length = Int(sample.loopEnd - sample.loopStart)
            let frequency = 440 * pow(2, (Double(sample.originalPitch) - 69) / 12)
            let cycles = Int((frequency * Double(length) / 48_000).rounded())
            let wave = (0..<length).map { sin(2 * Double.pi * Double(cycles * $0 % length) / Double(length)) }
            // Scaled so that the largest frame, not the crest between frames, reaches the peak.
            let scale = PeachSoundFont.peak / wave.map(abs).max()!
            for frame in Int(sample.start)..<Int(sample.end) {
                let exact = scale * wave[(frame - Int(sample.start)) % length]
                #expect(abs(Double(file.sampleData[frame]) - exact) <= 0.5 + 1e-9, "\(sample.name) frame \(frame)")
            }
            let frames = file.sampleData[Int(sample.start)..<Int(sample.end)]
            #expect(frames.map { abs(Int($0)) }.max() == Int(PeachSoundFont.peak.rounded()))
        }
    }

    @Test("harmonic presets: no partial at or above 20 kHz on any key a zone plays, and the lower zones keep all harmonics")
    func harmonicsBelowNyquist() throws {
        let font = PeachSoundFont.make()
        for (instrument, timbre) in zip(font.instruments, PeachSoundFont.timbres) {
            for zone in instrument.zones {
                let sample = font.samples[zone.sampleIndex]
                let loop = Array(sample.frames[sample.loop]).map(Double.init)
                let cycles = PeachSoundFont.loop(forRoot: sample.rootKey).cycles
                let top = PeachSoundFont.frequency(ofKey: Int(zone.keys.upperBound))
                let strongest = magnitude(of: loop, cycles: cycles)
                for harmonic in 1...max(timbre.harmonics.count, 1) {
                    let present = magnitude(of: loop, cycles: harmonic * cycles) > 0.01 * strongest
                    let allowed = Double(harmonic) * top < 20_000 || harmonic == 1
                    #expect(!present || allowed, "\(timbre.name) \(sample.name): harmonic \(harmonic) up to \(Double(harmonic) * top) Hz")
                    if harmonic <= timbre.harmonics.count, allowed, timbre.harmonics[harmonic - 1] >= 0.05 {
                        #expect(present, "\(timbre.name) \(sample.name): harmonic \(harmonic) is missing")
                    }
                }
            }
        }
    }

    @Test("the tool's report: zones below middle C keep all six organ harmonics, the top zone is a plain sine shared with Sine")
    func sharedSamples() {
        let font = PeachSoundFont.make()
        let organ = font.instruments[1], sine = font.instruments[0]
        #expect(font.samples[organ.zones[7].sampleIndex].name == "Organ A3")
        #expect(PeachSoundFont.harmonics(of: .softOrgan, upTo: organ.zones[7].keys.upperBound).count == 6)
        #expect(organ.zones.last?.sampleIndex == sine.zones.last?.sampleIndex)
    }

    /// |Σ x[n]·e^(−2πi·cycles·n/N)| · 2/N: the amplitude of the partial with `cycles` periods in the loop.
    private func magnitude(of loop: [Double], cycles: Int) -> Double {
        var re = 0.0, im = 0.0
        for (n, x) in loop.enumerated() {
            let angle = 2 * Double.pi * Double((cycles * n) % loop.count) / Double(loop.count)
            re += x * cos(angle)
            im -= x * sin(angle)
        }
        return 2 * (re * re + im * im).squareRoot() / Double(loop.count)
    }
}

func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try ProcessRunner.run(executable, arguments)
}
