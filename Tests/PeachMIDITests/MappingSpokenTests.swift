import Foundation
import PeachDomain
import PeachYAML
import Testing
@testable import PeachMIDI

/// `spoken:` on a control and on the tuning control: how the tour names them.
@Suite("Mapping files: spoken names")
struct MappingSpokenTests {
    static let base = """
        name: Pads
        match: "Pads"
        tuning:
          control: pitch-wheel
          spoken: {en: "the strip", de: "der Streifen"}
        answers:
          higher: {note: 40, spoken: {en: "the right pad", de: "das rechte Pad"}}
          lower: {note: 36}
        stop: {cc: 20, spoken: {de: "der Stopp-Knopf"}}
        """

    @Test("a control's and the tuning control's words are read per language; a control without them has none")
    func read() throws {
        let mapping = try MappingFile.parse(Self.base, file: "pads.yaml")
        #expect(mapping.higher.first?.spoken == [.english: "the right pad", .german: "das rechte Pad"])
        #expect(mapping.lower.first?.spoken == nil)
        #expect(mapping.stop.first?.spoken == [.german: "der Stopp-Knopf"])
        #expect(mapping.tuningSpoken == [.english: "the strip", .german: "der Streifen"])
        // The words do not change what the control is.
        #expect(mapping.higher.first?.source == .notes(40...40))
    }

    @Test("an unknown language or an empty name is refused with its place")
    func refused() {
        let unknown = mappingErrors(Self.base.replacingOccurrences(of: "de: \"das rechte Pad\"", with: "fr: \"le pad\""))
        #expect(unknown.count == 1)
        #expect(unknown.first?.line == 7)
        #expect(unknown.first?.description.contains("fr") == true)
        let empty = mappingErrors(Self.base.replacingOccurrences(of: "\"der Streifen\"", with: "\" \""))
        #expect(empty.count == 1)
        #expect(empty.first?.line == 5)
        #expect(empty.first?.description.contains("spoken") == true)
    }

    @Test("every mapping in Mappings/ still reads, the Launchkey's pads with their names")
    func launchkey() throws {
        let path = Fixtures.mappings.appendingPathComponent("novation-launchkey-mini-mk3.yaml").path
        let mapping = try MappingFile.load(path: path)
        #expect(mapping.report.first?.spoken?[.english] == "the second pad from the right, top row")
        #expect(mapping.tuningSpoken?[.german] == "der Pitch-Streifen")
    }
}
