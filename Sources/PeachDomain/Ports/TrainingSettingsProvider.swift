/// The source of the current settings. Sessions ask it at every new exercise, so a changed
/// configuration applies from the next exercise on.
@MainActor
public protocol TrainingSettingsProvider: AnyObject {
    var currentSettings: TrainingSettings { get }
}

/// Settings that only change when told to: for tests, and for one-off commands.
@MainActor
public final class FixedSettingsProvider: TrainingSettingsProvider {
    public var currentSettings: TrainingSettings

    public init(_ settings: TrainingSettings = TrainingSettings()) {
        self.currentSettings = settings
    }
}
