/// What the comparison strategy needs to know of the player's hearing.
@MainActor
public protocol PitchDiscriminationProfile: AnyObject {
    /// The mean threshold over all trained notes, nil before the first answer.
    var overallMean: Cents? { get }
}
