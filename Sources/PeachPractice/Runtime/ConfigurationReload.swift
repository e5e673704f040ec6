import PeachConfig

/// What a reload (SIGHUP) changes while the box runs. Training, feedback, language and voice take
/// effect from the next exercise; the instrument, the audio device and the controller mappings are
/// opened once at start, so a change to them is said to need a restart instead of pretending.
public enum ConfigurationReload {
    /// The configuration file's sections that changed but act only after a restart, in file order.
    public static func sectionsNeedingRestart(before: PracticeConfiguration, after: PracticeConfiguration) -> [String] {
        var sections: [String] = []
        if before.sound != after.sound { sections.append("sound") }
        if before.audio != after.audio { sections.append("audio") }
        if before.controllers != after.controllers { sections.append("controllers") }
        return sections
    }
}
