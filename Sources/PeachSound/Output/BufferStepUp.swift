/// When a machine cannot keep up with the buffer it was given, the next larger one: repeated
/// underruns (4 within 2 s, at most once per 2 s) step up the period count to 3, then double the
/// period, up to 8192 frames; a device failing soon after a step, or soon after each of two opens in
/// a row, takes the next one. Runs on the render thread: fixed storage, no allocation.
///
/// Underruns less than `burst` apart count once: one stall makes a burst of them, each restart
/// falling over again while the stall lasts. In the emulated guest a start's first device tick came
/// 9-12 ms late, with a 5.3 ms buffer, four times in 40 ms, and the box stepped up twice (to 16 ms)
/// in its first 50 ms; a machine that cannot keep up still steps up within 0.3 s.
struct BufferStepUp {
    static let underrunsThatCount = 4
    static let window: Duration = .seconds(2)
    static let burst: Duration = .milliseconds(100)
    static let largestPeriod = 8192

    private var recent: (ContinuousClock.Instant?, ContinuousClock.Instant?, ContinuousClock.Instant?,
                         ContinuousClock.Instant?) = (nil, nil, nil, nil)
    private var lastStep: ContinuousClock.Instant?
    private var lastOpen: ContinuousClock.Instant?
    /// Opens in a row that failed within `window`: reset by one that lasted and by a step.
    private var refusals = 0
    static let refusalsThatCount = 2

    /// Notes an underrun at `now`; true when the buffer should grow now.
    mutating func underrun(at now: ContinuousClock.Instant) -> Bool {
        if let last = recent.3, now - last < Self.burst { return false }
        recent = (recent.1, recent.2, recent.3, now)
        guard let oldest = recent.0, now - oldest <= Self.window else { return false }
        if let lastStep, now - lastStep < Self.window { return false }
        stepped(at: now)
        return true
    }

    /// Notes that the device was opened (at the start or again after a failure) at `now`.
    mutating func opened(at now: ContinuousClock.Instant) { lastOpen = now }

    /// Notes that the device failed (a write error other than an underrun) at `now`; true when that
    /// came within `window` of a step up, so the buffer stepped up to is itself the trouble and the next
    /// one should be tried now, rather than the same one again after the retry interval. Some devices
    /// refuse a size they accept: snd-aloop answers EIO to every write at 128 × 3 frames.
    ///
    /// A device that opens but fails its writes at that buffer (snd-aloop takes the first periods,
    /// filling the buffer, and then fails) would otherwise be reopened at that buffer forever, so
    /// failing within `window` of each of two opens in a row takes the next step too; one alone may
    /// be a device still settling after it appeared, which the retry at the same buffer gets over.
    mutating func failure(at now: ContinuousClock.Instant) -> Bool {
        let soonAfterOpen = lastOpen.map { now - $0 <= Self.window } ?? false
        refusals = soonAfterOpen ? refusals + 1 : 0
        let afterStep = lastStep.map { now - $0 <= Self.window } ?? false
        guard afterStep || refusals >= Self.refusalsThatCount else { return false }
        stepped(at: now)
        return true
    }

    private mutating func stepped(at now: ContinuousClock.Instant) {
        lastStep = now
        refusals = 0
        recent = (nil, nil, nil, nil)
    }

    /// The buffer after `periodFrames × periods`; nil at the largest.
    static func next(periodFrames: Int, periods: Int) -> (periodFrames: Int, periods: Int)? {
        if periods < 3 { return (periodFrames, periods + 1) }
        guard periodFrames < largestPeriod else { return nil }
        return (min(periodFrames * 2, largestPeriod), periods)
    }
}
