import Foundation
import PeachDomain
import PeachStorage

/// `peach import` of a million answers: time and peak RSS, measured in a child process of its own
/// (`--import-child FILE DIR`) so nothing else this benchmark holds counts.
func importFigures(rows: Int = 1_000_000) {
    print("== import (streaming, one transaction)")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-import-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("answers.csv")
        try writeSyntheticCSV(rows: rows, to: file)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--import-child", file.path, directory.appendingPathComponent("history").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard parts.count == 3, let seconds = Double(parts[0]), let kilobytes = Int(parts[1]) else {
            print("import benchmark failed: \(text)")
            return
        }
        print("import of \(rows) answers (\(size / 1_000_000) MB CSV)".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f s", seconds) + "   (\(parts[2]) added)")
        print("peak RSS, import of \(rows) answers".padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%10.1f MB", Double(kilobytes) / 1024))
    } catch {
        print("import benchmark failed: \(error)")
    }
}

/// The child: imports FILE into a new history in DIR and prints "SECONDS PEAK-KB ADDED".
func importChild(_ arguments: [String]) {
    do {
        guard let store = try HistoryStore.open(DataLocation(directory: URL(fileURLWithPath: arguments[1]))) else {
            print("-1 -1 0")
            return
        }
        let started = ContinuousClock.now
        let result = try store.importCSV(URL(fileURLWithPath: arguments[0]), mode: .merge)
        let seconds = (ContinuousClock.now - started).seconds
        print(String(format: "%.3f", seconds), peakRSSKilobytes() ?? -1,
              result.summary.compareAnswersAdded + result.summary.matchAnswersAdded)
    } catch {
        print("-1 -1 \(error)")
    }
}

/// A format 3 file of `rows` answers, one every 7 s from 2023 on (4 Hear & Compare answers to 1
/// Tune & Match), written in pieces.
private func writeSyntheticCSV(rows: Int, to file: URL) throws {
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    var text = "# peach-export-format:3\ntrainingType,timestamp,referenceNote,referenceNoteName,targetNote,"
        + "targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,"
        + "meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3\n"
    var random = SeededRandomGenerator(seed: 11)
    for i in 0..<rows {
        let reference = 36 + Int.random(in: 0...48, using: &random)
        let fifth = Bool.random(using: &random)
        let target = reference + (fifth ? 7 : 0)
        let names = "\(reference),\(MIDINote(validating: reference)?.name ?? ""),\(target),"
            + "\(MIDINote(validating: target)?.name ?? ""),\(fifth ? "P5" : "P1"),equalTemperament"
        let time = HistoryCSV.timestamp(Date(timeIntervalSince1970: 1_680_000_000 + Double(i) * 7))
        let cents = String(format: "%.3f", Double.random(in: -50...50, using: &random))
        if i % 5 == 4 {
            text += "pitchMatching,\(time),\(names),,,\(cents),\(cents),,,,,,,\n"
        } else {
            text += "pitchDiscrimination,\(time),\(names),\(cents),\(i % 3 == 0),,,,,,,,,\n"
        }
        if text.utf8.count > 1 << 20 {
            try handle.write(contentsOf: Data(text.utf8))
            text = ""
        }
    }
    try handle.write(contentsOf: Data(text.utf8))
}
