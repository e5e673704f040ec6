import Foundation
import PeachConfig
import PeachDomain
import PeachText

/// The settings page's template context: one entry per field, with its current value, what it may
/// be, and where its value comes from.
struct SettingsPageModel {
    let page: SettingsPage
    let result: ConfigurationReader.Result
    let choices: SettingsChoices

    var texts: Texts { page.texts }

    var context: [String: Any] {
        var context: [String: Any] = [
            "title": texts.text(.dashboardSettings),
            "fields": SettingsField.all.map(field),
            "settingsFile": page.settings.file.path,
            "administratorFile": page.layers.administrator.file.path,
            "boxListed": SettingsChoices.read(from: page.directory) != nil,
        ]
        if !result.settingsLeftOut.isEmpty {
            context["leftOut"] = texts.text(.settingsLeftOut, page.settings.file.path, result.settingsLeftOut.joined(separator: "\n"))
        }
        return context
    }

    /// Where `field`'s value comes from, in words.
    private func origin(_ field: SettingsField) -> String {
        let origins = field.keys.compactMap { result.origins[$0] }
        let path = page.settings.file.path
        if let here = origins.first(where: { $0.hasPrefix(path + ":") }) { return texts.text(.dashboardOriginSettings, here) }
        if let file = origins.first { return texts.text(.dashboardOriginAdministrator, file) }
        return texts.text(.dashboardOriginDefault)
    }

    private func option(_ value: String, _ label: String, _ selected: Bool) -> [String: Any] {
        ["value": value, "label": label, "selected": selected]
    }

    private func field(_ field: SettingsField) -> [String: Any] {
        let configuration = result.configuration
        let value = ConfigurationPrinter.values(configuration).first { $0.key == field.key }?.value ?? ""
        var entry: [String: Any] = ["key": field.key, "label": texts.text(field.label), "origin": origin(field),
                                    "help": ConfigurationPrinter.help(for: field.key).map { texts.text($0) } ?? ""]
        switch field.kind {
        case .number(let range, let unit, let whole):
            entry["isNumber"] = true
            entry["value"] = value
            entry["min"] = ConfigurationPrinter.number(range.lowerBound)
            entry["max"] = ConfigurationPrinter.number(range.upperBound)
            entry["step"] = whole ? "1" : "any"
            entry["range"] = texts.text(.dashboardSettingRange, Decimals(range.lowerBound, whole ? 0 : 1),
                                        Decimals(range.upperBound, whole ? 0 : 1), unit)
        case .word(let words):
            entry["isChoice"] = true
            entry["options"] = words.map { word in
                word.isEmpty ? option("", texts.text(.dashboardSettingUnset), value == "null") : option(word, word, word == value)
            }
        case .onOff:
            entry["isChoice"] = true
            entry["options"] = [option("true", texts.text(.dashboardSettingOn), value == "true"),
                                option("false", texts.text(.dashboardSettingOff), value == "false")]
        case .noteRange:
            let range = configuration.training.noteRange
            entry["isNoteRange"] = true
            entry["lowest"] = SettingsField.notes.map { option($0, $0, $0 == range.lowest.name) }
            entry["highest"] = SettingsField.notes.map { option($0, $0, $0 == range.highest.name) }
        case .intervals:
            let chosen = Set(configuration.training.intervals.map { interval in
                interval.interval == .prime ? "P1" : "\(interval.interval.abbreviation) \(interval.direction.rawValue)"
            })
            entry["isIntervals"] = true
            entry["intervals"] = SettingsField.intervals.map { ["value": $0, "checked": chosen.contains($0)] }
        case .sound:
            let sound = configuration.sound
            entry["isSound"] = true
            entry["soundFonts"] = choices.soundFonts.map { font in
                ["path": font.path, "presets": font.presets.map { preset in
                    option(SettingsChange.soundValue(font.path, preset.preset), "\(preset.preset) \(preset.name)",
                           preset.preset == sound.preset && (font.path == (sound.soundFont ?? choices.ownSoundFont)))
                }] as [String: Any]
            }
            entry["noSoundFonts"] = choices.soundFonts.isEmpty
        case .audioOutput:
            entry["isAudioOutput"] = true
            entry["options"] = choices.audioOutputs.map { output in
                option(output.name, output.description.isEmpty ? output.name : "\(output.name) – \(output.description)",
                       output.name == configuration.audio.device)
            }
        case .assignments:
            let assignments = configuration.controllers.assignments
            entry["isAssignments"] = true
            let rows = min(SettingsPage.maxAssignmentRows, max(SettingsPage.assignmentRows, assignments.count + 2))
            entry["rows"] = (0..<rows).map { row -> [String: Any] in
                let assignment = row < assignments.count ? assignments[row] : nil
                return ["row": row, "match": assignment?.pattern ?? "",
                        "mappings": [option("", texts.text(.dashboardSettingNoAssignment), assignment == nil)]
                            + choices.mappings.map { option($0, $0, $0 == assignment?.mapping) }]
            }
        }
        return entry
    }
}
