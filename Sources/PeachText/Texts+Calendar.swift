import PeachDomain

/// Day and month names as the dashboard's dates show them ("Tue 3", "wk 3 Nov"; German "Di 3.").
extension Texts {
    /// "Mon" for 1 … "Sun" for 7 (ISO 8601 weekdays); German "Mo" … "So".
    public func weekdayName(_ weekday: Int) -> String {
        name(weekday, in: .weekdayNames, count: 7)
    }

    /// "Jan" for 1 … "Dec" for 12; German "Jan" … "Dez".
    public func monthName(_ month: Int) -> String {
        name(month, in: .monthNames, count: 12)
    }

    private func name(_ number: Int, in list: TextKey, count: Int) -> String {
        let names = text(list).split(separator: ",")
        guard names.count == count, (1...count).contains(number) else { return String(number) }
        return String(names[number - 1])
    }
}
