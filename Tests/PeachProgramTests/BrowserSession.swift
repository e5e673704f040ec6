import Foundation
import Glibc

/// Headless Chromium driven as a person would use a page: it loads the page, fields are set and a
/// button clicked in the page itself, through the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: Chromium reads commands on descriptor 3 and answers on 4, each
/// message a JSON object ended by a NUL byte). No network port, no WebSocket.
final class BrowserSession {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session: String?

    init(chromium: String) throws {
        var toChromium: [Int32] = [0, 0], fromChromium: [Int32] = [0, 0]
        guard pipe(&toChromium) == 0, pipe(&fromChromium) == 0 else { throw Failure(description: "no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChromium[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChromium[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--window-size=412,1600", "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, chromium, &actions, nil, argv, environ)
        close(toChromium[0])
        close(fromChromium[1])
        guard status == 0 else { throw Failure(description: "chromium did not start: \(status)") }
        pid = child
        commands = toChromium[1]
        answers = fromChromium[0]
    }

    deinit {
        _ = try? send("Browser.close", [:], inSession: false)
        close(commands)
        close(answers)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// Sends a command and returns its `result` (events on the way are passed over).
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any], inSession: Bool = true) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession, let session { message["sessionId"] = session }
        let data = try JSONSerialization.data(withJSONObject: message) + [0]
        try data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let count = write(commands, start + offset, bytes.count - offset)
                guard count > 0 else { throw Failure(description: "chromium went away") }
                offset += count
            }
        }
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let text = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let reply = try JSONSerialization.jsonObject(with: text) as? [String: Any], reply["id"] as? Int == id else { continue }
                if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(answers, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "chromium went away") }
            buffer += chunk[..<count]
        }
    }

    /// Opens `url` in a new tab and talks to that tab from now on.
    func open(_ url: String) throws {
        let target = try send("Target.createTarget", ["url": url], inSession: false)
        let attached = try send("Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true], inSession: false)
        session = attached["sessionId"] as? String
    }

    /// The value of a JavaScript expression evaluated in the page (as a person's actions would do).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true in the page (the page loaded, the answer arrived), up to `tries` looks.
    func wait(until expression: String, tries: Int = 300) throws {
        for _ in 0..<tries {
            if try evaluate(expression) as? Bool == true { return }
            usleep(50_000)
        }
        let page = (try? evaluate("location.href + '\\n' + document.body.innerText")) as? String ?? ""
        throw Failure(description: "never true in the page: \(expression)\n\(page.prefix(3000))")
    }
}
