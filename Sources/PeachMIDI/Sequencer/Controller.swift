/// A controller port Peach listens to. Identified by its names (`identity`): the sequencer address
/// changes when the device is replugged, the names do not.
public struct Controller: Hashable, Sendable, CustomStringConvertible {
    public struct Identity: Hashable, Sendable {
        public var clientName: String
        public var portName: String
    }

    public var clientName: String
    public var portName: String
    /// Where it is now (`client:port`).
    public var address: SequencerAddress
    /// The mapping chosen for it by name.
    public var mapping: ControllerMapping
    /// The device port that takes feedback messages, when the mapping defines some and the device has one.
    public var feedbackDestination: SequencerAddress?

    public init(clientName: String, portName: String, address: SequencerAddress, mapping: ControllerMapping,
                feedbackDestination: SequencerAddress? = nil) {
        self.clientName = clientName
        self.portName = portName
        self.address = address
        self.mapping = mapping
        self.feedbackDestination = feedbackDestination
    }

    public var identity: Identity { Identity(clientName: clientName, portName: portName) }

    public var description: String { "\(clientName) (\(portName)) at \(address)" }
}

/// What the input thread reports, in the order it happened.
public enum ControllerEvent: Sendable {
    /// Peach now listens to this controller (it appeared, or was there at start-up).
    case connected(Controller)
    /// The controller went away (unplugged, or its program ended).
    case disconnected(Controller)
    /// A channel message, stamped with CLOCK_MONOTONIC nanoseconds when the input thread read it.
    case message(MIDIMessage, from: Controller, at: UInt64)
}
