import Foundation

/// Paths of the repository's files, found from this source file (the tests run from .build, and in
/// the system-test guest at the same path).
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let mappings = repository.appendingPathComponent("Mappings")
    static let traces = repository.appendingPathComponent("Tests/PeachMIDITests/Fixtures")

    /// A wheel trace: (time in ns, pitch-bend value) per event.
    static func trace(_ name: String) throws -> [(time: UInt64, value: Int16)] {
        let text = try String(contentsOf: traces.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: " ")
            guard fields.count == 2, let ms = Double(fields[0]), let value = Int16(fields[1]) else { return nil }
            return (UInt64(ms * 1_000_000), value)
        }
    }
}

/// Builds timestamps in milliseconds for synthetic traces.
func ms(_ value: Double) -> UInt64 { UInt64(value * 1_000_000) }
