import Testing
@testable import SoundFontWriter

@Suite("SoundFont encoder")
struct SoundFontEncoderTests {
    static let info = SoundFontInfo(name: "Test", engineer: "e", copyright: "c", comment: "odd", software: "t")

    static func sample(_ name: String = "Tone", frames: Int = 64, loop: Range<Int> = 8..<56) -> Sample {
        Sample(name: name, frames: (0..<frames).map { Int16($0 * 100 - 3000) }, loop: loop, sampleRate: 48_000, rootKey: 69)
    }

    static func font(sample: Sample = sample(), zones: [InstrumentZone]? = nil, presetName: String = "Tone",
                     instrumentIndex: Int = 0, shared: ZoneSettings = ZoneSettings()) -> SoundFont {
        SoundFont(info: info, samples: [sample],
                  instruments: [Instrument(name: "Tone", shared: shared, zones: zones ?? [InstrumentZone(keys: 0...127, sampleIndex: 0)])],
                  presets: [Preset(name: presetName, program: 5, instrumentIndex: instrumentIndex)])
    }

    @Test("a small bank reads back record for record")
    func roundTrip() throws {
        let shared = ZoneSettings(generators: [Generator(.releaseVolEnv, -4000), .loopContinuously],
                                  modulators: [.noModWheelVibrato])
        let zones = [InstrumentZone(keys: 0...59, sampleIndex: 0),
                     InstrumentZone(keys: 60...127, settings: ZoneSettings(generators: [Generator(.fineTune, -3)]), sampleIndex: 0)]
        let bytes = try SoundFontEncoder.encode(Self.font(zones: zones, shared: shared))
        let file = try SoundFontFile(bytes: bytes)

        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        let riffSize: Int = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize == bytes.count - 8)
        #expect(file.infoText("ICMT") == "odd")
        #expect(file.presets == [.init(name: "Tone", program: 5, bank: 0, bagIndex: 0),
                                 .init(name: "EOP", program: 0, bank: 0, bagIndex: 1)])
        #expect(file.presetGenerators == [.init(kind: 41, amount: 0), .init(kind: 0, amount: 0)])
        #expect(file.instruments == [.init(name: "Tone", bagIndex: 0), .init(name: "EOI", bagIndex: 3)])
        #expect(file.instrumentBags == [.init(generatorIndex: 0, modulatorIndex: 0), .init(generatorIndex: 2, modulatorIndex: 1),
                                        .init(generatorIndex: 4, modulatorIndex: 1), .init(generatorIndex: 7, modulatorIndex: 1)])
        #expect(file.instrumentGenerators.map(\.kind) == [38, 54, 43, 53, 43, 52, 53, 0])
        #expect(file.instrumentGenerators[2].range == 0...59)
        #expect(file.instrumentGenerators[4].range == 60...127)
        #expect(file.instrumentGenerators[5].signedAmount == -3)
        #expect(file.instrumentModulators == [.init(source: 0x81, destination: 6, amount: 0, amountSource: 0, transform: 0),
                                              .init(source: 0, destination: 0, amount: 0, amountSource: 0, transform: 0)])
        #expect(file.samples.first == .init(name: "Tone", start: 0, end: 64, loopStart: 8, loopEnd: 56, sampleRate: 48_000,
                                            originalPitch: 69, pitchCorrection: 0, sampleLink: 0, sampleType: 1))
        #expect(file.samples.last?.name == "EOS")
        #expect(Array(file.sampleData[0..<64]) == Self.sample().frames)
        #expect(file.sampleData.count == 64 + 46)
    }

    @Test("INFO strings are zero-terminated and padded to an even length")
    func infoStrings() throws {
        let bytes = try SoundFontEncoder.encode(Self.font())
        // "odd" + NUL is 4 bytes; "Test" + NUL is 5, padded to 6.
        let icmt = try #require(find("ICMT", in: bytes))
        #expect(Array(bytes[icmt + 4..<icmt + 12]) == [4, 0, 0, 0] + Array("odd".utf8) + [0])
        let inam = try #require(find("INAM", in: bytes))
        #expect(Array(bytes[inam + 4..<inam + 14]) == [6, 0, 0, 0] + Array("Test".utf8) + [0, 0])
    }

    @Test("bad banks are refused with what and where", arguments: [
        (SoundFontEncoderTests.font(sample: sample(loop: 4..<56)), "sample 0 \"Tone\": loop 4..<56"),
        (SoundFontEncoderTests.font(sample: sample(loop: 8..<60)), "sample 0 \"Tone\": loop 8..<60"),
        (SoundFontEncoderTests.font(sample: sample(loop: 8..<30)), "at least 32 frames"),
        (SoundFontEncoderTests.font(sample: sample("A name far too long for it")), "1–19 ASCII characters"),
        (SoundFontEncoderTests.font(presetName: ""), "preset 0 \"\""),
        (SoundFontEncoderTests.font(zones: [InstrumentZone(keys: 0...127, sampleIndex: 3)]), "zone 0: no sample 3"),
        (SoundFontEncoderTests.font(instrumentIndex: 1), "preset 0 \"Tone\": no instrument 1"),
        (SoundFontEncoderTests.font(zones: []), "instrument 0 \"Tone\": no zones"),
        (SoundFontEncoderTests.font(shared: ZoneSettings(generators: [Generator(.sampleID, 0)])), "sampleID is set by the zone"),
    ])
    func refusals(font: SoundFont, message: String) {
        #expect {
            try SoundFontEncoder.encode(font)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".hasPrefix("cannot write this SoundFont")
        }
    }

    @Test("two presets on the same bank and program are refused")
    func duplicateProgram() {
        var font = Self.font()
        font.presets.append(Preset(name: "Again", program: 5, instrumentIndex: 0))
        #expect(throws: SoundFontError.invalid("preset 1 \"Again\": bank 0 program 5 is taken")) {
            try SoundFontEncoder.encode(font)
        }
    }

    private func find(_ code: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(code.utf8)
        return (0...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == pattern }
    }
}
