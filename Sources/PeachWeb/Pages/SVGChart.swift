import Foundation
import PeachText

/// The geometry of a chart the templates draw as SVG: a line through the values, a band from low
/// to high, value-axis ticks and labelled columns. Numbers only; the markup is in the templates.
struct SVGChart {
    enum Scale { case logarithmic, linear }

    /// What the values are in: cents (pitch) or milliseconds (rhythm), for the ticks and the dots' titles.
    enum Unit {
        case cents, milliseconds

        var text: WebText { self == .cents ? .dashboardCents : .dashboardMilliseconds }
    }

    struct Sample {
        let value: Double?
        let low: Double?
        let high: Double?
    }

    static let width = 640.0
    static let height = 240.0
    static let left = 44.0
    static let right = 8.0
    static let top = 8.0
    static let bottom = 28.0

    let samples: [Sample]
    let labels: [String]
    let scale: Scale
    /// For the values shown as words (ticks, the dots' titles); the geometry is locale-free.
    let texts: Texts
    var unit: Unit = .cents

    private var plotted: [Double] { samples.flatMap { [$0.value, $0.low, $0.high].compactMap { $0 } }.filter(\.isFinite) }

    private var domain: (Double, Double) {
        let values = scale == .logarithmic ? plotted.filter { $0 > 0 } : plotted
        guard var lowest = values.min(), var highest = values.max() else { return scale == .logarithmic ? (1, 100) : (0, 10) }
        switch scale {
        case .logarithmic:
            lowest = max(lowest, 0.01) / 1.2
            highest = min(max(highest, lowest * 2), 1000) * 1.2
        case .linear:
            lowest = min(lowest, 0)
            highest = max(highest, lowest + 1)
            let margin = (highest - lowest) * 0.08
            lowest -= lowest < 0 ? margin : 0
            highest += margin
        }
        return (lowest, highest)
    }

    func x(_ index: Int) -> Double {
        let span = Self.width - Self.left - Self.right
        guard samples.count > 1 else { return Self.left + span / 2 }
        return Self.left + span * Double(index) / Double(samples.count - 1)
    }

    func y(_ value: Double) -> Double {
        let (lowest, highest) = domain
        let fraction: Double
        switch scale {
        case .logarithmic: fraction = (log(max(value, lowest)) - log(lowest)) / (log(highest) - log(lowest))
        case .linear: fraction = (value - lowest) / (highest - lowest)
        }
        return Self.top + (Self.height - Self.top - Self.bottom) * (1 - min(max(fraction, 0), 1))
    }

    private static func format(_ x: Double, _ y: Double) -> String { String(format: "%.1f,%.1f", x, y) }

    /// Polyline points through every sample that has a value (an SVG `points` attribute).
    var line: String {
        samples.enumerated().compactMap { index, sample in sample.value.map { Self.format(x(index), y($0)) } }
            .joined(separator: " ")
    }

    /// The band's polygon: along the highs, back along the lows (an SVG `points` attribute).
    var band: String {
        let indexed = samples.enumerated().filter { $0.element.low != nil && $0.element.high != nil }
        guard !indexed.isEmpty else { return "" }
        let upper = indexed.map { Self.format(x($0.offset), y($0.element.high ?? 0)) }
        let lower = indexed.reversed().map { Self.format(x($0.offset), y($0.element.low ?? 0)) }
        return (upper + lower).joined(separator: " ")
    }

    /// One dot per valued sample, for the markers and their titles.
    var dots: [[String: Any]] {
        samples.enumerated().compactMap { index, sample in
            sample.value.map { ["x": String(format: "%.1f", x(index)), "y": String(format: "%.1f", y($0)),
                                "label": labels[index], "value": texts.text(unit.text, Decimals($0, 1))] }
        }
    }

    /// Value-axis ticks within the domain (1–2–5 steps).
    var ticks: [[String: Any]] {
        let (lowest, highest) = domain
        var values: [Double] = []
        switch scale {
        case .logarithmic:
            for decade in [0.1, 1, 10, 100, 1000] { for step in [1.0, 2, 5] where (lowest...highest).contains(decade * step) {
                values.append(decade * step)
            } }
        case .linear:
            let raw = (highest - lowest) / 5
            let magnitude = pow(10, floor(log10(raw)))
            let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
            var value = ceil(lowest / step) * step
            while value <= highest { values.append(value); value += step }
        }
        return values.map { ["y": String(format: "%.1f", y($0)), "label": texts.text(unit.text, MeasurementText.number($0))] }
    }

    /// Column labels, thinned to at most `most` so they do not overlap on a phone.
    func columns(most: Int = 12) -> [[String: Any]] {
        let every = max(1, Int(ceil(Double(labels.count) / Double(most))))
        let shown = labels.enumerated().filter { $0.offset % every == 0 }
        // The outer labels hang inwards so that a phone's narrow chart does not cut them off.
        return shown.enumerated().map { position, column in
            let anchor = shown.count > 1 && position == shown.count - 1 && column.offset == labels.count - 1 ? "end"
                : column.offset == 0 && labels.count > 1 ? "start" : "middle"
            return ["x": String(format: "%.1f", x(column.offset)), "label": column.element, "anchor": anchor]
        }
    }

    /// What a template needs to draw it.
    var context: [String: Any] {
        ["width": Int(Self.width), "height": Int(Self.height), "line": line, "band": band, "dots": dots,
         "ticks": ticks, "columns": columns(), "left": Int(Self.left), "baseline": String(format: "%.1f", Self.height - Self.bottom),
         "labelY": String(format: "%.1f", Self.height - 8)]
    }
}

enum MeasurementText {
    /// Whole from 10 on or when whole, else one decimal: 0.5, 2, 12 (German 0,5, 2, 12).
    static func number(_ value: Double) -> Decimals {
        Decimals(value, abs(value) >= 10 || value == value.rounded() ? 0 : 1)
    }
}
