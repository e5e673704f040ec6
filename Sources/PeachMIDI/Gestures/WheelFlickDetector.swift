/// Reads the pitch wheel as two answer buttons (Hear & Compare): pushing it past the flick
/// threshold answers once; it answers again only after it has come back to the neutral zone, so
/// holding the wheel up or jitter near the centre never answers twice.
public struct WheelFlickDetector: Sendable {
    public let settings: WheelSettings
    private var armed = true

    public init(settings: WheelSettings = WheelSettings()) {
        self.settings = settings
    }

    public mutating func reset() { armed = true }

    /// `true` for a flick up, `false` for down, nil for no flick.
    public mutating func handle(position: Double) -> Bool? {
        if abs(position) <= settings.neutralZone {
            armed = true
            return nil
        }
        guard armed, abs(position) >= settings.flickThreshold else { return nil }
        armed = false
        return position > 0
    }
}
