import Foundation
import Hummingbird
import PeachText
import ServiceLifecycle

/// The running box's status line, which `peach run` keeps in a small file beside the history,
/// streamed to the pages as server-sent events whenever it changes. The audio process never
/// serves requests; this process only reads the file.
struct LiveStatus: Sendable {
    /// A stream ends after this long; the browser's EventSource reconnects by itself.
    static let streamDuration: Duration = .seconds(300)
    static let pollInterval: Duration = .seconds(1)
    /// Every this many polls without a change, a comment line: a browser that went away is noticed.
    static let heartbeatPolls = 5

    // not a text: JavaScript
    static let script = """
        if (window.EventSource) {
          new EventSource('/events').onmessage = function (e) { document.getElementById('live').textContent = e.data; };
        }
        """

    let file: URL

    /// The status line, or that the box is not running (in the language of `texts`).
    func read(_ texts: Texts) -> String {
        guard let data = try? Data(contentsOf: file), !data.isEmpty else { return texts.text(.dashboardNotRunning) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func event(_ text: String) -> ByteBuffer {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
        return ByteBuffer(string: lines.joined(separator: "\n") + "\n\n")
    }

    func eventStream(_ texts: Texts) -> Response {
        let reader = self
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                        body: ResponseBody { writer in
            do {
                var last: String?
                var quiet = 0
                let clock = ContinuousClock()
                let end = clock.now.advanced(by: Self.streamDuration)
                // A stopping server ends the stream within a poll instead of waiting for it.
                while clock.now < end, !Task.isCancelled, !Task.isShuttingDownGracefully {
                    let text = reader.read(texts)
                    if text != last {
                        try await writer.write(Self.event(text))
                        last = text
                        quiet = 0
                    } else if quiet >= Self.heartbeatPolls {
                        try await writer.write(ByteBuffer(string: ":\n\n"))
                        quiet = 0
                    }
                    quiet += 1
                    try await Task.sleep(for: Self.pollInterval)
                }
            }
            try await writer.finish(nil)
        })
    }
}
