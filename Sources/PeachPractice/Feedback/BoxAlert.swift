/// Something the player must hear about that is not an answer's outcome: told once when it starts,
/// and once when it is over.
public enum BoxAlert: String, CaseIterable, Hashable, Sendable {
    /// The history refuses answers; they are kept and written later (or, if the journal fails too, lost).
    case historyUnavailable
    /// The history takes answers again; every kept one is written.
    case historyRecovered
}
