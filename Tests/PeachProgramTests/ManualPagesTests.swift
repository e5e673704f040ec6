import Foundation
import PeachTestSupport
import Testing
@testable import PeachCommands

@Suite("Manual pages, generated from the command line's own definitions")
struct ManualPagesTests {
    /// swift-argument-parser's generator, which `make build-tests` builds beside the test bundle.
    static let generator = BuiltProgram.peach.deletingLastPathComponent().appendingPathComponent("generate-manual")
    static let ready = BuiltProgram.isBuilt && FileManager.default.isExecutableFile(atPath: generator.path)
    static let english = ["LC_ALL": "C", "LANG": "C", "PATH": "/usr/bin:/bin"]

    @Test("peach(1) and one page per command, each with every option its --help names", .enabled(if: ready))
    func pages() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try ProcessRunner.run(Self.generator, [BuiltProgram.peach.path, "--multi-page", "--date", "2026-01-01",
                                                          "--output-directory", directory.path], environment: Self.english)
        #expect(made.status == 0, "\(made.output)")
        let main = try String(contentsOf: directory.appendingPathComponent("peach.1"), encoding: .utf8)
        #expect(main.contains(".Nm peach") && main.contains("Hear & Compare"))
        for command in PeachCommand.configuration.subcommands {
            let name = try #require(command.configuration.commandName)
            let page = try String(contentsOf: directory.appendingPathComponent("peach.\(name).1"), encoding: .utf8)
            #expect(main.contains(".Xr peach.\(name) 1"), "peach(1) refers to peach.\(name)(1)")
            let help = try ProcessRunner.run(BuiltProgram.peach, [name, "--help"], environment: Self.english).output
            let options = help.matches(of: /--([a-z][a-z0-9-]+)/).map { String($0.output.1) }
            for option in Set(options) where option != "help" {
                #expect(page.contains("Fl -\(option)"), "peach.\(name)(1) lacks --\(option)")
            }
        }
    }
}
