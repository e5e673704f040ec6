import Foundation

/// A tempo in beats per minute: a whole number within what the iOS app lets a player set.
public struct TempoBPM: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The iOS app's lowest and highest tempo.
    public static let range: ClosedRange<Int> = 20...300

    public let rawValue: Int

    /// Nil outside `range`.
    public init?(validating value: Int) {
        guard Self.range.contains(value) else { return nil }
        rawValue = value
    }

    /// The nearest tempo within `range`.
    public init(clamping value: Int) {
        rawValue = min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }

    public static func < (lhs: TempoBPM, rhs: TempoBPM) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "\(rawValue) BPM" }
}

/// One Compare Timing answer: the tempo, how far the note was off the beat, whether you heard it
/// right (early or late), and when. As the iOS app exports it and the history keeps it.
public struct TimingAnswer: Hashable, Sendable {
    public let tempo: TempoBPM
    /// Milliseconds off the beat: negative early, positive late.
    public let offsetMs: Double
    public let isCorrect: Bool
    public let timestamp: Date

    public init(tempo: TempoBPM, offsetMs: Double, isCorrect: Bool, timestamp: Date) {
        self.tempo = tempo
        self.offsetMs = offsetMs
        self.isCorrect = isCorrect
        self.timestamp = timestamp
    }

    public var mode: TrainingMode { .compareTiming }
}

/// One Fill the Gap trial: the tempo, the mean of your taps' offsets from where the missing notes
/// belonged, that mean for each gap position of the pattern, and when. As the iOS app exports it
/// and the history keeps it.
public struct GapFillAnswer: Hashable, Sendable {
    /// A pattern has four steps, 0…3, any of which can be a gap.
    public static let gapPositions = 4

    public let tempo: TempoBPM
    /// The mean signed offset of the taps in milliseconds: negative early, positive late.
    public let meanOffsetMs: Double
    /// The mean offset at each gap position 0…3; nil where the trial had no gap there (and for
    /// trials of the iOS app's older versions, which did not keep them).
    public let meanOffsetMsByPosition: [Double?]
    public let timestamp: Date
    /// Every tap of a trial trained here, and the gaps left untapped; nil for the iOS app's trials,
    /// which keep only the means.
    public let taps: GapTaps?

    /// Nil unless `meanOffsetMsByPosition` has one entry per gap position.
    public init?(tempo: TempoBPM, meanOffsetMs: Double,
                 meanOffsetMsByPosition: [Double?] = Array(repeating: nil, count: GapFillAnswer.gapPositions),
                 timestamp: Date, taps: GapTaps? = nil) {
        guard meanOffsetMsByPosition.count == Self.gapPositions else { return nil }
        self.tempo = tempo
        self.meanOffsetMs = meanOffsetMs
        self.meanOffsetMsByPosition = meanOffsetMsByPosition
        self.timestamp = timestamp
        self.taps = taps
    }

    public var mode: TrainingMode { .fillTheGap }
}

/// The taps of one Fill the Gap trial: each tap that hit a gap, with its offset, and how many gaps
/// went untapped.
public struct GapTaps: Hashable, Sendable {
    public struct Tap: Hashable, Sendable {
        public let position: GapPosition
        /// Milliseconds from where the missing click belonged: negative early, positive late.
        public let offsetMs: Double

        public init(position: GapPosition, offsetMs: Double) {
            self.position = position
            self.offsetMs = offsetMs
        }
    }

    public let hits: [Tap]
    public let misses: Int

    public init(hits: [Tap], misses: Int) {
        self.hits = hits
        self.misses = misses
    }
}
