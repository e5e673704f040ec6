import Foundation
import Testing
@testable import PeachSound

@Suite struct SoundFontLocatorTests {
    /// Near the root the folders above the executable run out: `/` is named once, not once per step.
    @Test func eachPlaceOnce() {
        let candidates = SoundFontLocator(executable: URL(fileURLWithPath: "/nowhere/peach")).candidates.map(\.path)
        #expect(candidates == ["/share/peach/SoundFonts/peach.sf2", "/nowhere/SoundFonts/peach.sf2", "/SoundFonts/peach.sf2"])
    }
}
