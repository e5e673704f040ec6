import Foundation

/// The four sixteenths of a beat, counted as a drummer counts them: "1 e and a". Fill the Gap leaves
/// one of them silent in each cycle.
public enum GapPosition: Int, Hashable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case beat = 0, e, and, a

    /// The name the configuration, the reports and the JSON use.
    public var name: String {
        switch self {
        case .beat: "beat"
        case .e: "e"
        case .and: "and"
        case .a: "a"
        }
    }

    public init?(name: String) {
        guard let position = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = position
    }

    public static func < (lhs: GapPosition, rhs: GapPosition) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { name }
}

/// Which way a Compare Timing click is off the grid.
public enum TimingDirection: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case early, late

    public var description: String { rawValue }
}

/// What the rhythm modes are played at: the tempo, Fill the Gap's gap positions, and the output's
/// latency beyond what the box can see (an external converter, a long cable, a wireless link).
public struct RhythmSettings: Hashable, Sendable {
    /// The tempi a player can train at.
    public static let tempoRange: ClosedRange<Int> = 40...200
    public static let defaultTempo = 80
    /// The largest extra latency a setting may add, in milliseconds.
    public static let extraLatencyRange: ClosedRange<Double> = 0...250

    public var tempo: TempoBPM
    public var gapPositions: Set<GapPosition>
    /// Milliseconds the sound takes after the box's own output: added to every click's heard time.
    public var extraLatencyMs: Double

    public init(tempo: TempoBPM = TempoBPM(clamping: RhythmSettings.defaultTempo),
                gapPositions: Set<GapPosition> = Set(GapPosition.allCases), extraLatencyMs: Double = 0) {
        self.tempo = tempo
        self.gapPositions = gapPositions.isEmpty ? Set(GapPosition.allCases) : gapPositions
        self.extraLatencyMs = extraLatencyMs
    }

    /// A sixteenth note at this tempo, in seconds.
    public var sixteenth: Double { tempo.sixteenth }
}

extension TempoBPM {
    /// A sixteenth note at this tempo, in seconds: a quarter of a beat.
    public var sixteenth: Double { 15 / Double(rawValue) }
}
