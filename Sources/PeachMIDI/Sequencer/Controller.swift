/// A controller port Peach listens to. Identified by its names and, among connected ports with
/// the same names (two identical keyboards), by an instance number (`identity`): the sequencer
/// address changes when the device is replugged, the names do not, and a lone device gets
/// instance 0 again, so it is recognised by name.
public struct Controller: Hashable, Sendable, CustomStringConvertible {
    public struct Identity: Hashable, Sendable {
        public var clientName: String
        public var portName: String
        /// 0 for the first connected port with these names, 1 for a second one at the same time, …
        public var instance: Int = 0
    }

    public var clientName: String
    public var portName: String
    /// Where it is now (`client:port`).
    public var address: SequencerAddress
    /// The mapping chosen for it by name.
    public var mapping: ControllerMapping
    /// The device port that takes feedback messages, when the mapping defines some and the device has one.
    public var feedbackDestination: SequencerAddress?
    /// Which of several connected ports with the same names this is (0 for the first).
    public var instance: Int

    public init(clientName: String, portName: String, address: SequencerAddress, mapping: ControllerMapping,
                feedbackDestination: SequencerAddress? = nil, instance: Int = 0) {
        self.clientName = clientName
        self.portName = portName
        self.instance = instance
        self.address = address
        self.mapping = mapping
        self.feedbackDestination = feedbackDestination
    }

    /// The lowest instance number no connected controller with these names has: 0 for a lone
    /// device (so a replugged one is itself again), 1 for its twin, …
    public static func freeInstance(clientName: String, portName: String, among connected: [Controller]) -> Int {
        let taken = Set(connected.filter { $0.clientName == clientName && $0.portName == portName }.map(\.instance))
        var instance = 0
        while taken.contains(instance) { instance += 1 }
        return instance
    }

    public var identity: Identity { Identity(clientName: clientName, portName: portName, instance: instance) }

    public var description: String {
        "\(clientName) (\(portName))\(instance > 0 ? " #\(instance + 1)" : "") at \(address)"
    }
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
