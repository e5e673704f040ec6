import Foundation
import PeachDomain
import PeachText

/// The tour's words: each step's request with the controls of the controller in use, named as its
/// mapping says (`spoken:`) or from their kind ("the keys from middle C up", "program 5").
extension SpokenText {
    static func tour(_ prompt: TourPrompt, _ texts: Texts) -> String {
        switch prompt {
        case .welcome(let stop):
            return texts.text(.tourWelcome, controls(stop, texts))
        case .ask(let step, let controls, let afterRight):
            let request = ask(step, controls, texts)
            return afterRight ? texts.text(.tourRight) + " " + request : request
        case .wrong(let press, let step, let controls):
            return pressed(press, texts) + " " + ask(step, controls, texts)
        case .end:
            return texts.text(.tourEnd)
        }
    }

    private static func ask(_ step: TourStep, _ list: [SpokenControl], _ texts: Texts) -> String {
        let named = controls(list, texts)
        return switch step {
        case .higher: texts.text(.tourAskHigher, named)
        case .lower: texts.text(.tourAskLower, named)
        case .tuning: texts.text(.tourAskTuning, named)
        case .modes: texts.text(.tourAskModes, named)
        case .report: texts.text(.tourAskReport, named)
        }
    }

    private static func pressed(_ press: TourPress, _ texts: Texts) -> String {
        switch press {
        case .answer(higher: true): texts.text(.tourWasHigher)
        case .answer(higher: false): texts.text(.tourWasLower)
        case .mode(let mode): texts.text(.tourWasMode, modeName(mode, texts).trimmingCharacters(in: [".", " "]))
        case .report: texts.text(.tourWasReport)
        case .tuning: texts.text(.tourWasTuning)
        }
    }

    /// The controls joined with "or"; "its control" when the mapping has none to name.
    static func controls(_ list: [SpokenControl], _ texts: Texts) -> String {
        let names = list.map { name($0, texts) }
        guard var said = names.first else { return texts.text(.tourUnnamed) }
        for next in names.dropFirst() { said = texts.text(.tourOr, said, next) }
        return said
    }

    static func name(_ control: SpokenControl, _ texts: Texts) -> String {
        switch control {
        case .notes(let low, let high) where low == high: texts.text(.tourKey, note(low, texts, middleC: false))
        case .notes(let low, let high) where high >= 127: texts.text(.tourKeysFrom, note(low, texts))
        case .notes(let low, let high) where low <= 0: texts.text(.tourKeysBelow, note(high + 1, texts))
        case .notes(let low, let high): texts.text(.tourKeys, note(low, texts), note(high, texts))
        case .wheelFlick(up: true): texts.text(.tourWheelUp)
        case .wheelFlick(up: false): texts.text(.tourWheelDown)
        case .button(let number): texts.text(.tourButton, number)
        case .program(let number): texts.text(.tourProgram, number)
        case .chord(let pitchClass): texts.text(.tourChord, noteName(pitchClass, texts))
        case .pitchWheel: texts.text(.tourPitchWheel)
        case .fader(let number): texts.text(.tourFader, number)
        case .named(let words): words[texts.language] ?? words[.english] ?? words.values.sorted().first ?? texts.text(.tourUnnamed)
        }
    }

    /// A note as a musician says it: "middle C" (where a range starts or ends), else its name and octave ("G 3", "F sharp 3").
    private static func note(_ number: Int, _ texts: Texts, middleC: Bool = true) -> String {
        if number == 60, middleC { return texts.text(.tourMiddleC) }
        return "\(noteName(number % 12, texts)) \(number / 12 - 1)"
    }

    private static func noteName(_ pitchClass: Int, _ texts: Texts) -> String {
        let names = texts.text(.tourNoteNames).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return names.indices.contains(pitchClass) ? names[pitchClass] : "\(pitchClass)"
    }
}
