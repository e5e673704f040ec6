import GRDB

/// Reads one column of a stored row without trapping on a value of another type: NaN, or nil, when
/// the value is not what the column should hold.
enum StoredValue {
    static func integer(_ row: Row, _ index: Int) -> Int? {
        let value: DatabaseValue = row[index]
        return Int.fromDatabaseValue(value)
    }

    static func real(_ row: Row, _ index: Int) -> Double {
        let value: DatabaseValue = row[index]
        return Double.fromDatabaseValue(value) ?? .nan
    }

    /// Nil for NULL; NaN for a value that is not a number.
    static func optionalReal(_ row: Row, _ index: Int) -> Double? {
        let value: DatabaseValue = row[index]
        return value.isNull ? nil : Double.fromDatabaseValue(value) ?? .nan
    }

    static func text(_ row: Row, _ index: Int) -> String {
        let value: DatabaseValue = row[index]
        return String.fromDatabaseValue(value) ?? ""
    }
}
