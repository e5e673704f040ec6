import PeachDomain
import PeachText
import PeachYAML

/// `training.rhythm.gap-positions` as the configuration reads it.
enum GapPositionsValue {
    /// Fill the Gap's gap positions: a list (or one) of `beat`, `e`, `and`, `a`; at least one.
    static func read(_ node: YAMLNode, _ texts: Texts) throws -> Set<GapPosition> {
        let items = node.listOrSingle()
        guard !items.isEmpty else { throw node.error(texts.text(.configErrorNoGapPosition)) }
        var result = Set<GapPosition>()
        var problems = YAMLErrorCollector()   // every item that is wrong, not only the first
        for item in items {
            let position = problems.collect { () throws -> GapPosition in
                let name = try item.string()
                guard let position = GapPosition(name: name) else {
                    throw item.error(texts.text(.configErrorNotAGapPosition, name))
                }
                return position
            }
            if let position { result.insert(position) }
        }
        guard problems.isEmpty else { throw YAMLErrors(problems.errors) }
        return result
    }
}
