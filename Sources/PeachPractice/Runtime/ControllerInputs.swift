import PeachDomain

/// What turns one controller's messages into actions: its mapping, with the state of its gestures
/// (a held key waiting for a chord, a released wheel). The MIDI layer's `ControllerMapper` is one.
public protocol ControllerInputMapper: Sendable {
    associatedtype Message
    mutating func actions(for message: Message, at time: UInt64, skill: TrainingMode.Skill?) -> [ControllerAction]
    /// The actions that are due at `time` without a new message (a chord window that has passed).
    mutating func tick(at time: UInt64, skill: TrainingMode.Skill?) -> [ControllerAction]
    /// When the open chord window closes (monotonic nanoseconds); nil when none is open.
    var chordDeadline: UInt64? { get }
}

/// The connected controllers' mappers, one per controller, and the box events their messages make.
/// A key that may start a chord acts only once its window has passed: each result says when to
/// `tick` that controller next.
public struct ControllerInputs<Mapper: ControllerInputMapper>: Sendable {
    public struct Result: Sendable {
        public var event: BoxEvent
        public var actions: [ControllerAction]
        /// When to tick this controller next; nil when no chord window is open.
        public var chordDeadline: UInt64?
    }

    private var mappers: [ControllerID: Mapper] = [:]

    public init() {}

    public var connected: Set<ControllerID> { Set(mappers.keys) }

    public mutating func connect(_ controller: ControllerID, mapper: Mapper) -> BoxEvent {
        mappers[controller] = mapper
        return .controllerConnected(controller)
    }

    public mutating func disconnect(_ controller: ControllerID) -> BoxEvent {
        mappers[controller] = nil
        return .controllerDisconnected(controller)
    }

    /// The actions `message` makes; nil for a controller that is not connected.
    public mutating func receive(_ message: Mapper.Message, from controller: ControllerID, at time: UInt64,
                                 skill: TrainingMode.Skill?) -> Result? {
        guard var mapper = mappers[controller] else { return nil }
        let actions = mapper.actions(for: message, at: time, skill: skill)
        mappers[controller] = mapper
        return Result(event: .controllerActions(actions, from: controller), actions: actions,
                      chordDeadline: mapper.chordDeadline)
    }

    /// The actions due at `time`; nil for a controller that is not connected (any more).
    public mutating func tick(_ controller: ControllerID, at time: UInt64, skill: TrainingMode.Skill?) -> Result? {
        guard var mapper = mappers[controller] else { return nil }
        let actions = mapper.tick(at: time, skill: skill)
        mappers[controller] = mapper
        return Result(event: .controllerActions(actions, from: controller), actions: actions,
                      chordDeadline: mapper.chordDeadline)
    }
}
