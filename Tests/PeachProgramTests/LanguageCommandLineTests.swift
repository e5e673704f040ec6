import Foundation
import PeachOptions
import PeachTestSupport
import PeachText
import Testing
@testable import PeachCommands

/// The real `peach` in German: chosen by LANG (or LC_ALL, LC_MESSAGES), or by `language` in the
/// configuration, which comes first.
@Suite("peach in German", .enabled(if: HistoryCommandsTests.binaryAvailable), .timeLimit(.minutes(4)))
struct LanguageCommandLineTests {
    final class Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-lang-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func file(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }

        var data: String { directory.appendingPathComponent("data").path }
    }

    /// This process's environment without its language, plus `extra`; HOME and XDG_CONFIG_HOME point
    /// into the workspace so that no configuration of the machine's user takes part.
    static func environment(_ workspace: Workspace, _ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] { environment[name] = nil }
        environment["HOME"] = workspace.directory.path
        environment["XDG_CONFIG_HOME"] = workspace.directory.appendingPathComponent("config").path
        return environment.merging(extra) { _, new in new }
    }

    static func run(_ arguments: [String], _ workspace: Workspace, _ extra: [String: String],
                    executable: URL = BuiltProgram.peach) throws -> (status: Int32, output: String) {
        try ProcessRunner.run(executable, arguments, environment: environment(workspace, extra))
    }

    static let german = ["LANG": "de_DE.UTF-8"]

    @Test("LANG=de_DE.UTF-8 peach --help, and every command's --help, is German; without LANG English")
    func help() throws {
        let workspace = try Workspace()
        let help = try Self.run(["--help"], workspace, Self.german)
        #expect(help.status == 0)
        #expect(help.output.contains("Gehörbildungsinstrument"), "\(help.output)")
        #expect(help.output.contains("Hören & Vergleichen"))
        let profile = try Self.run(["profile", "--help"], workspace, Self.german)
        #expect(profile.output.contains("Dein Hörprofil") && profile.output.contains("JSON statt des Diagramms"))
        // Each command's own texts (the parser's own words: ParserLanguageCommandLineTests).
        let english = Texts(.english)
        let german = Texts(.german)
        let commands: [(String, CommandText)] = [
            ("run", .helpRunAbstract), ("play", .helpPlayAbstract), ("sounds", .helpSoundsAbstract),
            ("devices", .helpDevicesAbstract), ("mappings", .helpMappingsAbstract), ("simulate", .helpSimulateAbstract),
            ("history", .helpHistoryAbstract), ("export", .helpExportAbstract), ("import", .helpImportAbstract),
            ("reset", .helpResetAbstract), ("config", .helpConfigAbstract),
        ]
        // `peach web`'s abstract is the dashboard program's too (PeachOptions' key).
        var abstracts: [(String, String, String)] = commands.map { ($0.0, german.text($0.1), english.text($0.1)) }
        abstracts.append(("web", german.text(.helpWebAbstract), english.text(.helpWebAbstract)))
        for (command, germanAbstract, englishAbstract) in abstracts {
            let output = try Self.run([command, "--help"], workspace, ["LC_MESSAGES": "de_DE.UTF-8"]).output
            #expect(output.contains(germanAbstract.prefix(30)), "\(command): \(output)")
            #expect(!output.contains(englishAbstract.prefix(30)), "\(command): \(output)")
            #expect(!output.contains(english.text(.helpOptionDataDirectory).prefix(30)), "\(command): \(output)")
        }
        let inEnglish = try Self.run(["--help"], workspace, [:])
        #expect(inEnglish.output.contains("ear-training instrument"))
        #expect(try Self.run(["--help"], workspace, ["LC_ALL": "C", "LANG": "de_DE.UTF-8"]).output.contains("ear-training"))
    }

    @Test("the configuration's language comes before the environment's")
    func configuration() throws {
        let workspace = try Workspace()
        let english = try workspace.file("en.yaml", "language: en\n")
        let german = try workspace.file("de.yaml", "language: de\n")
        #expect(try Self.run(["--help", "--config", english], workspace, Self.german).output.contains("ear-training"))
        #expect(try Self.run(["profile", "--help", "--config=\(german)"], workspace, [:]).output.contains("Dein Hörprofil"))
        let template = try Self.run(["config", "--default"], workspace, Self.german)
        #expect(template.output.contains("# Konfiguration von Peach für Linux"))
        #expect(template.output.contains("#  note-duration: 1.0   # Sekunden, 0.3–3.0"))
        let bad = try workspace.file("bad.yaml", "language: fr\ntraining:\n  intervals: [P5 sideways]\n")
        let check = try Self.run(["config", "--check", "--config", bad], workspace, Self.german)
        #expect(check.status == 1)
        #expect(check.output.contains("die Konfiguration ist nicht gültig; nichts davon wird verwendet"), "\(check.output)")
        #expect(check.output.contains("bad.yaml:1:11: language: schreib die Sprache als en oder de"), "\(check.output)")
        #expect(check.output.contains("`sideways` ist keine Richtung"), "\(check.output)")
    }

    @Test("peach profile and peach history are German, numbers with a decimal comma")
    func profileAndHistory() throws {
        let workspace = try Workspace()
        let listener = try workspace.file("listener.yaml", "psychometric: logistic\nslope: 3\nthresholds: {C4: 8}\n")
        let simulated = try Self.run(["simulate", "--listener", listener, "--trials", "600", "--seed", "4", "--data-dir",
                                      workspace.data], workspace, [:])
        #expect(simulated.status == 0, "\(simulated.output)")
        let profile = try Self.run(["profile", "--data-dir", workspace.data], workspace, Self.german)
        #expect(profile.status == 0)
        #expect(profile.output.contains("Hören & Vergleichen – Einzeltöne: 75 % richtig bei "), "\(profile.output)")
        #expect(profile.output.contains(/\d,\d Cent \(\d+,\d–\d+,\d\)/), "\(profile.output)")
        #expect(profile.output.contains("Schwelle je Ton") && profile.output.contains("Stimmen & Treffen – Einzeltöne: noch keine Antworten."))
        #expect(!profile.output.contains(" ct"))
        let history = try Self.run(["history", "--limit", "5", "--data-dir", workspace.data], workspace, Self.german)
        #expect(history.output.contains(/Vergl\.   \S+ +[+-]\d+,\d\d Cent  (richtig|falsch)/), "\(history.output)")
        let json = try Self.run(["profile", "--json", "--data-dir", workspace.data], workspace, Self.german)
        #expect(json.output.contains("\"criterion\""), "JSON field names stay")
    }

    @Test("peach run's status line is German (the live status beside the history)")
    func statusLine() throws {
        let workspace = try Workspace()
        let process = Process()
        process.executableURL = BuiltProgram.peach
        process.arguments = ["run", "--data-dir", workspace.data, "--audio-device", "hw:CARD=NoSuchCard,DEV=0"]
        process.environment = Self.environment(workspace, Self.german)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        let status = URL(fileURLWithPath: workspace.data).appendingPathComponent("live-status")
        var text = ""
        // Under load (the whole test suite on two cores) the start takes a while.
        let deadline = Date().addingTimeInterval(90)
        while !text.contains("wartet"), Date() < deadline {
            text = (try? String(contentsOf: status, encoding: .utf8)) ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(text.hasPrefix("Hören & Vergleichen – Einzeltöne │ wartet auf einen Controller │ "), "\(text)")
        #expect(text.contains("noch nicht genug Antworten"))
    }

    @Test("installed as make install does (tables in ../share/peach/Texts) it is German; without tables English, no crash")
    func installed() throws {
        let workspace = try Workspace()
        let bin = workspace.directory.appendingPathComponent("bin")
        let texts = workspace.directory.appendingPathComponent("share/peach/Texts")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("peach")
        try FileManager.default.copyItem(at: BuiltProgram.peach, to: binary)
        let missing = try Self.run(["--help"], workspace, Self.german, executable: binary)
        #expect(missing.status == 0)
        #expect(missing.output.contains("text table de.json not found"), "logged: \(missing.output)")
        #expect(missing.output.contains("helpPeachAbstract"), "no tables at all: the keys, no crash")
        try FileManager.default.createDirectory(at: texts.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Sources/PeachText/Texts"), to: texts)
        let help = try Self.run(["--help"], workspace, Self.german, executable: binary)
        #expect(help.output.contains("Gehörbildungsinstrument"), "\(help.output)")
        #expect(!help.output.contains("text table"))
        try FileManager.default.removeItem(at: texts.appendingPathComponent("de.json"))
        let english = try Self.run(["--help"], workspace, Self.german, executable: binary)
        #expect(english.output.contains("ear-training instrument") && english.output.contains("de.json not found"))
    }
}
