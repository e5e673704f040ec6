import Foundation
import PeachDomain

/// One answer of any kind, as the history and the CSV file list them: Hear & Compare and Tune &
/// Match, which Peach trains, and the iOS app's rhythm modes, Compare Timing and Fill the Gap, which
/// the history keeps.
public enum Answer: Hashable, Sendable {
    case compare(CompareAnswer)
    case match(MatchAnswer)
    case timing(TimingAnswer)
    case gapFill(GapFillAnswer)

    public var timestamp: Date {
        switch self {
        case .compare(let record): record.timestamp
        case .match(let record): record.timestamp
        case .timing(let record): record.timestamp
        case .gapFill(let record): record.timestamp
        }
    }

    /// Its kind: how the history, the journal and the CSV file keep it.
    var kind: any AnswerKind.Type {
        switch self {
        case .compare: CompareAnswerKind.self
        case .match: MatchAnswerKind.self
        case .timing: TimingAnswerKind.self
        case .gapFill: GapFillAnswerKind.self
        }
    }

    /// Whether this is an answer of the iOS app's rhythm modes.
    public var isRhythm: Bool {
        switch self {
        case .compare, .match: false
        case .timing, .gapFill: true
        }
    }
}
