import Foundation

/// The reports' JSON (`peach profile --json`, `peach history --json`, the dashboard's
/// `/api/profile`): Foundation's `JSONEncoder`, indented, keys sorted, so that a history gives the
/// same bytes on every run. The encoder is FoundationEssentials' and loads no ICU data, which
/// matters to a dashboard that should fit in 30 MB.
public enum ReportJSON {
    public static func text(_ document: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}

/// A key the reports always write, `null` when there is no value: Codable's synthesised encoding
/// leaves an optional's key out instead (`encodeIfPresent`).
@propertyWrapper
public struct OrNull<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
