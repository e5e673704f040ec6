import Foundation
import PeachDomain
import PeachStorage

// Test helper for the crash test: writes answers as fast as it can and prints each answer's number
// on stdout once `save` has returned (that is, once the store has acknowledged it), until killed.
// Usage: peach-crash-writer DATA-DIR FIRST-NUMBER

let arguments = CommandLine.arguments
guard arguments.count == 3, let first = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: peach-crash-writer DATA-DIR FIRST-NUMBER\n".utf8))
    exit(64)
}
do {
    guard let store = try HistoryStore.open(DataLocation(directory: URL(fileURLWithPath: arguments[1]))) else {
        exit(1)
    }
    var number = first
    while true {
        // The answer's number is carried in its offset and its timestamp, so the test can find it.
        let note = MIDINote(36 + number % 49)
        if number % 3 == 0 {
            try store.save(MatchAnswer(referenceNote: note, targetNote: note, initialCentOffset: 10,
                                       userCentError: Cents(Double(number)), tuningSystem: .equalTemperament,
                                       timestamp: Date(timeIntervalSince1970: Double(number)))!)
        } else {
            try store.save(CompareAnswer(referenceNote: note, targetNote: note, centOffset: Cents(Double(number)),
                                         isCorrect: true, tuningSystem: .equalTemperament,
                                         timestamp: Date(timeIntervalSince1970: Double(number)))!)
        }
        FileHandle.standardOutput.write(Data("\(number)\n".utf8))
        number += 1
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
