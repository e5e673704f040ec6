import Foundation

/// Runs a program to the end and collects what it printed (standard output and error together).
public enum ProcessRunner {
    /// `environment` replaces the inherited one when given.
    public static func run(_ executable: URL, _ arguments: [String],
                           environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
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
