import Foundation

/// The Psi method (Kontsevich & Tyler, 1999; in QUEST+'s general form, Watson, 2017): a posterior
/// over the threshold, slope and lapse rate of `PsychometricFunction` on a grid (`PsiGrid`),
/// updated by every answer, and the next offset chosen, from the grid's candidates, as the one
/// whose answer is expected to leave the threshold least uncertain: the smallest expected entropy
/// of the threshold's marginal posterior (slope and lapse rate are nuisance parameters, summed
/// over). One threshold for all notes: the overall threshold, as a hearing check measures it.
public struct PsiPosterior: Sendable {
    let grid: PsiGrid
    /// The posterior of every cell, normalised.
    private(set) var cells: [Double]
    public private(set) var answers = 0

    public init() { self.init(grid: .standard) }

    init(grid: PsiGrid) {
        self.grid = grid
        cells = grid.prior
    }

    /// The grid's cells (threshold × slope × lapse rate) and the candidate offsets a choice weighs.
    public var cellCount: Int { grid.cellCount }
    public var candidateCount: Int { grid.logOffsets.count }

    /// Bayes' rule for one answer at `offset` cents (any offset, on the grid or not).
    public mutating func add(offset: Double, isCorrect: Bool) {
        let row = grid.row(logOffset: log(max(offset, 1e-9)))
        var total = 0.0
        for k in cells.indices {
            cells[k] *= isCorrect ? row[k] : 1 - row[k]
            total += cells[k]
        }
        // Every cell's chance is strictly between 0 and 1 (the guess rate below, lapses above), so
        // no answer can empty the posterior; the total only shrinks, and is renormalised.
        guard total > 0 else { return }
        for k in cells.indices { cells[k] /= total }
        answers += 1
    }

    /// The threshold's marginal posterior over `grid.logThresholds`.
    var thresholdMarginal: [Double] {
        let block = grid.cellsPerThreshold
        return (0..<grid.logThresholds.count).map { t in
            var sum = 0.0
            for k in (t * block)..<((t + 1) * block) { sum += cells[k] }
            return sum
        }
    }

    /// The candidate offset (cents, a magnitude) whose answer leaves the least expected entropy of
    /// the threshold's marginal posterior.
    public func nextOffset() -> Double {
        exp(grid.logOffsets[nextOffsetIndex()])
    }

    func nextOffsetIndex() -> Int {
        let block = grid.cellsPerThreshold
        let thresholds = grid.logThresholds.count
        let marginal = thresholdMarginal
        // Thresholds the posterior has all but ruled out add nothing to any sum: left out.
        let largest = marginal.max() ?? 0
        let live = marginal.indices.filter { marginal[$0] > largest * 1e-12 }
        var best = 0, smallest = Double.infinity
        var right = [Double](repeating: 0, count: thresholds)
        cells.withUnsafeBufferPointer { cells in
            grid.table.withUnsafeBufferPointer { table in
                for candidate in grid.logOffsets.indices {
                    let row = candidate * grid.cellCount
                    var chance = 0.0
                    for t in live {
                        var sum = 0.0
                        let start = t * block
                        for k in start..<(start + block) { sum += cells[k] * table[row + k] }
                        right[t] = sum
                        chance += sum
                    }
                    var entropyIfRight = 0.0, entropyIfWrong = 0.0
                    let wrongChance = 1 - chance
                    for t in live {
                        let p = right[t] / chance
                        if p > 0 { entropyIfRight -= p * log(p) }
                        let q = max(marginal[t] - right[t], 0) / wrongChance
                        if q > 0 { entropyIfWrong -= q * log(q) }
                    }
                    let expected = chance * entropyIfRight + wrongChance * entropyIfWrong
                    if expected < smallest {
                        smallest = expected
                        best = candidate
                    }
                }
            }
        }
        return best
    }

    /// The threshold's posterior median and its 95 % interval (the 2.5 % and 97.5 % points), each
    /// grid point standing for a bin one step wide, the distribution uniform within it.
    public var threshold: IntervalEstimate {
        let marginal = thresholdMarginal
        let total = marginal.reduce(0, +)
        func quantile(_ share: Double) -> Double {
            let target = share * total
            var below = 0.0
            for (t, mass) in marginal.enumerated() {
                if below + mass >= target, mass > 0 {
                    let within = (target - below) / mass
                    return exp(grid.logThresholds[t] + (within - 0.5) * grid.logThresholdStep)
                }
                below += mass
            }
            return exp(grid.logThresholds[grid.logThresholds.count - 1] + grid.logThresholdStep / 2)
        }
        return IntervalEstimate(value: quantile(0.5), low: quantile(0.025), high: quantile(0.975))
    }
}
