import PeachText

/// A part of a problem a reader names by its key in the tables: plain text (a name, a value as the
/// file writes it), what a node was found to be, or a phrase of its own, each said in the
/// problem's language when it is.
public indirect enum YAMLPhrase: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    case plain(String)
    case found(YAMLFound)
    /// A phrase of the reader's own, by its key (of the reader's layer) and its parts.
    case phrase(AnyTextKey, [YAMLPhrase])

    public init(stringLiteral value: String) { self = .plain(value) }

    public init(stringInterpolation: DefaultStringInterpolation) { self = .plain(String(stringInterpolation: stringInterpolation)) }

    public func text(_ texts: Texts) -> String {
        switch self {
        case .plain(let text): text
        case .found(let found): found.name(texts)
        case .phrase(let key, let parts): texts.text(of: key, arguments: parts.map { $0.text(texts) })
        }
    }
}
