/// The four ways to train: compare or match, single notes or intervals.
public enum TrainingMode: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case compare
    case compareIntervals = "compare-intervals"
    case match
    case matchIntervals = "match-intervals"

    public enum Skill: Hashable, Sendable {
        /// Hear & Compare: pitch discrimination.
        case compare
        /// Tune & Match: pitch matching.
        case match
    }

    public var skill: Skill {
        switch self {
        case .compare, .compareIntervals: .compare
        case .match, .matchIntervals: .match
        }
    }

    public var scope: ExerciseScope {
        switch self {
        case .compare, .match: .singleNotes
        case .compareIntervals, .matchIntervals: .intervals
        }
    }

    public init(skill: Skill, scope: ExerciseScope) {
        switch (skill, scope) {
        case (.compare, .singleNotes): self = .compare
        case (.compare, .intervals): self = .compareIntervals
        case (.match, .singleNotes): self = .match
        case (.match, .intervals): self = .matchIntervals
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
        }
    }

    public var description: String { rawValue }
}
