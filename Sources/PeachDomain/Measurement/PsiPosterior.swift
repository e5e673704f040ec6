import Foundation

/// The Psi method (Kontsevich & Tyler, 1999; in QUEST+'s general form, Watson, 2017): a posterior
/// over the parameters of `PsychometricFunction` on a grid (`PsiGrid`: the threshold as a line in
/// log cents over the note range, its level and tilt; the slope; the lapse rate), updated by every
/// answer, and the next offset for a note chosen, from the grid's candidates, as the one whose
/// answer is expected to leave the overall threshold least uncertain: the smallest expected entropy
/// of its posterior (the overall threshold is the mean over the range's notes, as the profile
/// reports it; the tilt, slope and lapse rate count only through it). With the tilt, a note's
/// offsets are placed near that note's threshold, so the notes whose thresholds are largest, which
/// weigh most in the mean, are measured too.
public struct PsiPosterior: Sendable {
    let grid: PsiGrid
    /// The notes the line spans: the lowest is at position −½, the highest at ½.
    public let notes: ClosedRange<Int>
    /// The posterior of every cell, normalised.
    private(set) var cells: [Double]
    public private(set) var answers = 0

    public init(notes: ClosedRange<Int> = NoteRange.standard.lowest.rawValue...NoteRange.standard.highest.rawValue) {
        self.init(grid: .standard, notes: notes)
    }

    init(grid: PsiGrid, notes: ClosedRange<Int>) {
        self.grid = grid
        self.notes = notes
        cells = grid.prior
    }

    /// The grid's cells (level × tilt × slope × lapse rate) and the candidate offsets a choice weighs.
    public var cellCount: Int { grid.cellCount }
    public var candidateCount: Int { grid.logOffsets.count }

    /// Where `note` lies on the line: −½ at the lowest note, ½ at the highest, 0 for a single note.
    func position(_ note: Int) -> Double {
        let span = notes.upperBound - notes.lowerBound
        guard span > 0 else { return 0 }
        let clamped = min(max(note, notes.lowerBound), notes.upperBound)
        return Double(2 * (clamped - notes.lowerBound) - span) / Double(2 * span)
    }

    /// Bayes' rule for one answer at `offset` cents on `note` (any offset, on the grid or not).
    public mutating func add(offset: Double, note: Int, isCorrect: Bool) {
        let row = grid.row(logOffset: log(max(offset, 1e-9)), position: position(note))
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

    /// The overall threshold's posterior over its bins (`PsiGrid.overallCount`, bin b at
    /// `grid.levels[0] + b · grid.step`).
    var overallMarginal: [Double] {
        var marginal = [Double](repeating: 0, count: grid.overallCount)
        let block = grid.cellsPerTilt
        for level in grid.levels.indices {
            for tilt in grid.tilts.indices {
                let start = level * grid.cellsPerLevel + tilt * block
                var sum = 0.0
                for k in start..<(start + block) { sum += cells[k] }
                marginal[level + grid.overallShift[tilt]] += sum
            }
        }
        return marginal
    }

    /// The candidate offset (cents, a magnitude) for `note` whose answer leaves the least expected
    /// entropy of the overall threshold's posterior.
    public func nextOffset(note: Int) -> Double {
        exp(grid.logOffsets[nextOffsetIndex(note: note)])
    }

    func nextOffsetIndex(note: Int) -> Int {
        let position = position(note)
        let block = grid.cellsPerTilt, perLevel = grid.cellsPerLevel
        let widened = grid.widenedCount, margin = grid.margin
        // Each tilt moves this note's threshold by whole steps of the level (the table's rows).
        let moves = grid.tilts.map { Int(($0 * position / grid.step).rounded()) }
        let shifts = grid.overallShift
        let marginal = overallMarginal
        // Levels the posterior has all but ruled out add nothing to any sum: left out.
        let levelMass = grid.levels.indices.map { level in
            cells[(level * perLevel)..<((level + 1) * perLevel)].reduce(0, +)
        }
        let largest = levelMass.max() ?? 0
        let live = levelMass.indices.filter { levelMass[$0] > largest * 1e-12 }
        let bins = Set(live.flatMap { level in shifts.map { level + $0 } }).sorted()
        var best = 0, smallest = Double.infinity
        var right = [Double](repeating: 0, count: grid.overallCount)
        cells.withUnsafeBufferPointer { cells in
            grid.table.withUnsafeBufferPointer { table in
                for candidate in grid.logOffsets.indices {
                    for bin in bins { right[bin] = 0 }
                    var chance = 0.0
                    for level in live {
                        for tilt in moves.indices {
                            let start = level * perLevel + tilt * block
                            let row = (candidate * widened + level + moves[tilt] + margin) * block
                            var sum = 0.0
                            for q in 0..<block { sum += cells[start + q] * table[row + q] }
                            right[level + shifts[tilt]] += sum
                            chance += sum
                        }
                    }
                    var entropyIfRight = 0.0, entropyIfWrong = 0.0
                    let wrongChance = 1 - chance
                    for bin in bins {
                        let p = right[bin] / chance
                        if p > 0 { entropyIfRight -= p * log(p) }
                        let q = max(marginal[bin] - right[bin], 0) / wrongChance
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

    /// The overall threshold's posterior median and its 95 % interval (the 2.5 % and 97.5 % points),
    /// each bin one step wide, the distribution uniform within it.
    public var threshold: IntervalEstimate {
        let marginal = overallMarginal
        let total = marginal.reduce(0, +)
        let first = grid.levels[0]
        func quantile(_ share: Double) -> Double {
            let target = share * total
            var below = 0.0
            for (bin, mass) in marginal.enumerated() {
                if below + mass >= target, mass > 0 {
                    let within = (target - below) / mass
                    return exp(first + (Double(bin) + within - 0.5) * grid.step)
                }
                below += mass
            }
            return exp(first + (Double(marginal.count) - 0.5) * grid.step)
        }
        return IntervalEstimate(value: quantile(0.5), low: quantile(0.025), high: quantile(0.975))
    }
}
