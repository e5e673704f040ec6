import Foundation

/// Runs a program to the end and collects what it printed (standard output and error together).
public enum ProcessRunner {
    /// `environment` replaces the inherited one when given.
    public static func run(_ executable: URL, _ arguments: [String],
                           environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        try retryingBusy { try runOnce(executable, arguments, environment: environment) }
    }

    /// Starts the program again while it is "Text file busy": a test that has just copied it may
    /// share the copy's writing descriptor with a child another test forks in that instant, until
    /// that child execs.
    static func retryingBusy<Result>(_ start: () throws -> Result) throws -> Result {
        var attempt = 0
        while true {
            do {
                return try start()
            } catch let error as NSError where attempt < 100
                && (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) {
                attempt += 1
                sched_yield()
            }
        }
    }

    private static func runOnce(_ executable: URL, _ arguments: [String],
                                environment: [String: String]?) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension ProcessRunner {
    /// Like `run`, with standard output and standard error apart (each through a file, so neither
    /// pipe can fill while the other is read).
    public static func runApart(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil)
        throws -> (status: Int32, output: String, error: String) {
        try retryingBusy { try runApartOnce(executable, arguments, environment: environment) }
    }

    private static func runApartOnce(_ executable: URL, _ arguments: [String], environment: [String: String]?)
        throws -> (status: Int32, output: String, error: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputFile = directory.appendingPathComponent("stdout")
        let errorFile = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = try FileHandle(forWritingTo: outputFile)
        let error = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return (process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8),
                try String(contentsOf: errorFile, encoding: .utf8))
    }
}
