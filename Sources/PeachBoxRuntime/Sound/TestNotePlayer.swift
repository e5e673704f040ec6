import Foundation
import Logging
import PeachConfig
import PeachDomain
import PeachSound
import PeachSpeech
import PeachText

/// The settings page's "play a note": A4 for a second on an audio output the box listed. On the
/// output the box plays on, through its own engine (a second program could not open a device the
/// box holds); on another one, by `peach play` in a process of its own, with the configured sound.
/// An output the box did not list is refused and said.
@MainActor
struct TestNotePlayer {
    let engine: SoundEngine
    /// The output the box plays on.
    let device: String
    let configuration: LiveConfiguration
    let offered: @MainActor () -> [String]
    let texts: LiveTexts
    var program = SpeechProcess.thisProgram
    var logger = Logger(label: "peach.run")

    func play(_ output: String) {
        guard offered().contains(output) else {
            return logger.warning("\(texts.current.text(.runTestNoteRefused, output))")
        }
        let settings = configuration.configuration
        logger.notice("\(texts.current.text(.runTestNote, output))")
        if output == device {
            let frequency = Pitch(note: MIDINote(69)).frequency(referencePitch: settings.training.referencePitch)
            do {
                _ = try engine.play(frequency: frequency, seconds: 1, velocity: settings.training.velocity, amplitude: AmplitudeDB(0))
            } catch {
                logger.warning("\(texts.current.text(.runTestNoteFailed, output, texts.current.describe(error)))")
            }
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        var arguments = ["play", "A4", "--audio-device", output, "--duration", "1", "--preset", settings.sound.preset]
        if let soundFont = settings.sound.soundFont { arguments += ["--sound", soundFont] }
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let logger = logger, texts = texts.current
        process.terminationHandler = { ended in
            guard ended.terminationStatus != 0 else { return }
            let said = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            logger.warning("\(texts.text(.runTestNoteFailed, output, said))")
        }
        do {
            try process.run()
        } catch {
            logger.warning("\(texts.text(.runTestNoteFailed, output, texts.describe(error)))")
        }
    }
}
