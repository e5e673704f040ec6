/// Reads a spring-loaded pitch wheel as a tuning slider (Tune & Match).
///
/// Moving the wheel out of the neutral zone tunes (`.adjust`). When it comes back to the centre the
/// detector looks at how it came back: a spring snap — a short, fast run towards the centre right
/// after the wheel was held or turned — is a release, and what gets committed is the position the
/// player *held* before the snap (`.commit`), never the centre it sprang back to. Any slower return
/// is a deliberate tune to the centre (`.adjust(0)`).
///
/// Decisions use the events' own timestamps, never a timer, so a recorded trace always gives the
/// same result. The history is a fixed ring: no allocation per event.
public struct WheelReleaseDetector: Sendable {
    public enum Output: Equatable, Sendable {
        case none
        /// The tuning position, neutral zone removed (see `WheelPosition.outsideNeutralZone`).
        case adjust(Double)
        /// The wheel was let go; the position it was held at, neutral zone removed.
        case commit(held: Double)
    }

    struct Sample {
        var position: Double
        var time: UInt64
    }

    public let settings: WheelSettings
    /// A run towards the centre must be at least this fast (full travel per second) to be a snap.
    static let snapSpeed = 2.5
    /// A pause between two events longer than this means the wheel stood still in between.
    static let holdGap: UInt64 = 25_000_000
    /// Ups and downs smaller than this inside a snap are jitter, not a turn.
    static let jitter = 0.01
    /// A spring can overshoot to the other side: a jump across the centre that lands this close to
    /// it counts as arriving at the centre, and such bounces right after a release are ignored.
    static let bounce = 0.15
    static let bounceTime: UInt64 = 150_000_000

    private var tuning = false
    private var ring: [Sample]
    private var count = 0
    private var newest = -1
    private var releasedAt: UInt64?

    public init(settings: WheelSettings = WheelSettings()) {
        self.settings = settings
        ring = Array(repeating: Sample(position: 0, time: 0), count: 64)
    }

    /// Forgets the wheel's past (a new exercise or mode); the next move starts a new gesture.
    public mutating func reset() {
        tuning = false
        count = 0
        newest = -1
        releasedAt = nil
    }

    /// One wheel event: `position` in −1…+1, `time` in monotonic nanoseconds.
    public mutating func handle(position: Double, at time: UInt64) -> Output {
        let neutral = settings.neutralZone
        let atCentre = abs(position) <= neutral
        if !tuning {
            if let releasedAt, time &- releasedAt < Self.bounceTime, abs(position) <= Self.bounce { return .none }
            releasedAt = nil
            push(position, time)
            guard !atCentre else { return .none }
            tuning = true
            return .adjust(WheelPosition.outsideNeutralZone(position, neutralZone: neutral))
        }
        let previous = ring[newest].position
        let crossedCentre = previous * position < 0 && abs(position) <= Self.bounce
        guard atCentre || crossedCentre else {
            push(position, time)
            return .adjust(WheelPosition.outsideNeutralZone(position, neutralZone: neutral))
        }
        tuning = false
        if let held = snapOrigin(arrivingAt: Sample(position: position, time: time)) {
            reset()
            releasedAt = time
            return .commit(held: WheelPosition.outsideNeutralZone(held, neutralZone: neutral))
        }
        push(position, time)
        return .adjust(0)
    }

    /// The position held before a snap that ended with `arrival`, or nil if the return was slow.
    private func snapOrigin(arrivingAt arrival: Sample) -> Double? {
        var later = arrival
        var origin: Sample?
        var leftOrigin = arrival.time
        var index = newest
        for _ in 0..<count {
            let sample = ring[index]
            // The wheel turned here: it was going away from the centre before this sample.
            if abs(sample.position) + Self.jitter < abs(later.position) { origin = later; leftOrigin = later.time; break }
            let gap = later.time &- sample.time
            if gap > Self.holdGap {
                // Stood still at `sample`, then moved: `sample` is what the player held.
                origin = sample
                leftOrigin = later.time
                break
            }
            let speed = (abs(sample.position) - abs(later.position)) / (Double(gap) / 1e9)
            if gap > 0, speed < Self.snapSpeed { origin = later; leftOrigin = later.time; break }
            later = sample
            index = (index + ring.count - 1) % ring.count
        }
        // The history ran out during a fast run: its oldest sample is the best known origin.
        let start = origin ?? later
        if origin == nil { leftOrigin = later.time }
        let duration = Double(arrival.time &- leftOrigin) / 1e9
        let travel = abs(start.position) - settings.neutralZone
        guard duration <= settings.releaseSeconds, travel >= 2 * settings.neutralZone else { return nil }
        return start.position
    }

    private mutating func push(_ position: Double, _ time: UInt64) {
        newest = (newest + 1) % ring.count
        ring[newest] = Sample(position: position, time: time)
        count = min(count + 1, ring.count)
    }
}
