import Foundation

/// The `peach` program built beside the test bundle (`swift build --build-tests` puts both in one
/// folder), for the tests that run it as a musician would.
public enum BuiltProgram {
    public static var peach: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("peach")
    }

    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: peach.path) }

    /// Runs `peach` with these arguments to the end: its status and everything it printed.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ProcessRunner.run(peach, arguments)
    }
}

/// The repository this test bundle was built from (its sources, texts and mappings).
public enum Repository {
    public static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
