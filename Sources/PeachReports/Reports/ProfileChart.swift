import Foundation
import PeachDomain
import PeachText

/// The keyboard chart of one compare mode: one column per key of the range, rows on a logarithmic
/// cents scale (a quarter octave of ratio, ≈ 19 %, per row), ● where the fitted threshold is, │ over
/// its 95 % band (blank where the fit says nothing yet; ↑ in a row of its own over the chart or ↓ in
/// one under it where it lies beyond the largest or smallest offset asked), and underneath the number of answers each
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
        let beyond = beyondRows(keys)
        guard let top = shown.map(\.high).max(), let bottom = shown.map(\.low).min() else {
            guard beyond.above != nil || beyond.below != nil else {
                return [texts.text(.chartNoThresholdYet, answerLegend), "        " + countRow(keys), keyboard(keys), labels(keys)]
            }
            return [texts.text(.chartHeading)] + [beyond.above, beyond.below].compactMap { $0 } + footer(keys)
        }
        let rows = min(Self.maximumRows, max(3, Int((log(top / bottom) / log(Self.rowRatio)).rounded(.up)) + 1))
        let ratio = rows > 1 ? pow(top / bottom, 1 / Double(rows - 1)) : Self.rowRatio
        let rowValues = (0..<rows).map { top / pow(ratio, Double($0)) }
        var lines = [texts.text(.chartHeading)] + [beyond.above].compactMap { $0 }
        for (row, rowValue) in rowValues.enumerated() {
            var text = ""
            for key in keys {
                let threshold: IntervalEstimate
                switch estimate.value(at: key) {
                case .measured(let measured): threshold = measured
                case .notEnoughAnswers, .above, .below: text += " "; continue
                }
                let nearest = nearestRow(threshold.value, rowValues: rowValues)
                if nearest == row {
                    text += "●"
                } else if (nearestRow(threshold.high, rowValues: rowValues)...nearestRow(threshold.low, rowValues: rowValues)).contains(row) {
                    text += "│"
                } else {
                    text += " "
                }
            }
            lines.append(self.row(rowValue, text))
        }
        return lines + [beyond.below].compactMap { $0 } + footer(keys)
    }

    /// A chart row: its level's label (after `prefix`: ">" or "<" for the rows beyond), then one
    /// character per key.
    private func row(_ rowValue: Double, _ marks: String, prefix: String = "") -> String {
        let label = prefix + texts.numbers.cents(rowValue)
        return String(repeating: " ", count: max(0, 7 - label.count)) + label + " ┤" + marks
    }

    /// The keyboard, the key names and the answers per key under the rows.
    private func footer(_ keys: [MIDINote]) -> [String] {
        // The label fills the 8 columns before the keys, whatever its language.
        let label = texts.text(.chartCountLabel).padding(toLength: 8, withPad: " ", startingAt: 0)
        return ["        └" + keyboard(keys).dropFirst(9), labels(keys), label + countRow(keys) + "  (" + answerLegend + ")"]
    }

    private var answerLegend: String { texts.text(.chartAnswerLegend) }

    /// Rows of their own for keys said above or below the offsets asked, labelled with a bound that
    /// holds for every key marked (keys' bounds may differ a little, as their answers do): ↑ above
    /// (">100", over the chart), ↓ below ("<0.46", under it); nil when no key is. Their own rows, since
    /// the chart's scale follows the measured keys' intervals.
    private func beyondRows(_ keys: [MIDINote]) -> (above: String?, below: String?) {
        var above: Double?, below: Double?
        var upper = "", lower = ""
        for key in keys {
            switch estimate.value(at: key) {
            case .above(let bound): above = min(above ?? bound, bound); upper += "↑"; lower += " "
            case .below(let bound): below = max(below ?? bound, bound); upper += " "; lower += "↓"
            case .measured, .notEnoughAnswers: upper += " "; lower += " "
            }
        }
        return (above.map { row($0, upper, prefix: ">") }, below.map { row($0, lower, prefix: "<") })
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

    private func nearestRow(_ cents: Double, rowValues: [Double]) -> Int {
        let value = log(cents)
        return rowValues.indices.min { abs(log(rowValues[$0]) - value) < abs(log(rowValues[$1]) - value) } ?? 0
    }
}
