/// One Compare Timing exercise: four sixteenths at a tempo, the first accented, the third moved
/// early or late by a share of a sixteenth.
public struct TimingExercise: Hashable, Sendable {
    /// The click that is moved: the third of four.
    public static let movedClick = 2
    public static let clickCount = 4

    public let tempo: TempoBPM
    public let direction: TimingDirection
    /// How far the moved click is off the grid, as a share of a sixteenth (0.05: 5 %).
    public let share: Double

    public init(tempo: TempoBPM, direction: TimingDirection, share: Double) {
        self.tempo = tempo
        self.direction = direction
        self.share = share
    }

    /// The offset in milliseconds, signed as the history keeps it: negative early, positive late.
    public var offsetMs: Double {
        let magnitude = share * tempo.sixteenth * 1000
        return direction == .early ? -magnitude : magnitude
    }

    /// The clicks of a pattern whose first click is heard at `start`.
    public func clicks(startingAt start: Double) -> [Click] {
        (0..<Self.clickCount).map { index in
            var time = start + Double(index) * tempo.sixteenth
            if index == Self.movedClick { time += offsetMs / 1000 }
            return Click(time: time, isAccented: index == 0)
        }
    }
}
