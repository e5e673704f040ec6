import Foundation
import PeachTestSupport
import Testing

@Suite("peach devices and peach mappings", .enabled(if: FileManager.default.isExecutableFile(atPath: BuiltProgram.peach.path)))
struct MIDICommandsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("mappings lists the repository's files, generic last")
    func list() throws {
        let result = try BuiltProgram.run(["mappings"])
        #expect(result.status == 0)
        #expect(result.output.contains("Novation Launchkey Mini MK3: \"Launchkey Mini MK3\""))
        #expect(result.output.contains("Korg nanoKONTROL2"))
        #expect(result.output.contains("Generic MIDI keyboard: any other device"))
    }

    @Test("mappings lists files that also match any device as not used")
    func unusedGenerics() throws {
        let user = FileManager.default.temporaryDirectory.appendingPathComponent("peach-mappings-\(UUID())")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: user) }
        for (file, name) in [("a.yaml", "Any A"), ("b.yaml", "Any B")] {
            try "name: \(name)\nmatch: \"*\"\nstop: {program: 9}\n".write(to: user.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let result = try BuiltProgram.run(["mappings", "--mappings", user.path])
        #expect(result.status == 0)
        #expect(result.output.contains("Any A: any other device  (\(user.path)/a.yaml)"))
        #expect(result.output.contains("Not used (they also match any device, and \(user.path)/a.yaml comes first):\n  \(user.path)/b.yaml\n"),
                "\(result.output)")
        #expect(result.output.contains(Self.repository.appendingPathComponent("Mappings/generic.yaml").path))
    }

    @Test("mappings --check accepts a good file and reports a bad one with file, line and reason")
    func check() throws {
        let good = try BuiltProgram.run(["mappings", "--check", Self.repository.appendingPathComponent("Mappings/korg-nanokey2.yaml").path])
        #expect(good.status == 0)
        #expect(good.output.contains("ok: Korg nanoKEY2"))
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bad-mapping.yaml")
        try "name: X\nmatch: Y\nanswers:\n  higher: {note: 200}\n".write(to: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: bad) }
        let result = try BuiltProgram.run(["mappings", "--check", bad.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(bad.path):4:18: answers.higher.note: note 200 is out of range 0…127"))
        let missing = try BuiltProgram.run(["mappings", "--check", "/nonexistent/x.yaml"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("/nonexistent/x.yaml: no such mapping file"))
        let directory = try BuiltProgram.run(["mappings", "--check", FileManager.default.temporaryDirectory.path])
        #expect(directory.status == 1)
        #expect(directory.output.contains("this is a directory; name the mapping file inside it"))
        let device = try BuiltProgram.run(["mappings", "--check", "/dev/null"])
        #expect(device.status == 1)
        #expect(device.output.contains("/dev/null: this is not a regular file (a device, a pipe or a socket); name the mapping file itself"))
    }

    @Test("devices on a machine without sound support says so instead of failing",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd")))
    func devicesWithoutSound() throws {
        let result = try BuiltProgram.run(["devices"])
        #expect(result.status == 0)
        #expect(result.output.contains("MIDI inputs (ALSA sequencer):\n  none: no ALSA sequencer: /dev/snd/seq is missing"))
        #expect(result.output.contains("Audio outputs (ALSA PCM):\n  none: no sound devices: /dev/snd is missing"))
    }
}
