import PeachDomain

/// Something that happened around the box, as a plain value: the runtime's services turn sequencer,
/// audio, sound-card and keyboard events into these (a MIDI message already mapped to actions).
public enum BoxEvent: Hashable, Sendable {
    case controllerConnected(ControllerID)
    case controllerDisconnected(ControllerID)
    case controllerActions([ControllerAction], from: ControllerID)
    case audioOutputFailed(reason: String)
    case audioOutputRecovered
    /// The output could not open as the box started: the box waits for it, saying why.
    case audioOutputMissingAtStart(reason: String)
}

/// Routes the box's events to it, in order, one controller at a time: each controller is its own
/// `ControllerID`, so unplugging one of two identical keyboards never disturbs the other.
@MainActor
public final class BoxEventRouter {
    public let box: PracticeBox

    public init(box: PracticeBox) {
        self.box = box
    }

    public func route(_ event: BoxEvent) {
        switch event {
        case .controllerConnected(let controller):
            box.controllerConnected(controller)
        case .controllerDisconnected(let controller):
            box.controllerDisconnected(controller)
        case .controllerActions(let actions, let controller):
            // A controller the box does not know (its connection was lost) does nothing.
            guard box.connectedControllers.contains(controller) else { return }
            for action in actions { box.handle(action, from: controller) }
        case .audioOutputFailed(let reason):
            box.audioOutputFailed(reason)
        case .audioOutputRecovered:
            box.audioOutputRecovered()
        case .audioOutputMissingAtStart(let reason):
            box.audioOutputMissingAtStart(reason)
        }
    }

    /// The skill a controller's mapper reads its controls for: the tour step's, else the one
    /// training, if any.
    public var activeSkill: TrainingMode.Skill? { box.inputSkill }
}
