/// When the computer keyboard is a controller of the box: always (`peach run --keyboard`), on a
/// terminal while no other controller is connected, or never (the service, without a terminal).
public enum KeyboardUse: Hashable, Sendable {
    case always, whenNoController, never

    /// Whether the keyboard is connected as the box starts.
    public var connectsAtStart: Bool { self == .always }

    /// Whether a key press connects the keyboard now: on a terminal whose player has no other
    /// controller plugged in, the first key that means something makes the keyboard the controller.
    public func connects(onKeyWhenConnected alreadyConnected: Bool, otherControllers: Int) -> Bool {
        !alreadyConnected && self == .whenNoController && otherControllers == 0
    }
}
