import PeachDomain
import PeachText

/// The computer keyboard playing the controller, for a box without a MIDI controller (or a desk).
/// Its keys, as shown on screen, are the text `keyboardHelp`.
public struct KeyboardController: Sendable {
    public enum Command: Hashable, Sendable {
        case action(ControllerAction)
        case quit
    }

    /// Tuning steps as control values: with the default tuning range of 100 cents, 1 and 10 cents.
    public static let fineStep = 0.01
    public static let coarseStep = 0.1

    public init() {}

    /// The keys as the tour names them.
    public static let tourControls: TourControls = {
        func key(_ text: PracticeText) -> [SpokenControl] {
            [.named(Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, Texts($0).text(text)) }))]
        }
        return TourControls(higher: key(.tourKeyboardUp), lower: key(.tourKeyboardDown), tuning: key(.tourKeyboardTuning),
                            modes: [TourStep.modeTaught: key(.tourKeyboardMatch)], report: key(.tourKeyboardReport),
                            stop: key(.tourKeyboardStop))
    }()

    /// The command for `key`; tuning moves from `currentControlValue`. nil for keys that mean nothing.
    public func command(for key: TerminalKey, currentControlValue: Double) -> Command? {
        let tune = { (step: Double) in
            Command.action(.adjustTuning(controlValue: min(1, max(-1, currentControlValue + step))))
        }
        switch key {
        case .up, .character("k"): return .action(.answer(higher: true))
        case .down, .character("j"): return .action(.answer(higher: false))
        case .right, .character("l"): return tune(Self.fineStep)
        case .left, .character("h"): return tune(-Self.fineStep)
        case .shiftRight, .character("L"): return tune(Self.coarseStep)
        case .shiftLeft, .character("H"): return tune(-Self.coarseStep)
        case .enter, .character(" "): return .action(.commitTuning(heldValue: nil))
        case .character("1"): return .action(.start(.compare))
        case .character("2"): return .action(.start(.compareIntervals))
        case .character("3"): return .action(.start(.match))
        case .character("4"): return .action(.start(.matchIntervals))
        case .character("5"): return .action(.start(.compareTiming))
        case .character("6"): return .action(.start(.fillTheGap))
        case .character("s"), .escape: return .action(.stop)
        case .character("r"): return .action(.report)
        case .character("q"): return .quit
        default: return nil
        }
    }
}
