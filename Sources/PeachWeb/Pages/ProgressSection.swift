import PeachDomain

/// What the progress page shows of one mode, whatever the mode: its header (what the profile
/// says now and the trend, or that there are no answers yet), an explanation, and its groups (one
/// per tempo band for Compare Timing, one for every other mode), each with its charts (the oldest
/// point first) and the table of its points (the newest first). The template draws every mode from
/// this one shape; `DashboardModel.progressSection` says what each mode puts in it.
struct ProgressSection {
    struct Chart {
        /// Nil where the group has one chart, which its heading names.
        let title: String?
        let chart: SVGChart
    }

    /// One point: when (the bucket's label and size), then the group's columns.
    struct Row {
        let when: String
        let size: String
        let cells: [String]
    }

    struct Group {
        let heading: String?
        let charts: [Chart]
        /// The columns' headings after "When".
        let columns: [String]
        let rows: [Row]
    }

    /// `mode`, `name`, `hasAnswers`, `measured`, `change` (and what else the mode's header holds).
    let header: [String: Any]
    let explanation: String?
    let groups: [Group]

    /// Every key a nested section reads is set at its own level: Mustache would otherwise find an
    /// outer one (the page's `title`, a chart's `columns`).
    var context: [String: Any] {
        var context = header
        context["hasExplanation"] = explanation != nil
        context["explanation"] = explanation ?? ""
        context["groups"] = groups.map { group -> [String: Any] in
            let charts = group.charts.map { chart -> [String: Any] in
                let title: [String: Any] = ["hasTitle": chart.title != nil, "chartTitle": chart.title ?? ""]
                return chart.chart.context.merging(title) { _, own in own }
            }
            let rows = group.rows.map { row -> [String: Any] in ["when": row.when, "size": row.size, "cells": row.cells] }
            return ["hasHeading": group.heading != nil, "heading": group.heading ?? "", "charts": charts,
                    "head": group.columns, "rows": rows]
        }
        return context
    }
}

extension SVGChart.Sample {
    /// A value with its interval, or a gap in the line.
    init(_ estimate: IntervalEstimate?) {
        self.init(value: estimate?.value, low: estimate?.low, high: estimate?.high)
    }
}
