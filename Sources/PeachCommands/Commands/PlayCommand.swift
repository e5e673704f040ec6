import ArgumentParser
import Foundation
import PeachOptions
import PeachConfig
import PeachDomain
import PeachSound
import PeachText

struct PlayCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "play",
            abstract: CommandLineTexts.current.text(.helpPlayAbstract),
            discussion: CommandLineTexts.current.text(.helpPlayDiscussion, AudioSettings().periods, AudioSettings().periodFrames,
                                                     Decimals(Double(AudioSettings().periods * AudioSettings().periodFrames) / 48, 1)))
    }

    @Argument(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayNote), valueName: CommandLineTexts.current.text(.valueNote)))
    var note: String

    // Unconditional: `--cents -49.9` must read the value, not an option.
    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayCents), valueName: CommandLineTexts.current.text(.valueCents)))
    var cents: Double = 0

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayDuration), valueName: CommandLineTexts.current.text(.valueSeconds)))
    var duration: Double = 1

    @Option(name: .customLong("reference-pitch"), help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayReferencePitch), valueName: CommandLineTexts.current.text(.valueHertz)))
    var referencePitch: Double = 440

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayAmplitude), valueName: CommandLineTexts.current.text(.valueDecibels)))
    var amplitude: Double = 0

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayVelocity), valueName: CommandLineTexts.current.text(.valueVelocity)))
    var velocity: Int = Int(MIDIVelocity.standard.rawValue)

    @OptionGroup var sound: SoundOptions

    @Option(name: .shortAndLong, help: ArgumentHelp(
        CommandLineTexts.current.text(.helpPlayOutput), valueName: CommandLineTexts.current.text(.valueWAVFile)))
    var output: String?

    @Option(name: .customLong("audio-device"), help: ArgumentHelp(
        CommandLineTexts.current.text(.helpPlayDevice), valueName: CommandLineTexts.current.text(.valueDeviceName)))
    var audioDevice: String?

    /// `--device`, the option's former name (`peach run` says `--audio-device` too): still read, not shown.
    @Option(name: .customLong("device"), help: .hidden)
    var formerDeviceOption: String?

    /// The ALSA device to play on: `--audio-device`, else `--device`, else ALSA's default.
    var device: String { audioDevice ?? formerDeviceOption ?? "default" }

    @Option(name: .customLong("period-frames"), help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayPeriodFrames), valueName: CommandLineTexts.current.text(.valueCount)))
    var periodFrames: Int = AudioSettings().periodFrames

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpPlayPeriods), valueName: CommandLineTexts.current.text(.valueCount)))
    var periods: Int = AudioSettings().periods

    func validate() throws {
        let texts = CommandLineTexts.current
        func outside(_ option: String, _ value: Double, _ range: String) -> ValidationError {
            // The value as given (0.01, 1300), in the language's form.
            let digits = (1...6).first { (value * pow(10, Double($0))).rounded() == value * pow(10, Double($0)) } ?? 6
            return ValidationError(texts.text(.playOutside, option, value == value.rounded() ? Decimals(value, 0) : Decimals(value, digits), range))
        }
        func outside(_ option: String, _ value: Int, _ range: String) -> ValidationError {
            ValidationError(texts.text(.playOutside, option, String(value), range))   // as typed: no thousands point
        }
        for (option, value) in [("--cents", cents), ("--duration", duration), ("--reference-pitch", referencePitch),
                                ("--amplitude", amplitude)] where !value.isFinite {
            throw ValidationError(texts.text(.playNotFinite, option, String(value)))
        }
        guard (16...16384).contains(periodFrames) else { throw outside("--period-frames", periodFrames, "16–16384") }
        guard (2...32).contains(periods) else { throw outside("--periods", periods, "2–32") }
        guard texts.note(named: note) != nil else {
            throw ValidationError(texts.text(.playNotANote, note))
        }
        guard (380...500).contains(referencePitch) else {
            throw outside("--reference-pitch", referencePitch, "380–500 Hz")
        }
        guard (0.05...60).contains(duration) else { throw outside("--duration", duration, texts.text(.playSeconds)) }
        guard abs(cents) <= 1200 else { throw outside("--cents", cents, "±1200") }
        guard (-90...12).contains(amplitude) else { throw outside("--amplitude", amplitude, "−90…+12 dB") }
        guard MIDIVelocity(validating: velocity) != nil else { throw outside("--velocity", velocity, "1–127") }
    }

    func run() throws {
        try MainActor.assumeIsolated { try play() }
    }

    @MainActor
    private func play() throws {
        guard let midiNote = CommandLineTexts.current.note(named: note), let velocity = MIDIVelocity(validating: velocity) else {
            throw CommandFailure(CommandLineTexts.current.text(.playNotANoteOrVelocity, note, "\(self.velocity)"))
        }
        let pitch = Pitch(note: midiNote, cents: Cents(cents))
        let frequency = pitch.frequency(referencePitch: Frequency(referencePitch))
        let selection = try sound.selection()
        let path = selection.path
        let engine: SoundEngine
        do {
            // One note and its release tail: one voice slot (training keeps the default pool).
            engine = try SoundEngine(soundFont: path, preset: selection.preset, calibration: selection.calibration, voiceCount: 1)
            // Before the device: a note the sound cannot play is the first thing to say.
            try engine.checkPlayable(frequency)
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
        let texts = CommandLineTexts.current
        let described = texts.text(.playDescribed, texts.name(pitch.note), Decimals(cents, 3, signed: true),
                                   Decimals(frequency.rawValue, 4))
        // The duration as given (1.0, 0.25), in the language's form.
        let seconds = Decimals(duration, (duration * 10).rounded() == duration * 10 ? 1 : 2)
        if let output {
            let sink = WAVFileSink(renderer: engine.renderer)
            try start(engine, frequency, velocity)
            sink.render(seconds: duration)
            // The release tail, until silent (at most 5 s more).
            var tail = 0
            while tail < 50, sink.render(seconds: 0.1).contains(where: { $0 != 0 }) { tail += 1 }
            try OutputFile.write(WAVFile.data(sink.samples, sampleRate: Int(NoteSlotRenderer.sampleRate)), to: output)
            try StandardOutput.write(texts.text(.playWrote, output, described, seconds) + "\n")
            return
        }
        let audio = ALSAPCMOutput(renderer: engine.renderer,
                                  configuration: ALSAPCMOutput.Configuration(device: device, periodFrames: periodFrames,
                                                                             periodCount: periods))
        do {
            try audio.start()
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
        let events = Task.detached {
            for await event in audio.events {
                switch event {
                case .failed(let problem): FileHandle.standardError.write(Data((texts.text(.playAudioFailed, problem.text(texts)) + "\n").utf8))
                case .recovered: FileHandle.standardError.write(Data((texts.text(.playAudioRecovered) + "\n").utf8))
                case .bufferEnlarged(let frames, let periods, let cause):
                    let key: CommandText = cause == .afterUnderruns ? .playBufferEnlarged : .playBufferRefused
                    FileHandle.standardError.write(Data((texts.text(key, periods, String(frames)) + "\n").utf8))
                }
            }
        }
        // Written at once (not through print's buffer): scripts wait for this line.
        let periodCount = audio.bufferFrames / max(audio.periodFrames, 1)
        try StandardOutput.write(texts.text(.playPlaying, described, device, seconds, audio.periodFrames, periodCount) + "\n")
        try start(engine, frequency, velocity)
        Thread.sleep(forTimeInterval: duration + 0.3)
        audio.stop()
        events.cancel()
        if audio.underruns > 0 { print(texts.text(.playUnderruns, audio.underruns)) }
    }

    @MainActor
    private func start(_ engine: SoundEngine, _ frequency: Frequency, _ velocity: MIDIVelocity) throws {
        do {
            _ = try engine.play(frequency: frequency, seconds: duration, velocity: velocity,
                                amplitude: AmplitudeDB(amplitude))
        } catch {
            throw CommandFailure(CommandLineTexts.current.describe(error))
        }
    }
}
