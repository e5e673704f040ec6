import Foundation
import PeachTestSupport

/// `peach web` running as a real process on loopback (port 0: the kernel picks a free one), for
/// the dashboard tests; stopped with SIGTERM when released.
final class DashboardProcess {
    let process = Process()
    let port: Int
    let banner: String
    private let output = Pipe()

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// `launcher`: a command that runs `peach` (e.g. `setpriv` to run it as another user).
    /// `environment`: variables set (or, empty, cleared) for it on top of this process's own.
    /// `program`: the `peach` to run (default: the build's).
    init(_ arguments: [String], launcher: [String] = [], environment: [String: String] = [:],
         program: URL = BuiltProgram.peach) throws {
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value.isEmpty ? nil : value }
            process.environment = variables
        }
        if let runner = launcher.first {
            process.executableURL = URL(fileURLWithPath: runner)
            process.arguments = launcher.dropFirst() + [program.path, "web"] + arguments
        } else {
            process.executableURL = program
            process.arguments = ["web"] + arguments
        }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Wait for the banner the server prints once it listens (an event, not a guess at a delay).
        var seen = Data()
        while !seen.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        banner = String(decoding: seen, as: UTF8.self)
        guard let range = banner.range(of: #"http://[^ ]*:(\d+)/"#, options: .regularExpression),
              let colon = banner[range].dropLast().lastIndex(of: ":"),
              let port = Int(banner[range][banner.index(after: colon)...].dropLast()) else {
            process.terminate()
            throw Failure(description: "peach web did not start: \(banner)")
        }
        self.port = port
    }

    deinit {
        guard process.isRunning else { return }   // `stop()` may have ended it
        process.terminate()
        process.waitUntilExit()
    }

    /// Stops the server and returns what it printed after its banner (its log).
    func stop() -> String {
        process.terminate()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    var client: LoopbackHTTPClient { LoopbackHTTPClient(port: port) }

    func get(_ path: String, headers: [String: String] = [:]) throws -> LoopbackHTTPClient.Reply {
        try client.request("GET", path, headers: headers)
    }

    /// A `multipart/form-data` POST of the import form.
    /// The import form as a browser sends it; `fileName` "" is the form sent without choosing a file.
    func importCSV(_ csv: [UInt8], csrf: String?, replace: Bool = false, fileName: String = "answers.csv") throws -> LoopbackHTTPClient.Reply {
        let boundary = "----peach\(UUID().uuidString)"
        var body: [UInt8] = []
        func field(_ name: String, _ value: [UInt8], file: Bool = false) {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"".utf8)
            body += Array((file ? "; filename=\"\(fileName)\"\r\nContent-Type: text/csv" : "").utf8)
            body += Array("\r\n\r\n".utf8) + value + Array("\r\n".utf8)
        }
        if let csrf { field("csrf", Array(csrf.utf8)) }
        field("file", csv, file: true)
        if replace { field("replace", Array("1".utf8)) }
        body += Array("--\(boundary)--\r\n".utf8)
        return try client.request("POST", "/import", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"],
                                  body: body)
    }

    /// The CSRF value of the data page's import form.
    func csrf() throws -> String {
        let page = try get("/data").text
        guard let range = page.range(of: #"name="csrf" value="[0-9a-f]+""#, options: .regularExpression) else {
            throw Failure(description: "no CSRF field on /data")
        }
        return String(page[range].dropLast().split(separator: "\"").last ?? "")
    }

    /// Runs `peach ARGUMENTS` and returns its standard output alone, byte for byte.
    static func standardOutput(_ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = BuiltProgram.peach
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}
