import PeachDomain
import Testing

@Suite("The language from the environment")
struct LanguageTests {
    @Test("locale names: de_DE.UTF-8 is German, en_GB and C are English, fr_FR is neither",
          arguments: [("de_DE.UTF-8", Language.german), ("de", .german), ("de_AT@euro", .german),
                      ("en_GB.UTF-8", .english), ("C", .english), ("POSIX", .english), ("C.UTF-8", .english)])
    func localeNames(name: String, language: Language) {
        #expect(Language(localeName: name) == language)
    }

    @Test("a locale of another language is not taken for either")
    func otherLanguages() {
        #expect(Language(localeName: "fr_FR.UTF-8") == nil)
        #expect(Language(localeName: "") == nil)
    }

    @Test("LC_ALL before LC_MESSAGES before LANG; empty values do not count; English otherwise")
    func precedence() {
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LC_ALL": "", "LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .english)
        #expect(Language.fromEnvironment([:]) == .english)
    }
}
