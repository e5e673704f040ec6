import Foundation
import PeachTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `peach web` reads the history through a read-only connection while another process writes it:
/// it sees the answers as they are committed and writes nothing. Run as root (as the tests are
/// here), the server runs as `nobody`, to whom the data directory and its files are read-only.
@Suite("web dashboard: read-only history", .serialized)
struct DashboardReadOnlyTests {
    static let writer = BuiltProgram.peach.deletingLastPathComponent().appendingPathComponent("peach-crash-writer")
    static let ready = HistoryCommandsTests.binaryAvailable && FileManager.default.isExecutableFile(atPath: writer.path)
    static let asNobody = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    static let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]

    /// The build's `peach` and `peach-web` with their resource bundles, copied where `nobody` can run it: the build
    /// may sit below a directory only root may enter (a fresh clone in `mktemp -d`).
    static let nobodysPeach: URL = {
        let build = BuiltProgram.peach.deletingLastPathComponent()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("peach-for-nobody-\(UUID().uuidString)")
        let files = [BuiltProgram.peach.lastPathComponent, "peach-web"]
            + ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []).filter { $0.hasSuffix(".resources") }
        do {
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
            for file in files {
                try FileManager.default.copyItem(at: build.appendingPathComponent(file), to: copy.appendingPathComponent(file))
            }
            chmod(copy.path, 0o755)
            return copy.appendingPathComponent(BuiltProgram.peach.lastPathComponent)
        } catch {
            return BuiltProgram.peach
        }
    }()

    /// `peach-crash-writer`: saves answers back to back and prints each one's number once it is committed.
    final class Writer {
        let process = Process()
        private let output = Pipe()
        private var seen = Data()
        private(set) var acknowledged = 0

        init(directory: String) throws {
            process.executableURL = DashboardReadOnlyTests.writer
            process.arguments = [directory, "0"]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Reads the writer's acknowledgements until at least `count` answers are committed.
        func waitFor(_ count: Int) throws {
            while acknowledged < count {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw DashboardProcess.Failure(description: "the writer ended") }
                seen += chunk
                acknowledged = String(decoding: seen, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    .dropLast().count
            }
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        deinit { if process.isRunning { stop() } }
    }

    static func rows(_ csv: [UInt8]) -> Int { csv.split(separator: UInt8(ascii: "\n")).count - 2 }

    @Test("answers committed by another process appear; nothing in the data directory is created or changed",
          .enabled(if: ready))
    func whileAnotherProcessWrites() throws {
        let workspace = try WebCommandTests.Workspace()
        let writer = try Writer(directory: workspace.data)
        try writer.waitFor(50)
        let before = try FileManager.default.contentsOfDirectory(atPath: workspace.data).sorted()
        let web = try workspace.dashboard(launcher: Self.asNobody ? Self.nobody : [],
                                      program: Self.asNobody ? Self.nobodysPeach : BuiltProgram.peach)

        let first = try web.get("/export.csv")
        #expect(first.status == 200, "\(first.text.prefix(300))")
        let firstRows = Self.rows(first.body)
        #expect(firstRows >= 50)
        try writer.waitFor(firstRows + 100)
        let profile = try web.get("/api/profile")
        #expect(profile.status == 200, "\(profile.text.prefix(300))")
        let second = try web.get("/export.csv")
        #expect(Self.rows(second.body) >= firstRows + 100, "the writer's later commits are read")
        #expect(try web.get("/").status == 200)

        writer.stop()
        // The reader made no file (the writer made the database with its -wal and -shm).
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.data).sorted() == before)
        // Quiet now: the dashboard and the command line read the same history.
        let csv = try web.get("/export.csv").body
        let json = try web.get("/api/profile").body
        #expect(Self.rows(csv) >= writer.acknowledged)
        #expect(csv == (try workspace.cli(["export"])))
        #expect(json == (try workspace.cli(["profile", "--json", "--config", workspace.config])))
    }

    @Test("a writer keeps -wal and -shm when it closes; a history without them (left by an older version) is read as it is, creating nothing, until a writer comes",
          .enabled(if: ready))
    func withoutWriterFiles() throws {
        let workspace = try WebCommandTests.Workspace()
        try workspace.simulate()
        let database = workspace.data + "/peach.sqlite"
        // peach simulate closed the history cleanly: this version's writers keep the files.
        #expect(FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(FileManager.default.fileExists(atPath: database + "-shm"))
        // As SQLite leaves a history when its last writer closes without keeping them.
        try FileManager.default.removeItem(atPath: database + "-wal")
        try FileManager.default.removeItem(atPath: database + "-shm")
        let before = try FileManager.default.contentsOfDirectory(atPath: workspace.data).sorted()
        let web = try workspace.dashboard(launcher: Self.asNobody ? Self.nobody : [],
                                      program: Self.asNobody ? Self.nobodysPeach : BuiltProgram.peach)

        let csv = try web.get("/export.csv")
        #expect(csv.status == 200, "\(csv.text.prefix(300))")
        let json = try web.get("/api/profile").body
        #expect(try web.get("/").status == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.data).sorted() == before, "the reader made no file")
        // The command line (run as root here, so it may make the files) reads the same.
        #expect(csv.body == (try workspace.cli(["export"])))
        #expect(json == (try workspace.cli(["profile", "--json", "--config", workspace.config])))
        try? FileManager.default.removeItem(atPath: database + "-wal")
        try? FileManager.default.removeItem(atPath: database + "-shm")

        // A writer comes: the reader opens the history the normal way and sees its commits.
        let writer = try Writer(directory: workspace.data)
        try writer.waitFor(20)
        let rows = Self.rows(csv.body)
        let during = try web.get("/export.csv")
        #expect(during.status == 200)
        #expect(Self.rows(during.body) >= rows + 20, "the writer's commits are read")
        writer.stop()
        let after = try web.get("/export.csv").body
        #expect(Self.rows(after) >= rows + writer.acknowledged)
        #expect(after == (try workspace.cli(["export"])))
    }

    @Test("a history this user may not read: the pages, the API and the download answer 500 naming the file and why, and the log says it",
          .enabled(if: ready && asNobody))
    func unreadable() throws {
        let workspace = try WebCommandTests.Workspace()
        try workspace.simulate()
        let database = workspace.data + "/peach.sqlite"
        for file in [database, database + "-wal", database + "-shm"] { chmod(file, 0o600) }
        let web = try workspace.dashboard(launcher: Self.nobody, program: Self.nobodysPeach)
        let said = "500: \(database) cannot be read: this user may not open it"
        for path in ["/", "/api/profile", "/export.csv", "/history"] {
            let reply = try web.get(path)
            #expect(reply.status == 500, "\(path)")
            #expect(reply.text.hasPrefix(said), "\(path): \(reply.text.prefix(300))")
        }
        #expect(web.stop().contains(said))
    }

    @Test("a data directory this user may not enter is said as unreadable, not shown as an empty history",
          .enabled(if: ready && asNobody))
    func unenterable() throws {
        let workspace = try WebCommandTests.Workspace()
        try workspace.simulate()
        chmod(workspace.data, 0o700)
        let web = try workspace.dashboard(launcher: Self.nobody, program: Self.nobodysPeach)
        let said = "500: \(workspace.data)/peach.sqlite cannot be read: this user may not open it"
        for path in ["/", "/api/profile", "/export.csv"] {
            let reply = try web.get(path)
            #expect(reply.status == 500, "\(path)")
            #expect(reply.text.hasPrefix(said), "\(path): \(reply.text.prefix(300))")
        }
    }
}
