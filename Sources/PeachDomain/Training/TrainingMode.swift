/// The six ways to train: Hear & Compare and Tune & Match, single notes or intervals, and the two
/// rhythm modes, Compare Timing and Fill the Gap. Its raw value is the mode's name everywhere: the
/// command line, the configuration, the mappings, the history and the JSON.
public enum TrainingMode: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case compare
    case compareIntervals = "compare-intervals"
    case match
    case matchIntervals = "match-intervals"
    case compareTiming = "compare-timing"
    case fillTheGap = "fill-the-gap"

    public enum Skill: Hashable, Sendable, CaseIterable {
        /// Hear & Compare: pitch discrimination.
        case compare
        /// Tune & Match: pitch matching.
        case match
        /// Compare Timing: hearing a click early or late.
        case compareTiming
        /// Fill the Gap: tapping in time.
        case fillTheGap
    }

    /// The four pitch modes, which the pitch profile measures per note.
    public static let pitchModes: [TrainingMode] = allCases.filter(\.isPitch)
    /// The two rhythm modes.
    public static let rhythmModes: [TrainingMode] = allCases.filter { !$0.isPitch }

    public var skill: Skill {
        switch self {
        case .compare, .compareIntervals: .compare
        case .match, .matchIntervals: .match
        case .compareTiming: .compareTiming
        case .fillTheGap: .fillTheGap
        }
    }

    /// Whether the mode trains pitch (and has notes, intervals and cents).
    public var isPitch: Bool { skill == .compare || skill == .match }

    /// Single notes or intervals; the rhythm modes have no intervals (single notes).
    public var scope: ExerciseScope {
        switch self {
        case .compareIntervals, .matchIntervals: .intervals
        case .compare, .match, .compareTiming, .fillTheGap: .singleNotes
        }
    }

    /// The mode of a skill; `scope` only tells the pitch skills' modes apart.
    public init(skill: Skill, scope: ExerciseScope) {
        switch (skill, scope) {
        case (.compare, .singleNotes): self = .compare
        case (.compare, .intervals): self = .compareIntervals
        case (.match, .singleNotes): self = .match
        case (.match, .intervals): self = .matchIntervals
        case (.compareTiming, _): self = .compareTiming
        case (.fillTheGap, _): self = .fillTheGap
        }
    }

    /// The mode a stored answer belongs to: its skill, and whether its interval is a prime.
    public init(skill: Skill, interval: DirectedInterval) {
        self.init(skill: skill, scope: interval == .prime ? .singleNotes : .intervals)
    }

    public var displayName: String {
        switch self {
        case .compare: "Hear & Compare – single notes"
        case .compareIntervals: "Hear & Compare – intervals"
        case .match: "Tune & Match – single notes"
        case .matchIntervals: "Tune & Match – intervals"
        case .compareTiming: "Compare Timing"
        case .fillTheGap: "Fill the Gap"
        }
    }

    public var description: String { rawValue }
}
