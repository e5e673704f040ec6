import Foundation

/// A small dense symmetric positive-definite matrix (the fit's information matrix, at most a few
/// dozen rows) with the Cholesky operations the fit needs. Plain Swift: the domain links no LAPACK.
struct SymmetricMatrix: Sendable {
    let size: Int
    private(set) var elements: [Double]

    init(size: Int) {
        self.size = size
        elements = [Double](repeating: 0, count: size * size)
    }

    subscript(row: Int, column: Int) -> Double {
        get { elements[row * size + column] }
        set { elements[row * size + column] = newValue }
    }

    /// Adds `weight · v vᵀ` where `v` is sparse: `indices[k]` holds `values[k]`.
    mutating func addOuterProduct(indices: [Int], values: [Double], weight: Double) {
        addOuterProduct(indices: indices, values: values, count: indices.count, weight: weight)
    }

    /// Adds `weight` · b bᵀ for the bend at knot `k`: b is 1, −2, 1 at k, k + 1, k + 2 (`ThresholdModel.bend`).
    mutating func addBend(at k: Int, weight: Double) {
        for a in 0..<3 {
            for c in 0..<3 {
                elements[(k + a) * size + k + c] += weight * ThresholdModel.bendCoefficients[a] * ThresholdModel.bendCoefficients[c]
            }
        }
    }

    /// The same, for the first `count` entries of `indices` and `values`.
    mutating func addOuterProduct(indices: [Int], values: [Double], count: Int, weight: Double) {
        for a in 0..<count {
            let wa = weight * values[a]
            for b in 0..<count {
                elements[indices[a] * size + indices[b]] += wa * values[b]
            }
        }
    }

    static func + (lhs: SymmetricMatrix, rhs: SymmetricMatrix) -> SymmetricMatrix {
        var sum = lhs
        for index in sum.elements.indices { sum.elements[index] += rhs.elements[index] }
        return sum
    }

    func times(_ vector: [Double]) -> [Double] {
        (0..<size).map { row in
            var total = 0.0
            for column in 0..<size { total += self[row, column] * vector[column] }
            return total
        }
    }

    /// The lower Cholesky factor L with L Lᵀ = self; nil when the matrix is not positive definite, or
    /// when a pivot² is at most `smallestPivotShare` of its diagonal element (all but singular).
    func cholesky(smallestPivotShare: Double = 0) -> CholeskyFactor? {
        var lower = [Double](repeating: 0, count: size * size)
        for row in 0..<size {
            for column in 0...row {
                var sum = self[row, column]
                for k in 0..<column { sum -= lower[row * size + k] * lower[column * size + k] }
                if row == column {
                    guard sum > smallestPivotShare * self[row, row], sum > 0, sum.isFinite else { return nil }
                    lower[row * size + row] = sum.squareRoot()
                } else {
                    lower[row * size + column] = sum / lower[column * size + column]
                }
            }
        }
        return CholeskyFactor(size: size, lower: lower)
    }
}

/// L of a Cholesky decomposition: solves, inverts and gives the log-determinant.
struct CholeskyFactor: Sendable {
    let size: Int
    let lower: [Double]

    /// x with (L Lᵀ) x = b.
    func solve(_ b: [Double]) -> [Double] {
        var y = b
        for row in 0..<size {
            var sum = y[row]
            for k in 0..<row { sum -= lower[row * size + k] * y[k] }
            y[row] = sum / lower[row * size + row]
        }
        for row in stride(from: size - 1, through: 0, by: -1) {
            var sum = y[row]
            for k in (row + 1)..<max(row + 1, size) { sum -= lower[k * size + row] * y[k] }
            y[row] = sum / lower[row * size + row]
        }
        return y
    }

    /// log det(L Lᵀ).
    var logDeterminant: Double {
        (0..<size).reduce(0) { $0 + 2 * log(lower[$1 * size + $1]) }
    }

    /// (L Lᵀ)⁻¹, column by column.
    func inverse() -> SymmetricMatrix {
        var inverse = SymmetricMatrix(size: size)
        for column in 0..<size {
            var unit = [Double](repeating: 0, count: size)
            unit[column] = 1
            let solved = solve(unit)
            for row in 0..<size { inverse[row, column] = solved[row] }
        }
        return inverse
    }
}
