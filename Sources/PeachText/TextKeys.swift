/// The keys of one layer's texts in the tables (`Texts/en.json`, `Texts/de.json`; the raw value is
/// the key). Each module that says something declares its own enum of them, with a
/// `Texts.text(_:_:)` for it, so a layer depends on no one else's texts. Keys are unique across all
/// enums; a test walks every layer's enum against the tables.
public protocol TextKeys: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// A key of any layer, for what holds keys of layers above its own (a YAML problem that a mapping
/// file's reader names): equal when the keys are.
public struct AnyTextKey: Hashable, Sendable {
    public let rawValue: String

    public init(_ key: some TextKeys) {
        rawValue = key.rawValue
    }
}
