import Foundation
import PeachDomain
import PeachYAML
import Testing
@testable import PeachMIDI

/// The errors a mapping text gives (empty when it validates).
func mappingErrors(_ text: String) -> [YAMLError] {
    do {
        _ = try MappingFile.parse(text, file: "test.yaml")
        return []
    } catch {
        return error.errors
    }
}

@Suite("Mapping files")
struct MappingFileTests {
    static let files: [String] = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.mappings.path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []

    @Test("Mappings/ has the generic mapping and at least three real controllers")
    func enoughMappings() {
        #expect(Self.files.contains("generic.yaml"))
        #expect(Self.files.count >= 4)
    }

    @Test("every file in Mappings/ validates and names its source document", arguments: files)
    func validates(file: String) throws {
        let path = Fixtures.mappings.appendingPathComponent(file).path
        let mapping = try MappingFile.load(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("reference:"))
        #expect(!mapping.name.isEmpty)
        // Every mapping lets the player answer, switch modes and stop from the controller.
        #expect(!mapping.higher.isEmpty && !mapping.lower.isEmpty)
        #expect(Set(mapping.modes.keys) == Set(TrainingMode.allCases))
        #expect(!mapping.stop.isEmpty)
        // …and ask for the spoken report.
        #expect(!mapping.report.isEmpty)
    }

    @Test("the built-in generic mapping is Mappings/generic.yaml")
    func builtInIsTheFile() throws {
        var file = try MappingFile.load(path: Fixtures.mappings.appendingPathComponent("generic.yaml").path)
        file.file = "built-in"
        #expect(file == MappingLibrary.builtInGeneric)
    }

    @Test("the generic mapping: keys from middle C up answer higher, below lower; wheel flicks; program changes pick modes")
    func generic() {
        let generic = MappingLibrary.builtInGeneric
        #expect(generic.isGeneric)
        #expect(generic.tuning == .pitchWheel(channel: nil))
        #expect(generic.higher.contains(.notes(60...127)))
        #expect(generic.lower.contains(.notes(0...59)))
        #expect(generic.higher.contains(ControlTrigger(.wheelFlick(up: true))))
        #expect(generic.lower.contains(ControlTrigger(.wheelFlick(up: false))))
        #expect(generic.modes[.matchIntervals] == [ControlTrigger(.program(3))])
        #expect(generic.report == [ControlTrigger(.program(5))])
        #expect(generic.modes[.compareTiming] == [ControlTrigger(.program(6))])
        #expect(generic.modes[.fillTheGap] == [ControlTrigger(.program(7))])
        // Chords for keyboards with nothing but keys: C D E F the pitch modes, B Compare Timing,
        // C# Fill the Gap, G the report, A stop.
        #expect(generic.chords == ChordGesture(minimumKeys: 3, window: 0.08, actions: [
            0: .start(.compare), 2: .start(.compareIntervals), 4: .start(.match), 5: .start(.matchIntervals),
            11: .start(.compareTiming), 1: .start(.fillTheGap), 7: .report, 9: .stop]))
    }

    @Test("chords: sharps and flats name pitch classes; a wrong letter, a letter given twice and too few keys are refused")
    func chords() throws {
        let mapping = try MappingFile.parse("""
            name: X
            match: X
            chords: {keys: 4, within-ms: 50, match: F#, report: Bb}
            """, file: "x.yaml")
        #expect(mapping.chords == ChordGesture(minimumKeys: 4, window: 0.05, actions: [6: .start(.match), 10: .report]))
        let errors = mappingErrors("""
            name: X
            match: X
            chords:
              keys: 2
              compare: H
              match: C4
              report: D
              stop: Ebb
              compare-intervals: D
            """)
        #expect(errors.compactMap(\.line).sorted() == [4, 5, 6, 7, 8], "\(errors)")
        #expect(errors.first { $0.line == 7 }?.message.contains("already `compare-intervals` (line 9)") == true)
    }

    @Test("a complete file reads into the model")
    func complete() throws {
        let mapping = try MappingFile.parse("""
            name: Pads
            match: [Pad*, "Drum Box"]
            reference: none
            channel: 10
            tuning:
              control: {cc: 70, channel: 1}
              commit: {note: C2}
              neutral-zone: 0.05
              release-ms: 70
            answers:
              higher: {note: 37}
              lower: [{note: 36}, {cc: 21}]
            modes:
              compare: {program: 0}
              match: {note: D2, channel: any}
            stop: {cc: 22}
            feedback:
              port: DAW
              clear: [{note-off: 40}, {note-off: 41}]
              correct: {note-on: 40, velocity: 127}
              wrong: [{cc: 30, value: 5, channel: 1}]
            """, file: "pads.yaml")
        #expect(mapping.match == [NamePattern("Pad*"), NamePattern("Drum Box")])
        #expect(mapping.tuning == .controlChange(controller: 70, channel: 0))
        #expect(mapping.commit == [.notes(36...36, channel: 9)])
        #expect(mapping.higher == [.notes(37...37, channel: 9)])
        #expect(mapping.lower == [.notes(36...36, channel: 9), ControlTrigger(.controlChange(21), channel: 9)])
        #expect(mapping.modes[.match] == [.notes(38...38, channel: nil)])
        #expect(mapping.wheel.neutralZone == 0.05 && mapping.wheel.releaseSeconds == 0.07)
        #expect(mapping.feedback?.port == NamePattern("DAW"))
        #expect(mapping.feedback?.clear == [.noteOff(channel: 9, note: 40, velocity: 0), .noteOff(channel: 9, note: 41, velocity: 0)])
        #expect(mapping.feedback?.messages[.correct] == [.noteOn(channel: 9, note: 40, velocity: 127)])
        #expect(mapping.feedback?.messages[.wrong] == [.controlChange(channel: 0, controller: 30, value: 5)])
    }

    // Malformed files: each gives its reason at the right line, and no mapping.

    @Test("syntax error")
    func syntax() {
        let errors = mappingErrors("name: X\nmatch: [a, b\nstop: {program: 1}\n")
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("YAML syntax") == true)
    }

    @Test("unknown action and unknown top-level key, each at its line")
    func unknownNames() {
        let errors = mappingErrors("""
            name: X
            match: X
            modes:
              compare: {program: 0}
              sing-along: {program: 1}
            colour: red
            """)
        #expect(errors.map(\.line) == [5, 6])
        #expect(errors[0].message.contains("unknown key `sing-along`"))
        #expect(errors[1].message.contains("unknown key `colour`"))
    }

    @Test("note and channel out of range")
    func ranges() {
        let errors = mappingErrors("""
            name: X
            match: X
            answers:
              higher: {note: 128}
              lower: {note: H4}
            stop: {program: 1, channel: 17}
            """)
        #expect(errors.map(\.line) == [4, 5, 6])
        #expect(errors[0].message.contains("note 128 is out of range 0…127"))
        #expect(errors[1].message.contains("`H4` is not a note"))
        #expect(errors[2].message.contains("17 is out of range 1…16"))
        #expect(errors[0].description.hasPrefix("test.yaml:4:"))
    }

    @Test("two actions on the same control are refused, naming the first one's line")
    func sameControlTwice() {
        let errors = mappingErrors("""
            name: X
            match: X
            answers:
              higher: {notes: C4..C5}
            modes:
              compare: {note: G4}
            """)
        #expect(errors.count == 1)
        #expect(errors.first?.line == 6)
        #expect(errors.first?.message.contains("note G4 is already `answers.higher` (line 4)") == true)
    }

    /// In Tune & Match a push of the wheel tunes the note: a flick bound to anything but an answer
    /// would fire while the player tunes.
    @Test("a wheel flick may only answer: as stop, report, a mode or a commit it is refused at its line")
    func flickOnlyAnswers() {
        let errors = mappingErrors("""
            name: X
            match: "*"
            answers: {higher: wheel-up, lower: [{notes: C0..B3}, wheel-down]}
            stop: wheel-down
            report: [{note: G9}, wheel-up]
            modes: {match: wheel-up}
            tuning: {commit: wheel-down}
            """)
        #expect(errors.map(\.line) == [4, 5, 6, 7], "\(errors.map(\.message))")
        #expect(errors.first?.message.contains("wheel flick down can only answer (under `answers`), not be `stop`") == true,
                "\(errors.first?.message ?? "")")
        #expect(errors.last?.message.contains("not be `tuning.commit`") == true)
    }

    @Test("an answer and a commit may share a control: they act in different modes")
    func answerAndCommitShare() {
        #expect(mappingErrors("""
            name: X
            match: X
            tuning: {commit: {notes: C0..C8}}
            answers: {higher: {notes: C4..C8}, lower: {notes: C0..B3}}
            """).isEmpty)
    }

    @Test("a fader as tuning control needs a commit control, and cannot also be a button")
    func faderNeedsCommit() {
        let missing = mappingErrors("name: X\nmatch: X\ntuning:\n  control: {cc: 1}\n")
        #expect(missing.count == 1)
        #expect(missing.first?.line == 4)
        #expect(missing.first?.message.contains("give it a `commit` control") == true)
        let twice = mappingErrors("name: X\nmatch: X\ntuning:\n  control: {cc: 1}\n  commit: {note: C2}\nstop: {cc: 1}\n")
        #expect(twice.count == 1)
        #expect(twice.first?.message.contains("cc 1 tunes, so it cannot also be `stop` (line 6)") == true)
    }

    @Test("a control with two kinds, a bad range, a bad message")
    func malformedForms() {
        let errors = mappingErrors("""
            name: X
            match: X
            answers:
              higher: {note: C4, cc: 3}
              lower: {notes: C4..C2}
            feedback:
              correct: {note-on: 40, value: 3}
              wrong: {flash: 1}
            """)
        #expect(errors.map(\.line) == [4, 5, 7, 8])
        #expect(errors[0].message.contains("exactly one of"))
        #expect(errors[1].message.contains("runs downwards"))
        #expect(errors[2].message.contains("takes `velocity`, not `value`"))
        #expect(errors[3].message.contains("unknown key `flash`"))
    }

    @Test("missing name and match, an empty file")
    func missing() {
        let errors = mappingErrors("reference: nothing else\n")
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.message.contains("missing required key") })
        #expect(mappingErrors("# nothing\n").first?.message.contains("empty") == true)
    }
}

@Suite("Mapping selection by name")
struct MappingSelectionTests {
    func mapping(_ name: String, _ patterns: [String]) -> ControllerMapping {
        ControllerMapping(name: name, file: "\(name).yaml", match: patterns.map(NamePattern.init))
    }

    @Test("a pattern without wildcards matches anywhere in the name, case-insensitively")
    func substring() {
        #expect(NamePattern("mpk mini").matches("MPK mini 3 MIDI 1"))
        #expect(!NamePattern("MPK mini").matches("MPK225"))
        #expect(NamePattern("Launchkey Mini*MK3*").matches("Launchkey Mini MK3 LKMK3 MIDI Out"))
        #expect(!NamePattern("Launchkey*MK3").matches("Launchkey Mini MK3 LKMK3 MIDI Out"))
        #expect(NamePattern("nanoKEY?").matches("nanoKEY2"))
    }

    @Test("a device gets the first matching mapping by client or port name, else the generic one")
    func selection() {
        let library = MappingLibrary(mappings: [mapping("MPK", ["MPK mini"]), mapping("Keys", ["VMTest*"]), mapping("Any MPK", ["MPK"])])
        #expect(library.mapping(clientName: "MPK mini 3", portName: "MPK mini 3 MIDI 1").name == "MPK")
        #expect(library.mapping(clientName: "MPK225", portName: "MPK225 MIDI 1").name == "Any MPK")
        #expect(library.mapping(clientName: "VMTest Keys", portName: "VMTest Keys MIDI 1").name == "Keys")
        #expect(library.mapping(clientName: "Virtual Raw MIDI 0-0", portName: "VirMIDI 0-0").isGeneric)
    }

    @Test("the repository's mappings: each real controller is chosen by the names its device reports")
    func repositoryMappings() {
        let library = MappingLibrary.load(directories: [Fixtures.mappings.path])
        #expect(library.problems.isEmpty)
        #expect(library.mapping(clientName: "Launchkey Mini MK3", portName: "Launchkey Mini MK3 MIDI 1").file
                .hasSuffix("novation-launchkey-mini-mk3.yaml"))
        #expect(library.mapping(clientName: "nanoKEY2", portName: "nanoKEY2 nanoKEY2 _ KEYBOARD").file.hasSuffix("korg-nanokey2.yaml"))
        #expect(library.mapping(clientName: "nanoKONTROL2", portName: "nanoKONTROL2 nanoKONTROL2 _ CTR").file
                .hasSuffix("korg-nanokontrol2.yaml"))
        #expect(library.mapping(clientName: "Some Keyboard", portName: "Some Keyboard MIDI 1").file.hasSuffix("generic.yaml"))
    }

    /// The library of a temporary user directory holding `files` (name → text) before the repository's
    /// mappings; the directory is gone again when it returns (the library keeps what it read).
    static func loaded(_ files: [String: String]) throws -> (library: MappingLibrary, user: URL) {
        let user = FileManager.default.temporaryDirectory.appendingPathComponent("peach-mappings-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: user) }
        for (name, text) in files { try text.write(to: user.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (MappingLibrary.load(directories: [user.path, Fixtures.mappings.path]), user)
    }

    @Test("a user directory overrides a file of the same name; a bad file is left out whole and reported")
    func overrideAndProblems() throws {
        let (library, _) = try Self.loaded(["generic.yaml": "name: Mine\nmatch: \"*\"\nstop: {program: 9}\n",
                                            "broken.yaml": "name: Broken\nmatch: Broken\nstop: {note: 999}\n"])
        #expect(library.generic.name == "Mine")
        #expect(library.problems.count == 1)
        #expect(library.problems.first?.description.contains("broken.yaml:3:") == true)
        #expect(!library.mapping(clientName: "Broken", portName: "Broken").file.hasSuffix("broken.yaml"))
    }

    @Test("a second file matching any device is never chosen, and is listed as unused")
    func unusedGenerics() throws {
        let (library, user) = try Self.loaded(["a.yaml": "name: Any A\nmatch: \"*\"\nstop: {program: 9}\n",
                                               "b.yaml": "name: Any B\nmatch: \"*\"\nstop: {program: 8}\n"])
        #expect(library.generic.name == "Any A")
        #expect(library.unusedGenerics == [user.appendingPathComponent("b.yaml").path, Fixtures.mappings.appendingPathComponent("generic.yaml").path])
    }

    @Test("search order: explicit, user config, installed share, source tree")
    func searchOrder() {
        let dirs = MappingLibrary.searchDirectories(explicit: "/x", environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"],
                                                    executablePath: Fixtures.repository.appendingPathComponent(".build/debug/peach").path)
        #expect(dirs.first == "/x")
        #expect(dirs[1] == "/cfg/peach/mappings")
        #expect(dirs[2].hasSuffix("/share/peach/Mappings") && dirs[2].contains("/.build/"))
        #expect(dirs.last == Fixtures.mappings.path)
        let noXDG = MappingLibrary.searchDirectories(explicit: nil, environment: ["HOME": "/home/u"], executablePath: "/usr/bin/peach")
        #expect(noXDG == ["/home/u/.config/peach/mappings", "/usr/share/peach/Mappings"])
    }
}
