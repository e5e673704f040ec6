extension ControllerMapping {
    /// The tuning value (−1…+1; for the pitch wheel with its neutral zone removed) that `message`
    /// sets, when it comes from this mapping's tuning control; nil for any other message. The one
    /// reading of the tuning control: the mapper and the input thread's `DirectTuning` both use it.
    public func tuningValue(of message: MIDIMessage) -> Double? {
        switch (tuning, message) {
        case let (.pitchWheel(wanted), .pitchBend(channel, value)) where wanted.map({ $0 == channel }) ?? true:
            WheelPosition.outsideNeutralZone(WheelPosition.normalized(pitchBend: value), neutralZone: wheel.neutralZone)
        case let (.controlChange(number, wanted), .controlChange(channel, controller, value))
            where controller == number && (wanted.map({ $0 == channel }) ?? true):
            WheelPosition.normalized(controllerValue: value)
        default:
            nil
        }
    }

    /// As `tuningValue`, for a message that starts a tunable note still waiting for its first touch:
    /// the pitch wheel only out of its neutral zone, as the mapper's release detector starts a gesture.
    public func firstTouchValue(of message: MIDIMessage) -> Double? {
        guard let value = tuningValue(of: message) else { return nil }
        if let position = tuningWheelPosition(of: message), abs(position) <= wheel.neutralZone { return nil }
        return value
    }

    /// The wheel's position (−1…+1, neutral zone kept) when `message` moves this mapping's tuning
    /// wheel; nil otherwise. The release detector reads positions, not tuning values.
    func tuningWheelPosition(of message: MIDIMessage) -> Double? {
        guard case let .pitchWheel(wanted) = tuning, case let .pitchBend(channel, value) = message,
              wanted.map({ $0 == channel }) ?? true else { return nil }
        return WheelPosition.normalized(pitchBend: value)
    }
}
