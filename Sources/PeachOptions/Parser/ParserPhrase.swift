import Foundation

/// A phrase with numbered gaps, `Unknown option '{1}'. Did you mean '{2}'?`, matched against a
/// line to find what fills the gaps. A gap takes the shortest text after which the rest still
/// matches from there on; a gap at the end takes the rest of the line.
struct ParserPhrase {
    enum Piece: Equatable {
        case literal(String)
        case gap(Int)
    }

    let pieces: [Piece]

    init(_ template: String) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let number = Int(rest[afterOpen..<close]) {
                literal += rest[..<open]
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.gap(number))
                rest = rest[rest.index(after: close)...]
            } else {
                literal += rest[...open]
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The text of each gap, in the order of their numbers; nil when the phrase does not yield `line`.
    func parts(of line: Substring) -> [String]? {
        var filled: [Int: String] = [:]
        var rest = line
        var open: Int?
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .gap(let number):
                guard open == nil else { return nil }  // two gaps side by side: not a phrase of the parser
                open = number
            case .literal(let text):
                guard let gap = open else {
                    guard rest.hasPrefix(text) else { return nil }
                    rest = rest.dropFirst(text.count)
                    continue
                }
                let found: Range<Substring.Index>?
                if index == pieces.count - 1 {
                    found = rest.hasSuffix(text) ? rest.index(rest.endIndex, offsetBy: -text.count)..<rest.endIndex : nil
                } else {
                    found = rest.range(of: text)
                }
                guard let found else { return nil }
                filled[gap] = String(rest[..<found.lowerBound])
                rest = rest[found.upperBound...]
                open = nil
            }
        }
        if let gap = open {
            filled[gap] = String(rest)
            rest = rest[rest.endIndex...]
        }
        guard rest.isEmpty else { return nil }
        return filled.keys.sorted().map { filled[$0] ?? "" }
    }
}
