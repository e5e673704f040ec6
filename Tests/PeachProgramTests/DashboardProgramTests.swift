import ArgumentParser
import Foundation
import PeachOptions
import PeachTestSupport
import Testing
@testable import PeachCommands

/// `peach web` hands over to the dashboard's own program, `peach-web`, found beside `peach` (the
/// build directory) or in `../libexec` (`make install`), in the same process.
@Suite("the dashboard's program", .serialized)
struct DashboardProgramTests {
    static let binaryAvailable = HistoryCommandsTests.binaryAvailable
    static let build = BuiltProgram.peach.deletingLastPathComponent()

    final class Tree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("peach-tree-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: root) }

        /// Copies `file` of the build to `path` below the root (copies: a link would lead back to the build),
        /// through a descriptor closed on exec, so that a program another test starts meanwhile does not
        /// keep the copy open for writing (running it would then fail with "Text file busy").
        func place(_ file: String, at path: String) throws {
            let target = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let bytes = try Data(contentsOf: DashboardProgramTests.build.appendingPathComponent(file))
            let descriptor = open(target.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
            try #require(descriptor >= 0, "\(target.path): errno \(errno)")
            defer { close(descriptor) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            try #require(written == bytes.count, "\(target.path): wrote \(written) of \(bytes.count) bytes")
        }

        /// Runs a program of the tree (`ProcessRunner` tries again while the copy is "Text file busy").
        func run(_ path: String, _ arguments: [String], environment: [String: String]) throws
            -> (status: Int32, output: String, error: String) {
            try ProcessRunner.runApart(root.appendingPathComponent(path), arguments, environment: environment)
        }
    }

    @Test("the options reach the dashboard's program as they were given")
    func optionsHandedOver() throws {
        let given = ["--data-dir", "/d i r", "--config", "c.yaml", "--listen", "0.0.0.0:8080", "--token"]
        let options = try WebOptions.parse(given)
        #expect(options.arguments == given)
        #expect(try WebOptions.parse(options.arguments).arguments == given)
        #expect(try WebOptions.parse(["--rotate-token"]).arguments == ["--rotate-token"])
        #expect(try WebOptions.parse([]).arguments.isEmpty)
        let dashed = try WebOptions.parse(["--config=-odd.yaml", "--data-dir=-d"])
        #expect(try WebOptions.parse(dashed.arguments).config.config == "-odd.yaml")
        #expect(try WebOptions.parse(dashed.arguments).store.dataDirectory == "-d")
    }

    @Test("the program is looked for beside peach, then in ../libexec")
    func lookup() {
        #expect(WebCommand.dashboardPrograms(executable: "/usr/local/bin/peach") == ["/usr/local/bin/peach-web", "/usr/local/libexec/peach-web"])
    }

    @Test("peach web is peach-web in the same process: the server's process runs the dashboard's program",
          .enabled(if: binaryAvailable))
    func sameProcess() throws {
        let workspace = try WebCommandTests.Workspace()
        let web = try workspace.dashboard()
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(web.process.processIdentifier)/exe")
        #expect(program.hasSuffix("/peach-web"))
        #expect(try web.get("/").status == 200)
    }

    @Test("installed as make install lays it out (bin, libexec, share): found, with its texts (German here)",
          .enabled(if: binaryAvailable))
    func installedLayout() throws {
        let tree = try Tree()
        try tree.place("peach", at: "bin/peach")
        try tree.place("peach-web", at: "libexec/peach-web")
        for language in ["en", "de"] {
            try tree.place("Peach_PeachText.resources/Texts/\(language).json", at: "share/peach/Texts/\(language).json")
        }
        let result = try tree.run("bin/peach", ["web", "--listen", "nowhere"], environment: ["LANG": "de_DE.UTF-8", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.error.contains("--listen nowhere: schreib die Adresse als HOST:PORT"), "\(result.error)")
    }

    @Test("without peach-web, peach web says where it looked and fails", .enabled(if: binaryAvailable))
    func missingProgram() throws {
        let tree = try Tree()
        try tree.place("peach", at: "bin/peach")
        try tree.place("Peach_PeachText.resources/Texts/en.json", at: "share/peach/Texts/en.json")
        let result = try tree.run("bin/peach", ["web"], environment: ["LANG": "C", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 1)
        let bin = tree.root.appendingPathComponent("bin").resolvingSymlinksInPath().path
        #expect(result.error.contains("peach-web is not installed"), "\(result.error)")
        #expect(result.error.contains("\(bin)/peach-web"), "\(result.error)")
        #expect(result.error.contains("libexec/peach-web"), "\(result.error)")
    }
}
