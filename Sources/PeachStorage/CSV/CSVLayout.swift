/// Where each column is in the rows of one file, from its header line.
///
/// Format 3 must have exactly the format 3 header. Formats 1 and 2 are read by column name: their
/// columns may come in any order, each at most once, only the columns that format has
/// (`CSVColumn.allowed(format:)`), and at least the ones a pitch row needs
/// (`CSVColumn.requiredForPitchRows`). A rhythm row needs its own columns, which its row reports missing.
struct CSVLayout: Sendable {
    let format: Int
    /// How many fields every row has: the number of header columns.
    let fieldCount: Int
    private let indices: [CSVColumn: Int]

    /// The layout, or the header's problems (reported at `line`).
    static func make(format: Int, header: [String], line: Int) -> Result<CSVLayout, CSVImportError> {
        let names = header.map { $0.trimmingASCIISpaces() }
        let expected = CSVColumn.header(format: format)
        var problems: [CSVReason] = []
        var indices: [CSVColumn: Int] = [:]
        if format == CSVColumn.currentFormat {
            if let problem = differenceFromFixedHeader(names, expected: expected, format: format) {
                problems.append(problem)
            } else {
                for (index, column) in expected.enumerated() { indices[column] = index }
            }
        } else {
            let allowed = CSVColumn.allowed(format: format)
            for (index, name) in names.enumerated() {
                guard let column = CSVColumn(rawValue: name), allowed.contains(column) else {
                    problems.append(.unknownColumn(quoted(name), format: format))
                    continue
                }
                if indices[column] != nil {
                    problems.append(.duplicateColumn(name))
                } else {
                    indices[column] = index
                }
            }
            let missing = CSVColumn.requiredForPitchRows.filter { indices[$0] == nil }
            if !missing.isEmpty {
                problems.append(.missingColumns(missing.map(\.rawValue), format: format))
            }
        }
        guard problems.isEmpty else {
            return .failure(CSVImportError(problems: problems.map { CSVProblem(line: line, reason: $0) }))
        }
        return .success(CSVLayout(format: format, fieldCount: names.count, indices: indices))
    }

    /// Whether the file has `column`.
    func has(_ column: CSVColumn) -> Bool {
        indices[column] != nil
    }

    /// The field of `column` in a row of `fieldCount` fields; nil when the file has no such column.
    func value(_ column: CSVColumn, in fields: [String]) -> String? {
        indices[column].map { fields[$0] }
    }

    private static func differenceFromFixedHeader(_ names: [String], expected: [CSVColumn], format: Int) -> CSVReason? {
        for (index, name) in names.enumerated() {
            guard index < expected.count else {
                return .unexpectedColumn(format: format, index: index + 1, name: quoted(name), after: expected.last?.rawValue ?? "")
            }
            if name != expected[index].rawValue {
                return .wrongColumn(format: format, index: index + 1, name: quoted(name), expected: expected[index].rawValue)
            }
        }
        if names.count < expected.count {
            return .headerEnds(format: format, count: names.count, expected: expected.count, next: expected[names.count].rawValue)
        }
        return nil
    }
}

/// `"value"` for a problem report, shortened when long.
func quoted(_ value: String) -> String {
    let limit = 40
    let shown = value.count > limit ? String(value.prefix(limit)) + "…" : value
    return "\"\(shown)\""
}

extension String {
    func trimmingASCIISpaces() -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
