import Foundation
import PeachTestSupport
import Testing

/// The real `peach` under LANG=de_DE.UTF-8: the lower layers' errors it prints (a malformed CSV
/// import, a broken mapping file) are German, at the same FILE:LINE:COLUMN or line as in English.
@Suite("peach's lower-layer errors in German", .enabled(if: HistoryCommandsTests.binaryAvailable), .timeLimit(.minutes(2)))
struct LowerLayerCommandLineTests {
    static func run(_ arguments: [String], _ workspace: LanguageCommandLineTests.Workspace, _ language: String)
        throws -> (status: Int32, output: String) {
        try LanguageCommandLineTests.run(arguments, workspace, ["LANG": language])
    }

    @Test("peach import of a malformed CSV: German problems at the same lines, nothing imported")
    func importCSV() throws {
        let workspace = try LanguageCommandLineTests.Workspace()
        let file = try workspace.file("bad.csv", "# peach-export-format:3\ntrainingType,timestamp\nfoo\n")
        let german = try Self.run(["import", file, "--data-dir", workspace.data], workspace, "de_DE.UTF-8")
        #expect(german.status == 1)
        #expect(german.output.contains("Fehler: \(file) wurde nicht importiert"), "\(german.output)")
        #expect(german.output.contains("Zeile 2: die Kopfzeile ist nicht die des Formats 3: sie endet nach 2 Spalten, erwartet 19"),
                "\(german.output)")
        let english = try Self.run(["import", file, "--data-dir", workspace.data], workspace, "C")
        #expect(english.output.contains("line 2: the header is not the format 3 header: it ends after 2 columns, expected 19"))
    }

    @Test("peach mappings --check of a broken mapping file: German, at the same FILE:LINE:COLUMN")
    func mappingCheck() throws {
        let workspace = try LanguageCommandLineTests.Workspace()
        let syntax = try workspace.file("syntax.yaml", "name: x\nmatch: [a\n")
        let german = try Self.run(["mappings", "--check", syntax], workspace, "de_DE.UTF-8")
        #expect(german.status == 1)
        #expect(german.output.contains("\(syntax):3:1: YAML-Syntax: "), "\(german.output)")
        #expect(try Self.run(["mappings", "--check", syntax], workspace, "C").output.contains("\(syntax):3:1: YAML syntax: "))
        let semantic = try workspace.file("semantic.yaml", "name: x\nmatch: \"*\"\nchannel: 99\nfoo: 1\nstop: {cc: 1}\nreport: {cc: 1}\n")
        let problems = try Self.run(["mappings", "--check", semantic], workspace, "de_DE.UTF-8").output
        #expect(problems.contains("\(semantic):3:10: channel: 99 liegt außerhalb von 1…16"), "\(problems)")
        #expect(problems.contains("\(semantic):4:1: unbekannter Schlüssel `foo`"), "\(problems)")
        #expect(problems.contains("\(semantic):6:9: report: cc 1 ist schon `stop` (Zeile 5); ein Bedienelement kann nur eines tun"),
                "\(problems)")
        let english = try Self.run(["mappings", "--check", semantic], workspace, "C").output
        #expect(english.contains("\(semantic):6:9: report: cc 1 is already `stop` (line 5); a control can do only one thing"), "\(english)")
    }
}
