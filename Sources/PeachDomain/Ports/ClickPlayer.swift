/// Plays the rhythm modes' clicks, each placed to the audio frame at the time the player is to
/// hear it. Times are seconds on the output's audio clock (`heardNow`): the render thread places a
/// click, the main actor only says when.
@MainActor
public protocol ClickPlayer: AnyObject {
    /// What the player hears now, on the audio clock.
    var heardNow: Double { get }
    /// The earliest time a click scheduled now can still be heard at: `heardNow` plus the sound
    /// already on its way (the output's buffer).
    var earliestSchedulable: Double { get }
    /// The time on the audio clock that the player heard at a CLOCK_MONOTONIC instant (a tap's
    /// stamp, in nanoseconds): what they heard when they pressed.
    func heardTime(ofMonotonic nanoseconds: UInt64) -> Double
    /// Places clicks to be heard at their times. A click whose time is before `earliestSchedulable`
    /// is played as soon as it can be.
    func schedule(_ clicks: [Click]) throws
    /// A click heard as soon as the output can play it (a Fill the Gap tap's own sound).
    func clickNow(accented: Bool) throws
    /// Takes back every click not yet heard.
    func cancelClicks() throws
}

/// One click of a pattern: when it is heard, and whether it is the accented first of its beat.
public struct Click: Hashable, Sendable {
    public let time: Double
    public let isAccented: Bool

    public init(time: Double, isAccented: Bool) {
        self.time = time
        self.isAccented = isAccented
    }
}
