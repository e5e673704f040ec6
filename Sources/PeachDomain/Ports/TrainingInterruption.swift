/// Why training must (or need not) stop, from outside the session: the Linux counterparts of the
/// iOS app's audio-session notifications and app lifecycle.
public enum TrainingInterruption: Hashable, Sendable, CustomStringConvertible {
    /// The audio output failed or was taken away.
    case audioInterruptionBegan
    /// The audio output is usable again. Training does not resume by itself.
    case audioInterruptionEnded
    /// The set of audio outputs changed.
    case audioRouteChanged(AudioRouteChangeReason)
    /// The MIDI controller the player was using went away.
    case controllerDisconnected(name: String)
    /// The program is about to exit (SIGINT, SIGTERM).
    case shuttingDown

    /// What the seeds prescribe: stop on anything that takes the player's sound or hands away;
    /// carry on when something new merely appears or an interruption ends.
    public var stopsTraining: Bool {
        switch self {
        case .audioInterruptionBegan, .controllerDisconnected, .shuttingDown:
            true
        case .audioRouteChanged(let reason):
            reason == .oldDeviceUnavailable
        case .audioInterruptionEnded:
            false
        }
    }

    public var description: String {
        switch self {
        case .audioInterruptionBegan: "audio interruption began"
        case .audioInterruptionEnded: "audio interruption ended"
        case .audioRouteChanged(let reason): "audio route changed (\(reason.rawValue))"
        case .controllerDisconnected(let name): "controller \(name) disconnected"
        case .shuttingDown: "shutting down"
        }
    }
}

public enum AudioRouteChangeReason: String, Hashable, Sendable {
    /// The device the sound was going to is gone (headphones unplugged, USB audio removed).
    case oldDeviceUnavailable
    case newDeviceAvailable
    case configurationChanged
}

/// Delivers interruptions to whoever registered, on the main actor.
@MainActor
public protocol TrainingInterruptionSource: AnyObject {
    /// Calls `handler` for each interruption for as long as `owner` is alive.
    func observe(owner: AnyObject, _ handler: @escaping @MainActor (TrainingInterruption) -> Void)
}

/// The hub the platform adapters (udev, ALSA, signals) post to and the sessions observe.
@MainActor
public final class TrainingInterruptionCenter: TrainingInterruptionSource {
    private struct Registration {
        weak var owner: AnyObject?
        let handler: @MainActor (TrainingInterruption) -> Void
    }

    private var registrations: [Registration] = []

    public init() {}

    public func observe(owner: AnyObject, _ handler: @escaping @MainActor (TrainingInterruption) -> Void) {
        registrations.append(Registration(owner: owner, handler: handler))
    }

    public func post(_ interruption: TrainingInterruption) {
        registrations.removeAll { $0.owner == nil }
        for registration in registrations where registration.owner != nil {
            registration.handler(interruption)
        }
    }
}
