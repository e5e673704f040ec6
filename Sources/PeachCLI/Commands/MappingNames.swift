/// The names of the controller mappings the configuration may assign. Filled in by the MIDI input
/// module; until then any name is accepted.
enum MappingNames {
    static func available() -> Set<String>? { nil }
}
