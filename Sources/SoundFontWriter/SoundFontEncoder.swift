/// Writes a `SoundFont` as SoundFont 2.01 bytes: RIFF 'sfbk' with the INFO, sdta and pdta lists.
/// The bytes depend only on the bank (no dates, no addresses), so a bank always gives the same file.
public enum SoundFontEncoder {
    /// Zero frames the specification wants after every sample.
    public static let framesAfterSample = 46
    /// Frames the specification wants before a loop's start and after its end, and its least length.
    public static let framesAroundLoop = 8
    public static let shortestLoop = 32
    /// Names are 20-byte fields; one byte stays zero so every reader finds the end.
    public static let longestName = 19

    public static func encode(_ font: SoundFont) throws(SoundFontError) -> [UInt8] {
        try validate(font)
        var file = ByteWriter()
        file.append(fourCC: "RIFF")
        var form = ByteWriter()
        form.append(fourCC: "sfbk")
        form.appendList("INFO") { info in
            var version = ByteWriter()
            version.append(UInt16(2))
            version.append(UInt16(1))
            info.appendChunk("ifil", version.bytes)
            info.appendChunk("isng", zString("EMU8000"))
            info.appendChunk("INAM", zString(font.info.name))
            info.appendChunk("IENG", zString(font.info.engineer))
            info.appendChunk("ICOP", zString(font.info.copyright))
            info.appendChunk("ICMT", zString(font.info.comment))
            info.appendChunk("ISFT", zString(font.info.software))
        }
        var sampleStarts: [Int] = []
        form.appendList("sdta") { sdta in
            var smpl = ByteWriter()
            var position = 0
            for sample in font.samples {
                sampleStarts.append(position)
                for frame in sample.frames { smpl.append(frame) }
                for _ in 0..<framesAfterSample { smpl.append(Int16(0)) }
                position += sample.frames.count + framesAfterSample
            }
            sdta.appendChunk("smpl", smpl.bytes)
        }
        form.appendList("pdta") { pdta in
            appendPresetData(font, sampleStarts: sampleStarts, to: &pdta)
        }
        file.append(UInt32(form.bytes.count))
        file.append(form.bytes)
        return file.bytes
    }

    private static func appendPresetData(_ font: SoundFont, sampleStarts: [Int], to pdta: inout ByteWriter) {
        // Presets: one zone each, linking the instrument.
        var phdr = ByteWriter(), pbag = ByteWriter(), pgen = ByteWriter()
        for (index, preset) in font.presets.enumerated() {
            phdr.append(name: preset.name, width: 20)
            phdr.append(preset.program)
            phdr.append(preset.bank)
            phdr.append(UInt16(index))
            for _ in 0..<3 { phdr.append(UInt32(0)) }  // library, genre, morphology: reserved
            pbag.append(UInt16(index))
            pbag.append(UInt16(0))
            pgen.append(GeneratorKind.instrument.rawValue)
            pgen.append(UInt16(preset.instrumentIndex))
        }
        phdr.append(name: "EOP", width: 20)
        phdr.append(UInt16(0))
        phdr.append(UInt16(0))
        phdr.append(UInt16(font.presets.count))
        for _ in 0..<3 { phdr.append(UInt32(0)) }
        pbag.append(UInt16(font.presets.count))
        pbag.append(UInt16(0))
        pgen.append(UInt16(0))
        pgen.append(UInt16(0))

        // Instruments: an optional global zone, then one zone per key range.
        var inst = ByteWriter(), ibag = ByteWriter(), imod = ByteWriter(), igen = ByteWriter()
        var bagCount = 0, generatorCount = 0, modulatorCount = 0
        func appendZone(keys: ClosedRange<UInt8>?, settings: ZoneSettings, sampleIndex: Int?) {
            ibag.append(UInt16(generatorCount))
            ibag.append(UInt16(modulatorCount))
            bagCount += 1
            if let keys {
                igen.append(GeneratorKind.keyRange.rawValue)
                igen.append(keys.lowerBound)
                igen.append(keys.upperBound)
                generatorCount += 1
            }
            for generator in settings.generators {
                igen.append(generator.kind.rawValue)
                igen.append(generator.amount)
                generatorCount += 1
            }
            if let sampleIndex {
                igen.append(GeneratorKind.sampleID.rawValue)
                igen.append(UInt16(sampleIndex))
                generatorCount += 1
            }
            for modulator in settings.modulators {
                imod.append(modulator.source)
                imod.append(modulator.destination.rawValue)
                imod.append(modulator.amount)
                imod.append(modulator.amountSource)
                imod.append(modulator.transform)
                modulatorCount += 1
            }
        }
        for instrument in font.instruments {
            inst.append(name: instrument.name, width: 20)
            inst.append(UInt16(bagCount))
            if !instrument.shared.isEmpty {
                appendZone(keys: nil, settings: instrument.shared, sampleIndex: nil)
            }
            for zone in instrument.zones {
                appendZone(keys: zone.keys, settings: zone.settings, sampleIndex: zone.sampleIndex)
            }
        }
        inst.append(name: "EOI", width: 20)
        inst.append(UInt16(bagCount))
        ibag.append(UInt16(generatorCount))
        ibag.append(UInt16(modulatorCount))
        for _ in 0..<5 { imod.append(UInt16(0)) }
        igen.append(UInt16(0))
        igen.append(UInt16(0))

        // Sample headers; offsets count frames from the start of the smpl chunk.
        var shdr = ByteWriter()
        for (sample, start) in zip(font.samples, sampleStarts) {
            shdr.append(name: sample.name, width: 20)
            shdr.append(UInt32(start))
            shdr.append(UInt32(start + sample.frames.count))
            shdr.append(UInt32(start + sample.loop.lowerBound))
            shdr.append(UInt32(start + sample.loop.upperBound))
            shdr.append(sample.sampleRate)
            shdr.append(sample.rootKey)
            shdr.append(sample.pitchCorrectionCents)
            shdr.append(UInt16(0))  // no linked sample
            shdr.append(UInt16(1))  // monoSample
        }
        shdr.append(name: "EOS", width: 20)
        for _ in 0..<5 { shdr.append(UInt32(0)) }
        shdr.append(UInt8(0))
        shdr.append(Int8(0))
        shdr.append(UInt16(0))
        shdr.append(UInt16(0))

        pdta.appendChunk("phdr", phdr.bytes)
        pdta.appendChunk("pbag", pbag.bytes)
        pdta.appendChunk("pmod", [UInt8](repeating: 0, count: 10))
        pdta.appendChunk("pgen", pgen.bytes)
        pdta.appendChunk("inst", inst.bytes)
        pdta.appendChunk("ibag", ibag.bytes)
        pdta.appendChunk("imod", imod.bytes)
        pdta.appendChunk("igen", igen.bytes)
        pdta.appendChunk("shdr", shdr.bytes)
    }

    /// A zero-terminated string padded to an even length, as INFO wants.
    private static func zString(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8) + [0]
        if bytes.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    private static func validate(_ font: SoundFont) throws(SoundFontError) {
        for (label, text, limit) in [("name", font.info.name, 255), ("engineer", font.info.engineer, 255),
                                     ("copyright", font.info.copyright, 255), ("comment", font.info.comment, 65_535),
                                     ("software", font.info.software, 255)] {
            guard text.utf8.count <= limit, text.allSatisfy(\.isASCII) else {
                throw .invalid("info \(label): at most \(limit) ASCII characters")
            }
        }
        var totalFrames = 0
        for (index, sample) in font.samples.enumerated() {
            let place = "sample \(index) \"\(sample.name)\""
            try checkName(sample.name, place)
            guard sample.loop.lowerBound >= framesAroundLoop,
                  sample.loop.upperBound + framesAroundLoop <= sample.frames.count,
                  sample.loop.count >= shortestLoop else {
                throw .invalid("\(place): loop \(sample.loop) needs \(framesAroundLoop) frames before and after it "
                               + "within \(sample.frames.count) frames, and at least \(shortestLoop) frames")
            }
            guard sample.rootKey <= 127 else { throw .invalid("\(place): root key \(sample.rootKey) is above 127") }
            guard sample.sampleRate > 0 else { throw .invalid("\(place): sample rate 0") }
            totalFrames += sample.frames.count + framesAfterSample
        }
        guard totalFrames <= Int(UInt32.max) else { throw .invalid("sample data: more than 2^32 frames") }
        guard font.samples.count < Int(UInt16.max) else { throw .invalid("more than 65534 samples") }
        var zoneCount = 0
        for (index, instrument) in font.instruments.enumerated() {
            let place = "instrument \(index) \"\(instrument.name)\""
            try checkName(instrument.name, place)
            guard !instrument.zones.isEmpty else { throw .invalid("\(place): no zones") }
            for (zoneIndex, zone) in instrument.zones.enumerated() {
                guard font.samples.indices.contains(zone.sampleIndex) else {
                    throw .invalid("\(place), zone \(zoneIndex): no sample \(zone.sampleIndex)")
                }
                guard zone.keys.upperBound <= 127 else { throw .invalid("\(place), zone \(zoneIndex): keys above 127") }
                try checkSettings(zone.settings, "\(place), zone \(zoneIndex)")
            }
            try checkSettings(instrument.shared, "\(place), shared zone")
            zoneCount += instrument.zones.count + 1
        }
        guard zoneCount < Int(UInt16.max) else { throw .invalid("more than 65534 instrument zones") }
        var programs = Set<UInt32>()
        for (index, preset) in font.presets.enumerated() {
            let place = "preset \(index) \"\(preset.name)\""
            try checkName(preset.name, place)
            guard font.instruments.indices.contains(preset.instrumentIndex) else {
                throw .invalid("\(place): no instrument \(preset.instrumentIndex)")
            }
            guard preset.program <= 127, preset.bank <= 128 else {
                throw .invalid("\(place): program \(preset.program) or bank \(preset.bank) out of range")
            }
            guard programs.insert(UInt32(preset.bank) << 16 | UInt32(preset.program)).inserted else {
                throw .invalid("\(place): bank \(preset.bank) program \(preset.program) is taken")
            }
        }
    }

    private static func checkName(_ name: String, _ place: String) throws(SoundFontError) {
        guard !name.isEmpty, name.utf8.count <= longestName, name.allSatisfy(\.isASCII) else {
            throw .invalid("\(place): a name is 1–\(longestName) ASCII characters")
        }
    }

    private static func checkSettings(_ settings: ZoneSettings, _ place: String) throws(SoundFontError) {
        let links: Set<GeneratorKind> = [.keyRange, .instrument, .sampleID]
        if let misplaced = settings.generators.first(where: { links.contains($0.kind) }) {
            throw .invalid("\(place): \(misplaced.kind) is set by the zone itself, not as a setting")
        }
    }
}

public enum SoundFontError: Error, Equatable, CustomStringConvertible {
    case invalid(String)
    case malformed(String)

    public var description: String {
        switch self {
        case .invalid(let what): "cannot write this SoundFont: \(what)"
        case .malformed(let what): "not a valid SoundFont file: \(what)"
        }
    }
}
