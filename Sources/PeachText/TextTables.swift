import Foundation
import Logging
import PeachDomain

/// The text tables of every language, read from their JSON files (`{"key": "text", …}`). Found, in
/// order: in SwiftPM's resource bundle next to the executable (`Peach_PeachText.resources/Texts`, the
/// build directory), in `../share/peach/Texts` next to it (`make install`), and in the source tree's
/// `Sources/PeachText/Texts` above it. A table that is missing or unreadable is reported once, in the
/// log, and English stands in for it (the key's name where English is missing too); never a crash.
public struct TextTables: Sendable {
    public let tables: [Language: [String: String]]
    /// What could not be read, one sentence each (in English: there may be no table to say it with).
    public let problems: [String]

    public init(tables: [Language: [String: String]], problems: [String] = []) {
        self.tables = tables
        self.problems = problems
    }

    /// The tables found for this executable, read once per process; problems are logged then.
    public static let installed: TextTables = {
        let tables = TextTables.read(from: searchDirectories())
        let logger = Logger(label: "peach.text")
        // Not for a person's table: the table itself is what failed.
        for problem in tables.problems { logger.warning("\(problem)") }
        return tables
    }()

    /// `language`'s texts with English under them, so a key the language lacks still reads.
    public func merged(for language: Language) -> [String: String] {
        let english = tables[.english] ?? [:]
        guard language != .english else { return english }
        return english.merging(tables[language] ?? [:]) { _, own in own }
    }

    /// Each language's table from the first directory that has it.
    public static func read(from directories: [URL]) -> TextTables {
        var tables: [Language: [String: String]] = [:]
        var problems: [String] = []
        for language in Language.allCases {
            let name = "\(language.rawValue).json"
            guard let file = directories.map({ $0.appendingPathComponent(name) })
                .first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
                // not a text: the tables themselves failed, so this is said in English
                problems.append("text table \(name) not found in \(directories.map(\.path).joined(separator: ", ")); English is used")
                continue
            }
            do {
                let data = try Data(contentsOf: file)
                guard let table = try JSONSerialization.jsonObject(with: data) as? [String: String] else {
                    // not a text: as above
                    problems.append("text table \(file.path) is not an object of texts; English is used")
                    continue
                }
                tables[language] = table
            } catch {
                // not a text: as above
                problems.append("text table \(file.path) cannot be read (\(error)); English is used")
            }
        }
        return TextTables(tables: tables, problems: problems)
    }

    /// Where the tables are looked for, for the executable at `executable` (symbolic links resolved).
    public static func searchDirectories(executable: URL? = Bundle.main.executableURL) -> [URL] {
        let binary = (executable ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "")).resolvingSymlinksInPath()
        let binDirectory = binary.deletingLastPathComponent()
        var directories = [
            binDirectory.appendingPathComponent("Peach_PeachText.resources/Texts"),
            binDirectory.deletingLastPathComponent().appendingPathComponent("share/peach/Texts"),
        ]
        var candidate = binDirectory
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                directories.append(candidate.appendingPathComponent("Sources/PeachText/Texts"))
                break
            }
            candidate = candidate.deletingLastPathComponent()
        }
        return directories
    }
}
