import Foundation

/// The stop and reload signals, caught from `main` of `peach run` on (held until then: the `peach`
/// program's PeachHeldSignals, and the unit's peach-hold-signals before it): start-up takes seconds
/// (loading and calibrating the sound), and a signal then must neither kill the box with its default
/// action nor be forgotten. What arrived before the run loop listens is handed to it: SIGHUP is a
/// reload after the start, SIGTERM and SIGINT a clean stop (exit 0).
public enum EarlySignals {
    static let trapped = [SIGHUP, SIGINT, SIGTERM]

    /// One flag per trapped signal, written by the handler (async-signal-safe: a plain store).
    nonisolated(unsafe) private static let flags: UnsafeMutablePointer<sig_atomic_t> = {
        let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 3)
        flags.initialize(repeating: 0, count: 3)
        return flags
    }()

    /// Installs the handlers when the command is `run`; other commands keep the default actions.
    public static func install(forArguments arguments: [String]) {
        guard arguments.dropFirst().first == "run" else { return }
        install()
    }

    static func install() {
        _ = flags
        for signal in trapped {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                switch received {
                case SIGHUP: EarlySignals.flags[0] = 1
                case SIGINT: EarlySignals.flags[1] = 1
                default: EarlySignals.flags[2] = 1
                }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// The signals received so far (each at most once), and forgets them.
    public static func takeReceived() -> [Int32] {
        var received: [Int32] = []
        for (index, signal) in trapped.enumerated() where flags[index] != 0 {
            flags[index] = 0
            received.append(signal)
        }
        return received
    }
}
