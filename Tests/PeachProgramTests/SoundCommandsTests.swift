import Foundation
import Testing
@testable import PeachCommands
import PeachConfig
import PeachTestSupport
@testable import PeachSound

/// `peach play` and `peach sounds`, through the real binary (this machine has no sound card, so
/// notes go to WAV files).
@Suite("peach play and peach sounds",
       .enabled(if: FileManager.default.isExecutableFile(atPath: BuiltProgram.peach.path)))
struct SoundCommandsTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("peach-cli-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
    }

    @Test("peach play NOTE --cents --output writes a WAV at the exact pitch")
    func playToFile() throws {
        let file = Self.temporary("c3.wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuiltProgram.run(["play", "C#3", "--cents", "-49.9", "--reference-pitch", "415.3",
                                                "--duration", "0.8", "--output", file.path])
        #expect(result.status == 0, "\(result.output)")
        let (samples, rate) = try WAVFile.read(file)
        #expect(rate == 48000)
        #expect(samples.count >= 38400)
        let expected = 415.3 * pow(2, (Double(49 - 69) - 0.499) / 12)
        let estimate = try #require(PitchEstimator().estimate(Array(samples[2400..<36000]), sampleRate: 48000, near: expected))
        #expect(abs(estimate.cents(from: expected)) < 0.1, "\(estimate)")
    }

    @Test("peach play plays with the box's buffer unless told otherwise (128 × 2: ≤ 10 ms)")
    func playsWithTheBoxsBuffer() throws {
        let play = try PlayCommand.parse(["A4"])
        #expect(play.periodFrames == 128 && play.periods == 2)
        #expect(play.periodFrames == AudioSettings().periodFrames && play.periods == AudioSettings().periods)
    }

    @Test("errors say what is wrong and what to do")
    func errors() throws {
        let badNote = try BuiltProgram.run(["play", "H4", "--output", "/tmp/x.wav"])
        #expect(badNote.status == 64)
        #expect(badNote.output.contains("'H4' is not a note"))
        let missing = try BuiltProgram.run(["play", "A4", "--sound", "/no/such.sf2", "--output", "/tmp/x.wav"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("Error: SoundFont /no/such.sf2 does not exist"))
        let directory = FileManager.default.temporaryDirectory.path
        for command in [["play", "A4", "--sound", directory, "--output", "/tmp/x.wav"], ["sounds", directory]] {
            let given = try BuiltProgram.run(command)
            #expect(given.status == 1)
            #expect(given.output.contains("Error: \(directory) is a directory, not a SoundFont"), "\(given.output)")
        }
        let preset = try BuiltProgram.run(["play", "A4", "--preset", "5:77", "--output", "/tmp/x.wav"])
        #expect(preset.status == 1)
        #expect(preset.output.contains("no preset 5:77"))
        #expect(preset.output.contains("peach sounds"))
        // With an empty calibration cache: nothing announces a measurement that cannot happen, and a
        // file that is not a SoundFont is refused without libinstpatch's GLib CRITICAL line.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("peach-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        let text = cache.appendingPathComponent("notes.sf2")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("not a SoundFont\n".utf8).write(to: text)
        // A SoundFont's header with damaged contents (an interrupted download) passes the header
        // check and reaches libinstpatch's loader, whose GLib CRITICAL is kept off the terminal too.
        let damaged = cache.appendingPathComponent("damaged.sf2")
        let peachSF2 = MIDICommandsTests.repository.appendingPathComponent("SoundFonts/peach.sf2")
        try Data(try Data(contentsOf: peachSF2).prefix(5000)).write(to: damaged)
        for command in [["play", "A4", "--sound", text.path, "--output", "/tmp/x.wav"], ["sounds", text.path],
                        ["play", "A4", "--sound", damaged.path, "--output", "/tmp/x.wav"], ["sounds", damaged.path],
                        ["play", "A4", "--preset", "5:77", "--output", "/tmp/x.wav"]] {
            let refused = try ProcessRunner.run(BuiltProgram.peach, command, environment: environment)
            #expect(refused.status == 1)
            #expect(refused.output.hasPrefix("Error: "), "nothing before the error: \(refused.output)")
            #expect(!refused.output.contains("Measuring") && !refused.output.contains("CRITICAL"), "\(refused.output)")
        }
        let badPreset = try BuiltProgram.run(["play", "A4", "--preset", "x:y", "--output", "/tmp/x.wav"])
        #expect(badPreset.status == 64)
        #expect(badPreset.output.contains("BANK:PROGRAM"))
        #expect(badPreset.output.contains("Usage: peach play"), "the command's usage, not the root's: \(badPreset.output)")
        for (option, value) in [("--cents", "nan"), ("--duration", "inf"), ("--amplitude", "-inf")] {
            let notANumber = try BuiltProgram.run(["play", "A4", option, value, "--output", "/tmp/x.wav"])
            #expect(notANumber.status == 64)
            #expect(notANumber.output.contains("\(option) \(value) is not a number; give a finite one"), "\(notANumber.output)")
        }
        let high = try BuiltProgram.run(["play", "G9", "--cents", "1200", "--output", "/tmp/x.wav"])
        #expect(high.status == 1)
        #expect(high.output.contains("cannot play 25,087.7 Hz"), "rounded like every frequency: \(high.output)")
        // Said before any device is opened, so also when the device is missing.
        let highNoDevice = try BuiltProgram.run(["play", "G9", "--cents", "1200", "--audio-device", "hw:NoSuchCard,0"])
        #expect(highNoDevice.status == 1)
        #expect(highNoDevice.output.contains("cannot play 25,087.7 Hz"), "\(highNoDevice.output)")
        let reference = try BuiltProgram.run(["play", "A4", "--reference-pitch", "600", "--output", "/tmp/x.wav"])
        #expect(reference.status == 64)
        #expect(reference.output.contains("380–500"))
        let device = try BuiltProgram.run(["play", "A4", "--audio-device", "hw:NoSuchCard,0", "--duration", "0.1"])
        #expect(device.status == 1)
        #expect(device.output.contains("cannot open the audio output hw:NoSuchCard,0"))
        // --device, the former name, still works, though help no longer shows it.
        let former = try BuiltProgram.run(["play", "A4", "--device", "hw:NoSuchCard,1", "--duration", "0.1"])
        #expect(former.status == 1)
        #expect(former.output.contains("cannot open the audio output hw:NoSuchCard,1"), "\(former.output)")
        let help = try BuiltProgram.run(["play", "--help"]).output
        #expect(help.contains("--audio-device <") && !help.contains("--device"), "\(help)")
        #expect(device.output.contains("--output FILE.wav"))
    }

    @Test("peach sounds lists Peach's presets by default, and another file's on request")
    func sounds() throws {
        let own = try BuiltProgram.run(["sounds"])
        #expect(own.status == 0)
        #expect(own.output.contains("0:0       Sine"))
        let missing = try BuiltProgram.run(["sounds", "/no/such.sf2"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("does not exist"))
        let notSoundFont = try BuiltProgram.run(["sounds", "/etc/hostname"])
        #expect(notSoundFont.status == 1)
        #expect(notSoundFont.output.contains("not a SoundFont"))
    }

    @Test("an unstable preset is reported when it is calibrated",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/sounds/sf2/TimGM6mb.sf2")))
    func unstablePreset() throws {
        let cache = Self.temporary("cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        let file = Self.temporary("flute.wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = BuiltProgram.peach
        process.arguments = ["play", "A4", "--sound", "/usr/share/sounds/sf2/TimGM6mb.sf2", "--preset", "0:73",
                             "--output", file.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cache.path]) { $1 }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("Measuring the pitch of every key"))
        #expect(output.contains("does not hold a steady pitch"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("peach").path))
    }
}
