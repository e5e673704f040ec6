import Foundation
import Logging
import PeachConfig
import PeachText
import Synchronization

/// The settings page: every setting a player changes, with what it may be, where its value comes
/// from (the default, the administrator's file, or this page's settings file) and, for the sound,
/// the audio output and the mappings, only what the box listed (`SettingsChoices`). A valid form
/// is written to the settings file at once, atomically, and every change logged (old → new).
struct SettingsPage: Sendable {
    /// How many mapping assignments the form has rows for at least (those set, then empty ones),
    /// and at most.
    static let assignmentRows = 6
    static let maxAssignmentRows = 64

    let layers: ConfigurationLayers
    let settings: SettingsFile
    let texts: Texts
    let logger: Logger
    /// Whether `peach run` is running (its live status file is there).
    let boxRunning: @Sendable () -> Bool
    /// Why the settings file was left out when it was last said (said again only when it changes).
    private let leftOutSaid = LeftOutMemory()

    final class LeftOutMemory: Sendable {
        let said = Mutex<[String]>([])
    }

    init(layers: ConfigurationLayers, settings: SettingsFile, texts: Texts, logger: Logger,
         boxRunning: @escaping @Sendable () -> Bool) {
        self.layers = layers
        self.boxRunning = boxRunning
        self.settings = settings
        self.texts = texts
        var logger = logger
        logger.logLevel = min(logger.logLevel, .notice)
        self.logger = logger
    }

    var directory: URL { settings.file.deletingLastPathComponent() }

    var reader: ConfigurationReader { ConfigurationReader(texts: texts) }

    /// The configuration in effect and the one beneath the settings file; a settings file left out
    /// is logged (which, and why).
    func load() throws -> (current: ConfigurationReader.Result, administrator: ConfigurationReader.Result) {
        let administrator = try reader.load(layers.administrator)
        let current = try reader.load(layers)
        let news = leftOutSaid.said.withLock { said in
            defer { said = current.settingsLeftOut }
            return said != current.settingsLeftOut
        }
        if news && !current.settingsLeftOut.isEmpty {
            logger.warning("\(texts.text(.settingsLeftOut, settings.file.path, current.settingsLeftOut.joined(separator: "\n")))")
        }
        return (current, administrator)
    }

    /// What the box offers; before it has listed anything, only what is in effect now.
    func choices(_ current: ConfigurationReader.Result) -> SettingsChoices {
        if let listed = SettingsChoices.read(from: directory) { return listed }
        let configuration = current.configuration
        return SettingsChoices(audioOutputs: [SettingsChoices.AudioOutput(name: configuration.audio.device, description: "")],
                               soundFonts: [], mappings: Array(Set(configuration.controllers.assignments.map(\.mapping))).sorted())
    }

    /// Applies a sent form: the page's context afterwards (with what was saved, or what is wrong).
    func apply(_ form: SettingsFormBody) throws -> (context: [String: Any], saved: Bool) {
        let (current, administrator) = try load()
        let choices = choices(current)
        let header = texts.text(.dashboardSettingsFileHeader, layers.administrator.file.path).split(separator: "\n").map(String.init)
        switch SettingsChange.make(form: form, current: current, administrator: administrator, choices: choices, file: settings,
                                   reader: reader, header: header, texts: texts) {
        case .failure(let problems):
            var context = SettingsPageModel(page: self, result: current, choices: choices).context
            context["problems"] = problems.problems.map { ["label": $0.label, "key": $0.key, "message": $0.message] }
            context["hasProblems"] = true
            return (context, false)
        case .success(let change):
            if !change.changes.isEmpty {
                try settings.write(change.text)
                for (key, old, new) in change.changes {
                    logger.notice("\(texts.text(.dashboardSettingChanged, key, old, new, settings.file.path))")
                }
            }
            var context = SettingsPageModel(page: self, result: change.result, choices: choices).context
            context["saved"] = change.changes.map { ["key": $0.key, "old": $0.old, "new": $0.new] }
            context["hasSaved"] = !change.changes.isEmpty
            context["unchanged"] = change.changes.isEmpty
            return (context, !change.changes.isEmpty)
        }
    }

    /// The "play a note" button: the box is asked to play on the chosen output, if it listed it.
    func testNote(_ form: SettingsFormBody) throws -> [String: Any] {
        let (current, _) = try load()
        let choices = choices(current)
        var context = SettingsPageModel(page: self, result: current, choices: choices).context
        let output = form.value("audio.device") ?? ""
        guard choices.audioOutputs.contains(where: { $0.name == output }) else {
            context["problems"] = [["label": texts.text(.dashboardSettingAudioOutput), "key": "audio.device",
                                    "message": "audio.device: " + SettingsChange.NotOffered(value: output).text(texts)]]
            context["hasProblems"] = true
            return context
        }
        guard boxRunning() else {
            context["testNote"] = texts.text(.dashboardTestNoteNoBox)
            return context
        }
        try TestNoteRequest.send(output: output, to: directory)
        context["testNote"] = texts.text(.dashboardTestNoteAsked, output)
        return context
    }
}
