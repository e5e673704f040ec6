/// Pairs the hits Peach stored with the hits found in the recording, both in the order they were
/// tapped, by the least total difference of their offsets, a hit left without a partner costing
/// `unpairedCost` ms. Pairing by trial fails where the two disagree on which trial a hit belongs to
/// (the next trial's first gap comes before the last one is scored) or on whether a step was a gap
/// (a tap's own click on top of the pattern's can hide the pattern's click from the onset finder,
/// so the recording sees a gap Peach never played). Either shows as unpaired hits on one side only.
enum HitPairing {
    static let unpairedCost = 15.0

    /// Index pairs (stored, recorded) in order.
    static func pairs(stored: [Double], recorded: [Double]) -> [(stored: Int, recorded: Int)] {
        let (n, m) = (stored.count, recorded.count)
        var cost = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { cost[i][0] = Double(i) * unpairedCost }
        for j in 0...m { cost[0][j] = Double(j) * unpairedCost }
        for i in stride(from: 1, through: n, by: 1) {
            for j in stride(from: 1, through: m, by: 1) {
                let paired = cost[i - 1][j - 1] + abs(stored[i - 1] - recorded[j - 1])
                cost[i][j] = min(paired, cost[i - 1][j] + unpairedCost, cost[i][j - 1] + unpairedCost)
            }
        }
        var result: [(stored: Int, recorded: Int)] = []
        var (i, j) = (n, m)
        while i > 0, j > 0 {
            if cost[i][j] == cost[i - 1][j - 1] + abs(stored[i - 1] - recorded[j - 1]) {
                result.append((i - 1, j - 1))
                i -= 1
                j -= 1
            } else if cost[i][j] == cost[i - 1][j] + unpairedCost {
                i -= 1
            } else {
                j -= 1
            }
        }
        return result.reversed()
    }
}
