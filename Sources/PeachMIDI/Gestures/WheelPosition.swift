/// Pitch-bend values as wheel positions in −1…+1.
public enum WheelPosition {
    /// −8192 → −1, 0 → 0, ≥ 8064 → +1. The positive side ends at 8064 so that a 7-bit wheel, whose
    /// top step is 127 × 128 − 8192 = 8064, reaches +1 as a 14-bit wheel does (8191).
    public static func normalized(pitchBend value: Int16) -> Double {
        value < 0 ? Double(value) / 8192 : min(1, Double(value) / 8064)
    }

    /// 0…127 from a fader or knob → −1…+1 (0 → −1, 127 → +1).
    public static func normalized(controllerValue value: UInt8) -> Double {
        Double(value) / 63.5 - 1
    }

    /// A position outside the neutral zone, rescaled so that the edge of the zone is 0 and the end
    /// of travel is still ±1: tuning has no dead jump at the centre.
    public static func outsideNeutralZone(_ position: Double, neutralZone: Double) -> Double {
        let magnitude = max(0, abs(position) - neutralZone) / (1 - neutralZone)
        return min(1, magnitude) * (position < 0 ? -1 : 1)
    }
}
