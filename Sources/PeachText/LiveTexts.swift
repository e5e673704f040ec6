import PeachDomain
import Synchronization

/// The texts of a language that can change while Peach runs: `peach run` switches them when a
/// reloaded configuration names another language. Whoever says something asks for `current` then,
/// so the next line of the log, of the status line or of a spoken prompt is in the new language.
public final class LiveTexts: Sendable {
    private let texts: Mutex<Texts>

    public init(_ texts: Texts) {
        self.texts = Mutex(texts)
    }

    public convenience init(_ language: Language) {
        self.init(Texts(language))
    }

    /// English, fixed unless changed (tests).
    public static var english: LiveTexts { LiveTexts(Texts.english) }

    public var current: Texts { texts.withLock { $0 } }

    /// Switches to `language`; true when that is another language than before.
    @discardableResult
    public func change(to language: Language) -> Bool {
        texts.withLock { texts in
            guard texts.language != language else { return false }
            texts = Texts(language)
            return true
        }
    }
}
