import Testing
@testable import SoundFontWriter

@Suite("SoundFont file reader")
struct SoundFontFileTests {
    static let good = try! SoundFontEncoder.encode(SoundFontEncoderTests.font())

    @Test("damaged files are refused, saying what and where")
    func damaged() {
        func expectMalformed(_ bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(sourceLocation: sourceLocation) {
                _ = try SoundFontFile(bytes: bytes)
            } throws: { error in
                "\(error)".hasPrefix("not a valid SoundFont file") && "\(error)".contains(message)
            }
        }
        expectMalformed([], "file: needs 4 more bytes")
        expectMalformed(Array("RIFX".utf8) + Self.good.dropFirst(4), "starts with 'RIFX'")
        expectMalformed(Array(Self.good.dropLast(10)), "file/RIFF: size")
        expectMalformed(Self.good + [0, 0], "2 bytes after the RIFF chunk")
        var wrongForm = Self.good
        wrongForm.replaceSubrange(8..<12, with: Array("WAVE".utf8))
        expectMalformed(wrongForm, "form type is not 'sfbk'")
        // A phdr of 37 bytes: patch the chunk size and drop a byte, keeping the outer sizes right.
        var shortPreset = Self.good
        let phdr = (0...(shortPreset.count - 4)).first { Array(shortPreset[$0..<$0 + 4]) == Array("phdr".utf8) }!
        let size = Int(shortPreset[phdr + 4]) - 1
        shortPreset[phdr + 4] = UInt8(size)
        shortPreset.remove(at: phdr + 8)
        shortPreset.insert(0, at: phdr + 8 + size)
        expectMalformed(shortPreset, "phdr: 75 bytes is not a whole number of 38-byte records")
    }

    @Test("the good file reads")
    func good() throws {
        let file = try SoundFontFile(bytes: Self.good)
        #expect(file.presets.count == 2)
    }
}
