import Foundation
import PeachConfig
import PeachText
import PeachYAML

/// A sent settings form turned into the settings file it asks for, checked by the configuration's
/// own reader over the administrator's configuration, as every program will read it. A value the
/// page did not offer (an output, a SoundFont, a mapping the box did not list, a word or note not
/// in its list) is refused before anything is read; a value the reader refuses is said with the
/// reader's own message. The file holds only what differs from the administrator's configuration.
struct SettingsChange {
    /// What is wrong, and where: the setting's label and key path.
    struct Problem: Sendable, Equatable {
        let label: String
        let key: String
        let message: String
    }

    let text: String
    let result: ConfigurationReader.Result
    let changes: [(key: String, old: String, new: String)]

    /// `current`: the configuration in effect (with the settings file); `administrator`: the one
    /// beneath the settings file.
    static func make(form: SettingsFormBody, current: ConfigurationReader.Result, administrator: ConfigurationReader.Result,
                     choices: SettingsChoices, file: SettingsFile, reader: ConfigurationReader, header: [String],
                     texts: Texts) -> Result<SettingsChange, SettingsProblems> {
        var sent: [String: String] = [:]
        var problems: [Problem] = []
        for field in SettingsField.all {
            do {
                for (key, value) in try values(of: field, in: form, choices: choices,
                                               beneathSoundFont: administrator.configuration.sound.soundFont) {
                    sent[key] = value
                }
            } catch {
                problems.append(Problem(label: texts.text(field.label), key: field.key, message: field.key + ": " + error.text(texts)))
            }
        }
        guard problems.isEmpty else { return .failure(SettingsProblems(problems: problems)) }
        let path = file.file.path
        let effective = Dictionary(uniqueKeysWithValues: ConfigurationPrinter.values(current.configuration).map { ($0.key, $0.value) })
        let beneath = Dictionary(uniqueKeysWithValues: ConfigurationPrinter.values(administrator.configuration).map { ($0.key, $0.value) })
        var kept: [String: String] = [:]
        for (key, origin) in current.origins where origin.hasPrefix(path + ":") { kept[key] = effective[key] }
        for (key, value) in sent { kept[key] = beneath[key] == value ? nil : value }
        let (text, keyAtLine) = ConfigurationPrinter.settingsFile(kept, header: header)
        do {
            let result = try reader.read(text, file: path, over: administrator)
            return .success(SettingsChange(text: text, result: result,
                                           changes: ConfigurationPrinter.changes(from: current.configuration, to: result.configuration)))
        } catch {
            return .failure(SettingsProblems(problems: error.errors.map { problem in
                let key = problem.line.flatMap { keyAtLine[$0] } ?? ""
                let field = SettingsField.owning(key)
                return Problem(label: field.map { texts.text($0.label) } ?? key, key: field?.key ?? key,
                               message: problem.message(texts))
            }))
        }
    }

    /// A value the page did not offer.
    struct NotOffered: Error {
        let value: String

        func text(_ texts: Texts) -> String { texts.text(.dashboardSettingNotOffered, value) }
    }

    /// The file's values (by key path) the form sends for `field`; nothing when the form leaves it out.
    private static func values(of field: SettingsField, in form: SettingsFormBody, choices: SettingsChoices,
                               beneathSoundFont: String?) throws(NotOffered) -> [(String, String)] {
        func offered(_ value: String, in list: [String]) throws(NotOffered) -> String {
            guard list.contains(value) else { throw NotOffered(value: value) }
            return value
        }
        let key = field.key
        switch field.kind {
        case .number(_, _, let whole):
            guard let text = form.value(key) else { return [] }
            return [(key, number(text, whole: whole))]
        case .word(let words):
            guard let text = form.value(key) else { return [] }
            let word = try offered(text, in: words)
            return [(key, word.isEmpty ? "null" : word)]
        case .onOff:
            guard let text = form.value(key) else { return [] }
            return [(key, try offered(text, in: ["true", "false"]))]
        case .noteRange:
            guard let lowest = form.value(key + ".lowest"), let highest = form.value(key + ".highest") else { return [] }
            return [(key, "{lowest: \(try offered(lowest, in: SettingsField.notes)), highest: \(try offered(highest, in: SettingsField.notes))}")]
        case .intervals:
            // Sent with the form's marker, so that a form with no box ticked says so (the reader's message).
            guard form.has(key + ".sent") else { return [] }
            var ticked: [String] = []
            for interval in form.all(key) { ticked.append(try offered(interval, in: SettingsField.intervals)) }
            return [(key, "[" + ticked.joined(separator: ", ") + "]")]
        case .sound:
            guard let text = form.value(key) else { return [] }
            let pairs = choices.soundFonts.flatMap { font in font.presets.map { (font.path, $0.preset) } }
            guard let chosen = pairs.first(where: { soundValue($0.0, $0.1) == text }) else { throw NotOffered(value: text) }
            // Peach's own SoundFont is no setting where none is set beneath: the key stays out.
            let soundFont = chosen.0 == choices.ownSoundFont && beneathSoundFont == nil ? "null" : ConfigurationPrinter.quoted(chosen.0)
            return [("sound.soundfont", soundFont), ("sound.preset", ConfigurationPrinter.quoted(chosen.1))]
        case .audioOutput:
            guard let text = form.value(key) else { return [] }
            return [(key, ConfigurationPrinter.quoted(try offered(text, in: choices.audioOutputs.map(\.name))))]
        case .assignments:
            guard form.has(key + ".sent") else { return [] }
            var entries: [String] = []
            for row in 0..<SettingsPage.maxAssignmentRows {
                let pattern = (form.value("\(key).\(row).match") ?? "").trimmingCharacters(in: .whitespaces)
                let mapping = form.value("\(key).\(row).mapping") ?? ""
                guard !pattern.isEmpty, !mapping.isEmpty else { continue }
                let name = try offered(mapping, in: choices.mappings)
                entries.append("{match: \(ConfigurationPrinter.quoted(pattern)), mapping: \(ConfigurationPrinter.quoted(name))}")
            }
            return [(key, "[" + entries.joined(separator: ", ") + "]")]
        }
    }

    /// The sound field's value for a SoundFont and preset.
    static func soundValue(_ path: String, _ preset: String) -> String { preset + " " + path }

    /// A number as the file writes it (so that one equal to the administrator's is seen to be);
    /// anything else as quoted text, which the reader then refuses in its own words.
    static func number(_ text: String, whole: Bool) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed.replacingOccurrences(of: ",", with: ".")), value.isFinite,
              trimmed.allSatisfy({ "0123456789+-.,eE".contains($0) }) else {
            return ConfigurationPrinter.quoted(trimmed)
        }
        if whole, value.rounded() == value, abs(value) < 1e9 { return String(Int(value)) }
        return ConfigurationPrinter.number(value)
    }
}

/// Every problem of a sent form.
struct SettingsProblems: Error {
    let problems: [SettingsChange.Problem]
}
