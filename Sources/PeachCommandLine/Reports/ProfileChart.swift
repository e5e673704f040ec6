import Foundation
import PeachDomain
import PeachText

/// The keyboard chart of one compare mode: one column per key of the range, rows on a logarithmic
/// cents scale (a quarter octave of ratio, ≈ 19 %, per row), ● where the fitted threshold is, │ over
/// its 95 % band (blank where the fit says nothing yet; ↑ in the top row or ↓ in the bottom one where
/// it lies beyond the largest or smallest offset asked), and underneath the number of answers each
/// key has had as a reference note.
struct ProfileChart {
    static let rowRatio = pow(2, 0.25)
    static let maximumRows = 14

    let estimate: ThresholdEstimate
    let counts: [Int]
    let range: NoteRange
    let texts: Texts

    func lines() -> [String] {
        let keys = range.notes
        let shown = keys.compactMap { estimate.threshold(at: $0) }
        guard let top = shown.map(\.high).max(), let bottom = shown.map(\.low).min() else {
            return beyondOnly(keys) ?? [texts.text(.chartNoThresholdYet, answerLegend), "        " + countRow(keys),
                                        keyboard(keys), labels(keys)]
        }
        let rows = min(Self.maximumRows, max(3, Int((log(top / bottom) / log(Self.rowRatio)).rounded(.up)) + 1))
        let ratio = rows > 1 ? pow(top / bottom, 1 / Double(rows - 1)) : Self.rowRatio
        let levels = (0..<rows).map { top / pow(ratio, Double($0)) }
        var lines = [texts.text(.chartHeading)]
        for (row, level) in levels.enumerated() {
            var text = ""
            for key in keys {
                let threshold: CentsEstimate
                switch estimate.value(at: key) {
                case .measured(let measured): threshold = measured
                case .notEnoughAnswers: text += " "; continue
                case .above: text += row == 0 ? "↑" : " "; continue
                case .below: text += row == levels.count - 1 ? "↓" : " "; continue
                }
                let nearest = nearestRow(threshold.value, levels: levels)
                if nearest == row {
                    text += "●"
                } else if (nearestRow(threshold.high, levels: levels)...nearestRow(threshold.low, levels: levels)).contains(row) {
                    text += "│"
                } else {
                    text += " "
                }
            }
            let label = texts.numbers.cents(level)
            lines.append(String(repeating: " ", count: max(0, 7 - label.count)) + label + " ┤" + text)
        }
        lines.append("        └" + keyboard(keys).dropFirst(9))
        lines.append(labels(keys))
        // The label fills the 8 columns before the keys, whatever its language.
        let label = texts.text(.chartCountLabel).padding(toLength: 8, withPad: " ", startingAt: 0)
        lines.append(label + countRow(keys) + "  (" + answerLegend + ")")
        return lines
    }

    private var answerLegend: String { texts.text(.chartAnswerLegend) }

    /// No key has a value, but some lie beyond the offsets asked: a row at the largest (↑ above it)
    /// and one at the smallest (↓ below it), so the chart says what the text does.
    private func beyondOnly(_ keys: [MIDINote]) -> [String]? {
        var above: Double?, below: Double?
        var upper = "", lower = ""
        for key in keys {
            switch estimate.value(at: key) {
            case .above(let largest): above = largest; upper += "↑"; lower += " "
            case .below(let smallest): below = smallest; upper += " "; lower += "↓"
            case .measured, .notEnoughAnswers: upper += " "; lower += " "
            }
        }
        guard above != nil || below != nil else { return nil }
        func row(_ level: Double, _ marks: String) -> String {
            let label = texts.numbers.cents(level)
            return String(repeating: " ", count: max(0, 7 - label.count)) + label + " ┤" + marks
        }
        var lines = [texts.text(.chartHeading)]
        if let above { lines.append(row(above, upper)) }
        if let below { lines.append(row(below, lower)) }
        lines.append("        └" + keyboard(keys).dropFirst(9))
        lines.append(labels(keys))
        let label = texts.text(.chartCountLabel).padding(toLength: 8, withPad: " ", startingAt: 0)
        lines.append(label + countRow(keys) + "  (" + answerLegend + ")")
        return lines
    }

    private func countRow(_ keys: [MIDINote]) -> String {
        " " + keys.map { key -> String in
            switch counts[key.rawValue] {
            case 0: " "
            case 1..<10: "·"
            case 10..<50: "▫"
            case 50..<200: "▪"
            default: "■"
            }
        }.joined()
    }

    private func keyboard(_ keys: [MIDINote]) -> String {
        "         " + keys.map { [1, 3, 6, 8, 10].contains($0.rawValue % 12) ? "█" : "▔" }.joined()
    }

    private func labels(_ keys: [MIDINote]) -> String {
        var labels = [Character](repeating: " ", count: keys.count + 3)
        for (offset, key) in keys.enumerated() where key.rawValue % 12 == 0 {
            for (i, character) in key.name.enumerated() where offset + i < labels.count {
                labels[offset + i] = character
            }
        }
        return "         " + String(labels)
    }

    private func nearestRow(_ cents: Double, levels: [Double]) -> Int {
        let value = log(cents)
        return levels.indices.min { abs(log(levels[$0]) - value) < abs(log(levels[$1]) - value) } ?? 0
    }
}
