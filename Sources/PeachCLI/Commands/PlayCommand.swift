import ArgumentParser
import Foundation
import PeachDomain
import PeachSound
import PeachText

struct PlayCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "play",
            abstract: CommandLineTexts.current.text(.helpPlayAbstract),
            discussion: CommandLineTexts.current.text(.helpPlayDiscussion))
    }

    @Argument(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayNote), valueName: "note"))
    var note: String

    // Unconditional: `--cents -49.9` must read the value, not an option.
    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayCents), valueName: "c"))
    var cents: Double = 0

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayDuration), valueName: "seconds"))
    var duration: Double = 1

    @Option(name: .customLong("reference-pitch"), help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayReferencePitch), valueName: "hz"))
    var referencePitch: Double = 440

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayAmplitude), valueName: "db"))
    var amplitude: Double = 0

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayVelocity), valueName: "v"))
    var velocity: Int = Int(MIDIVelocity.standard.rawValue)

    @OptionGroup var sound: SoundOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(
        CommandLineTexts.current.text(.helpPlayOutput), valueName: "file.wav"))
    var output: String?

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayDevice), valueName: "name"))
    var device: String = "default"

    @Option(name: .customLong("period-frames"), help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayPeriodFrames), valueName: "n"))
    var periodFrames: Int = 256

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayPeriods), valueName: "n"))
    var periods: Int = 3

    func validate() throws {
        guard (16...16384).contains(periodFrames) else { throw ValidationError("--period-frames \(periodFrames) is outside 16–16384") }
        guard (2...32).contains(periods) else { throw ValidationError("--periods \(periods) is outside 2–32") }
        guard MIDINote(name: note) != nil else {
            throw ValidationError("'\(note)' is not a note: write a MIDI number 0–127 or a name such as A4, C#3 or Db3")
        }
        guard (380...500).contains(referencePitch) else {
            throw ValidationError("--reference-pitch \(referencePitch) is outside 380–500 Hz")
        }
        guard (0.05...60).contains(duration) else { throw ValidationError("--duration \(duration) is outside 0.05–60 seconds") }
        guard cents.isFinite, abs(cents) <= 1200 else { throw ValidationError("--cents \(cents) is outside ±1200") }
        guard (-90...12).contains(amplitude) else { throw ValidationError("--amplitude \(amplitude) is outside −90…+12 dB") }
        guard MIDIVelocity(validating: velocity) != nil else { throw ValidationError("--velocity \(velocity) is outside 1–127") }
    }

    func run() throws {
        try MainActor.assumeIsolated { try play() }
    }

    @MainActor
    private func play() throws {
        guard let midiNote = MIDINote(name: note), let velocity = MIDIVelocity(validating: velocity) else {
            throw CommandFailure("'\(note)' is not a note, or --velocity \(self.velocity) is outside 1–127")
        }
        let pitch = Pitch(note: midiNote, cents: Cents(cents))
        let frequency = pitch.frequency(referencePitch: Frequency(referencePitch))
        let selection = try sound.selection()
        let path = selection.path
        let engine: SoundEngine
        do {
            engine = try SoundEngine(soundFont: path, preset: selection.preset, calibration: selection.calibration)
        } catch {
            throw CommandFailure(error.description)
        }
        let described = "\(pitch.note.name) \(String(format: "%+.3f", cents)) ct = \(String(format: "%.4f", frequency.rawValue)) Hz"
        if let output {
            let sink = WAVFileSink(renderer: engine.renderer)
            try start(engine, frequency, velocity)
            sink.render(seconds: duration)
            // The release tail, until silent (at most 5 s more).
            var tail = 0
            while tail < 50, sink.render(seconds: 0.1).contains(where: { $0 != 0 }) { tail += 1 }
            try OutputFile.write(WAVFile.data(sink.samples, sampleRate: Int(VoiceRenderer.sampleRate)), to: output)
            try StandardOutput.write("Wrote \(output): \(described), \(duration) s\n")
            return
        }
        let audio = ALSAPCMOutput(renderer: engine.renderer,
                                  configuration: ALSAPCMOutput.Configuration(device: device, periodFrames: periodFrames,
                                                                             periodCount: periods))
        do {
            try audio.start()
        } catch {
            throw CommandFailure("\(error)")
        }
        let events = Task.detached {
            for await event in audio.events {
                switch event {
                case .failed(let reason): FileHandle.standardError.write(Data("Audio output failed: \(reason); retrying\n".utf8))
                case .recovered: FileHandle.standardError.write(Data("Audio output recovered\n".utf8))
                case .bufferEnlarged(let frames, let periods):
                    FileHandle.standardError.write(Data("Audio output: repeated underruns; now \(periods) periods of \(frames) frames\n".utf8))
                }
            }
        }
        // Written at once (not through print's buffer): scripts wait for this line.
        try StandardOutput.write("Playing \(described) on \(device) for \(duration) s "
            + "(buffer \(audio.periodFrames) × \(audio.bufferFrames / max(audio.periodFrames, 1)) frames)\n")
        try start(engine, frequency, velocity)
        Thread.sleep(forTimeInterval: duration + 0.3)
        audio.stop()
        events.cancel()
        if audio.underruns > 0 { print("Underruns: \(audio.underruns) (try a larger --period-frames)") }
    }

    @MainActor
    private func start(_ engine: SoundEngine, _ frequency: Frequency, _ velocity: MIDIVelocity) throws {
        do {
            _ = try engine.play(frequency: frequency, seconds: duration, velocity: velocity,
                                amplitude: AmplitudeDB(amplitude))
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
