import Foundation

/// When an answer can have been given: not before 2000 (before any version of Peach). An import
/// refuses older ones, and a simulation never dates its answers earlier, so a history always
/// exports and imports again.
public enum AnswerTime {
    /// 2000-01-01T00:00:00Z.
    public static let earliest = Date(timeIntervalSince1970: 946_684_800)
}
