import Foundation

/// Chooses Compare Timing's next exercise: a staircase per direction (early, late) in shares of a
/// sixteenth, with the 75 % rule (one wrong answer undoes three right ones), so each settles where
/// the player is right 75 % of the time; the two directions are balanced, as many players hear one
/// side better than the other. A run starts from the measured threshold of its tempo band when
/// there is one, else from the largest offset.
public struct TimingStaircase: Sendable {
    /// Offsets a new player is asked, as on the iOS app: 1 % to 20 % of a sixteenth. Below 1 % only
    /// a player who gets there is asked; the floor is one audio frame.
    public static let largestShare = 0.20
    public static let frameSeconds = 1 / 48_000.0
    /// A wrong answer widens the offset by this factor; a right one narrows it by its cube root.
    static let step = 1.35

    private var shares: [TimingDirection: Double]
    private var asked: [TimingDirection: Int] = [:]

    /// `start`: the measured threshold per direction, as shares of a sixteenth, where known.
    public init(start: [TimingDirection: Double] = [:]) {
        shares = Dictionary(uniqueKeysWithValues: TimingDirection.allCases.map {
            ($0, min(start[$0] ?? Self.largestShare, Self.largestShare))
        })
    }

    /// The next exercise at `tempo`: the direction asked less often so far (either, when even).
    public func nextExercise(tempo: TempoBPM, random: inout any RandomNumberGenerator) -> TimingExercise {
        let early = asked[.early] ?? 0, late = asked[.late] ?? 0
        let direction: TimingDirection = early == late ? (Bool.random(using: &random) ? .early : .late)
                                                       : (early < late ? .early : .late)
        let floor = Self.frameSeconds / tempo.sixteenth
        return TimingExercise(tempo: tempo, direction: direction, share: max(shares[direction] ?? Self.largestShare, floor))
    }

    public mutating func answered(_ exercise: TimingExercise, correctly: Bool) {
        asked[exercise.direction, default: 0] += 1
        let share = exercise.share
        shares[exercise.direction] = min(correctly ? share / cbrt(Self.step) : share * Self.step, Self.largestShare)
    }
}
