import Foundation
import PeachDomain
import PeachSound
import PeachStorage
import PeachText
import PeachYAML
import Testing
@testable import PeachBoxRuntime

/// The errors of the lower layers (YAML files, the history, CSV imports, the sound) are typed;
/// peach says them through the tables in its language, in one place (`Texts.describe`).
@Suite("Lower layers' errors in the language")
struct LowerLayerErrorTextTests {
    static let german = Texts(.german)
    static let english = Texts(.english)

    static let storeErrors: [HistoryError] = [
        .notADatabase(path: "/d/p"), .corrupt(path: "/d/p", details: "page 3"), .notPeachDatabase(path: "/d/p"),
        .newerVersion(path: "/d/p", unknownMigrations: ["v9"]), .locked(path: "/d/p"),
        .cannotCreateDirectory(path: "/d", reason: "r"), .readOnlyLocation(path: "/d/p"), .diskFull(path: "/d/p"),
        .notReadyYet(path: "/d/p"), .noWriteAheadLog(path: "/d/p"), .cannotOpen(path: "/d/p"), .failed(path: "/d/p", reason: "r"),
    ]

    static let soundErrors: [SoundError] = [
        .soundFontMissing(path: "/s.sf2"), .soundFontUnreadable(path: "/s.sf2"),
        .presetNotFound(path: "/s.sf2", preset: SoundFontPreset(bank: 0, program: 3), available: 2),
        .synthesizerFailed(synthesizer: true), .frequencyOutOfRange(frequency: 20_000), .commandQueueFull,
        .noDefaultSoundFont(searched: ["/a"]), .audioOutput(AudioOutputProblem(device: "hw:9", step: .open, detail: "r")), .invalidPresetText("q"),
    ]

    static let wavErrors: [WAVFile.ReadError] = [
        .notWAV(path: "/s.sf2"), .unsupportedEncoding(path: "/s.sf2", format: 2, bits: 4), .noAudioData(path: "/s.sf2"),
    ]

    @Test("the system's words for an error (strerror, snd_strerror) are the language's: English exactly the C library's")
    func systemWords() {
        for (code, key) in SystemWords.keys {
            #expect(Self.english.text(key) == String(cString: strerror(code)), "\(key): the English must be the library's words")
            #expect(Self.german.text(key) != Self.english.text(key), "\(key)")
            #expect(SystemWords.text(code: code, Self.german) == Self.german.text(key))
            #expect(SystemWords.text(code: -code, Self.german) == Self.german.text(key), "ALSA's negative codes")
            #expect(SystemWords.text(String(cString: strerror(code)), Self.german) == Self.german.text(key))
        }
        #expect(SystemWords.text("Some rarer words", Self.german) == "Some rarer words")
        let gone = AudioOutputProblem(device: "hw:1,0", step: .open, detail: String(cString: strerror(ENODEV)))
        #expect(gone.text(Self.german).contains("Kein passendes Gerät gefunden") && gone.text(Self.english).contains("No such device"),
                "\(gone.text(Self.german))")
        let busy = AudioOutputProblem(device: "hw:1,0", step: .playing, detail: String(cString: strerror(EBUSY)))
        #expect(busy.reason(Self.german) == "Das Gerät oder die Ressource ist belegt")
    }

    @Test("reading a WAV file that is none, or of another encoding, fails with the language's words")
    func wavFiles() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("peach-not-wav-\(ProcessInfo.processInfo.processIdentifier).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("no RIFF here".utf8).write(to: file)
        #expect(throws: WAVFile.ReadError.notWAV(path: file.path)) { try WAVFile.read(file) }
        do {
            _ = try WAVFile.read(file)
        } catch {
            #expect(Self.german.describe(error) == "\(file.path) ist keine WAV-Datei")
        }
    }

    @Test("every history and sound error is German under German, English under English, naming the same path")
    func storeAndSound() {
        let errors: [any Error] = Self.storeErrors + Self.soundErrors + Self.wavErrors
        for error in errors {
            let german = Self.german.describe(error)
            let english = Self.english.describe(error)
            #expect(german != english, "\(error)")
            #expect(english == "\(error)", "English is the error's own description")
            if let path = ["/d/p", "/d", "/s.sf2"].first(where: english.contains) { #expect(german.contains(path)) }
        }
        #expect(Self.german.describe(HistoryError.locked(path: "/d/p")) == "/d/p ist von einem anderen Programm gesperrt "
            + "(einem anderen peach oder einer offenen sqlite3-Sitzung). Schließ es und versuch es noch einmal.")
    }

    @Test("a YAML file's problems and a CSV import's in German, at the same place")
    func yamlAndCSV() throws {
        let node = try #require(try YAMLNode.parse("channel: 99\n", file: "m.yaml")).mapping()
        let yaml = try #require(#expect(throws: YAMLError.self) { try node.required("channel").int(in: 1...16) })
        #expect(Self.german.describe(YAMLErrors([yaml])) == "m.yaml:1:10: channel: 99 liegt außerhalb von 1…16")
        #expect(Self.english.describe(yaml) == "m.yaml:1:10: channel: 99 is out of range 1…16")
        let csv = CSVImportError(problems: [CSVProblem(line: 7, reason: .notANote(column: "referenceNote", value: "\"130\""))])
        #expect(Self.german.describe(csv) == "Zeile 7: referenceNote \"130\" ist keine MIDI-Note (0–127)")
        struct Other: Error, CustomStringConvertible { var description: String { "as it says" } }
        #expect(Self.german.describe(Other()) == "as it says")
    }
}
