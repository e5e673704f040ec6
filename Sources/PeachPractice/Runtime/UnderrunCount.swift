/// The audio thread's underrun count as the debug log reports it: a line whenever the count has
/// grown since the last look, none while it stays (the audio thread only counts; it never logs).
public struct UnderrunCount: Sendable {
    public private(set) var logged = 0

    public init() {}

    /// The new total when it differs from the one last logged, else nil.
    public mutating func look(at total: Int) -> Int? {
        guard total != logged else { return nil }
        logged = total
        return total
    }
}
