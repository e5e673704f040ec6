/// Where a threshold sits against published pitch-discrimination thresholds near 500 Hz: trained
/// musicians about 10 ct, non-musicians about 38 ct (Arndt, Schlemmer & van der Meer, 2020: 531.1 and
/// 539.8 Hz against 528 Hz); non-musicians four to six times musicians (Micheyl et al., 2006). Those
/// studies asked differently (same or different, other criteria), so this is a rough guide, said
/// as one: "about where" is within a factor of √2 of a figure.
public enum PublishedComparison: Hashable, Sendable, CaseIterable {
    case finerThanMusicians
    case likeMusicians
    case betweenMusiciansAndNonMusicians
    case likeNonMusicians
    case coarserThanNonMusicians

    /// Trained musicians' threshold near 500 Hz, in cents.
    public static let musicians = 10.0
    /// Non-musicians' threshold near 500 Hz, in cents.
    public static let nonMusicians = 38.0
    /// "About where" a figure is: within this factor of it.
    static let about = 2.0.squareRoot()

    public init(threshold cents: Double) {
        switch cents {
        case ..<(Self.musicians / Self.about): self = .finerThanMusicians
        case ...(Self.musicians * Self.about): self = .likeMusicians
        case ..<(Self.nonMusicians / Self.about): self = .betweenMusiciansAndNonMusicians
        case ...(Self.nonMusicians * Self.about): self = .likeNonMusicians
        default: self = .coarserThanNonMusicians
        }
    }

    /// The comparison a result allows: a measured threshold's value; a bound only when the whole
    /// side beyond it falls in one place (below a bound finer than musicians', above one coarser
    /// than non-musicians'); nil for none.
    public init?(_ value: MeasuredValue) {
        switch value {
        case .measured(let estimate): self.init(threshold: estimate.value)
        case .below(let bound) where Self(threshold: bound) == .finerThanMusicians: self = .finerThanMusicians
        case .above(let bound) where Self(threshold: bound) == .coarserThanNonMusicians: self = .coarserThanNonMusicians
        case .below, .above, .notEnoughAnswers: return nil
        }
    }
}
