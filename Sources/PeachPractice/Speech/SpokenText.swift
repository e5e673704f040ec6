import PeachDomain

/// Every word the box says, in English and German: one switch per prompt. (Kept in this one file so
/// that the texts can move into the language tables as they are.)
public enum SpokenText {
    public static func text(for prompt: SpokenPrompt, in language: Language) -> String {
        switch prompt {
        case .mode(let mode): modeName(mode, in: language)
        case .stopped: language == .german ? "Angehalten." : "Stopped."
        case .audioBack:
            language == .german ? "Der Ton ist wieder da. Wähle einen Modus, um weiterzumachen."
                : "The sound is back. Choose a mode to go on."
        case .answersNotSaved(kept: true):
            language == .german ? "Deine Antworten können gerade nicht gespeichert werden. Sie werden später gespeichert."
                : "Your answers cannot be saved right now. They are kept and saved later."
        case .answersNotSaved(kept: false):
            language == .german ? "Achtung: Deine Antworten können nicht gespeichert werden."
                : "Warning: your answers cannot be saved."
        case .answersSavedAgain:
            language == .german ? "Deine Antworten werden wieder gespeichert." : "Your answers are saved again."
        case .report(let report): text(for: report, in: language)
        }
    }

    public static func modeName(_ mode: TrainingMode, in language: Language) -> String {
        switch (mode, language) {
        case (.compare, .english): "Hear and compare, single notes."
        case (.compareIntervals, .english): "Hear and compare, intervals."
        case (.match, .english): "Tune and match, single notes."
        case (.matchIntervals, .english): "Tune and match, intervals."
        case (.compare, .german): "Hören und vergleichen, einzelne Töne."
        case (.compareIntervals, .german): "Hören und vergleichen, Intervalle."
        case (.match, .german): "Stimmen und treffen, einzelne Töne."
        case (.matchIntervals, .german): "Stimmen und treffen, Intervalle."
        }
    }

    /// "Hear and compare, single notes. Your threshold: 6.2 cents, between 5.1 and 7.6. Stable.
    /// Last answer: right, at 6.0 cents." — numbers as digits in the language's own form ("6,2"),
    /// which eSpeak reads as words ("six point two", "sechs Komma zwei").
    public static func text(for report: SpokenReport, in language: Language) -> String {
        let german = language == .german
        var sentences = [modeName(report.mode, in: language)]
        let measure = report.mode.skill == .comparison
            ? (german ? "Deine Schwelle" : "Your threshold") : (german ? "Deine mittlere Abweichung" : "Your mean error")
        if let value = report.measurement {
            sentences.append("\(measure): \(cents(value.value, language)) \(german ? "Cent" : "cents"), "
                + "\(german ? "zwischen" : "between") \(number(value.low, language)) \(german ? "und" : "and") \(number(value.high, language)).")
        } else {
            sentences.append(german ? "\(measure): noch nicht genug Antworten." : "\(measure): not enough answers yet.")
        }
        sentences.append(trend(report.trend, language))
        switch report.last {
        case .comparison(let correct, let size)?:
            sentences.append(german ? "Letzte Antwort: \(correct ? "richtig" : "falsch"), bei \(cents(size, language)) Cent."
                : "Last answer: \(correct ? "right" : "wrong"), at \(cents(size, language)) cents.")
        case .matching(let error)?:
            let direction = german ? (error >= 0 ? "zu hoch" : "zu tief") : (error >= 0 ? "sharp" : "flat")
            sentences.append(german ? "Letzter Versuch: \(cents(abs(error), language)) Cent \(direction)."
                : "Last attempt: \(cents(abs(error), language)) cents \(direction).")
        case nil:
            break
        }
        return sentences.joined(separator: " ")
    }

    private static func trend(_ change: ProgressChange?, _ language: Language) -> String {
        let german = language == .german
        guard let change else { return german ? "Noch kein Trend." : "No trend yet." }
        switch change.trend {
        case .stable:
            return german ? "Gleichbleibend." : "Stable."
        case .improving:
            return german ? "Du wirst besser: \(cents(abs(change.cents), language)) Cent tiefer."
                : "Improving: \(cents(abs(change.cents), language)) cents lower."
        case .declining:
            return german ? "Etwas schlechter: \(cents(abs(change.cents), language)) Cent höher."
                : "Declining: \(cents(abs(change.cents), language)) cents higher."
        }
    }

    /// Cents as the measurement states them (6.2, 0.45, 120), in the language's number form.
    static func cents(_ value: Double, _ language: Language) -> String {
        number(value, language)
    }

    private static func number(_ value: Double, _ language: Language) -> String {
        let text = MeasurementWording.cents(value)
        return language == .german ? String(text.map { $0 == "." ? "," : $0 }) : text
    }
}
