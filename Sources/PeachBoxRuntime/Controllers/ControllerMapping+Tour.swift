import PeachDomain
import PeachMIDI
import PeachPractice

/// A mapping's controls as the tour names them: the file's `spoken:` words where it has them, else
/// the control's kind (a note range, a flick of the pitch wheel, a button, a program, a chord).
extension ControllerMapping {
    var tourControls: TourControls {
        TourControls(higher: higher.map(Self.spoken) + chords(.answer(higher: true)),
                     lower: lower.map(Self.spoken) + chords(.answer(higher: false)),
                     tuning: [tuningSpoken.map(SpokenControl.named) ?? tuningKind],
                     modes: Dictionary(uniqueKeysWithValues: TrainingMode.allCases.map { mode in
                         (mode, (modes[mode] ?? []).map(Self.spoken) + chords(.start(mode)))
                     }),
                     report: report.map(Self.spoken) + chords(.report),
                     stop: stop.map(Self.spoken) + chords(.stop))
    }

    private var tuningKind: SpokenControl {
        switch tuning {
        case .pitchWheel: .pitchWheel
        case .controlChange(let controller, _): .fader(Int(controller))
        }
    }

    /// The chords that do `action`, by their lowest key.
    private func chords(_ action: ControllerAction) -> [SpokenControl] {
        (chords?.actions ?? [:]).filter { $0.value == action }.keys.sorted().map { SpokenControl.chord(pitchClass: $0) }
    }

    static func spoken(_ trigger: ControlTrigger) -> SpokenControl {
        if let words = trigger.spoken { return .named(words) }
        switch trigger.source {
        case .notes(let range): return .notes(low: Int(range.lowerBound), high: Int(range.upperBound))
        case .controlChange(let number): return .button(Int(number))
        case .program(let number): return .program(Int(number))
        case .wheelFlick(let up): return .wheelFlick(up: up)
        }
    }
}
