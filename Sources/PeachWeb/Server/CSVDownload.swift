import Foundation
import Hummingbird
import Synchronization

/// `/export.csv`, streamed: the history is read on a thread of its own, a piece of about 64 KB at a
/// time, and at most `depth` pieces wait for a slow client, so a large history is never in memory
/// as a whole (a million answers are some 130 MB of CSV). The bytes are those of `peach export`.
struct CSVDownload: Sendable {
    static let depth = 4
    let history: any DashboardHistory

    /// Set when the client is gone: the reading thread stops at its next piece.
    private final class Stop: Sendable {
        private let flag = Atomic<Bool>(false)
        var requested: Bool { flag.load(ordering: .acquiring) }
        func request() { flag.store(true, ordering: .releasing) }
    }

    func response() -> Response {
        let history = history
        return Response(
            status: .ok,
            // not a text: a media type and the download's file name
            headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"peach-export.csv\""],
            body: ResponseBody { writer in
                let (pieces, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
                // Counted up from zero, not created with `depth`: libdispatch traps (SIGILL) when a
                // semaphore goes while its value is below the one it was made with, which is what a
                // client that leaves mid-download leaves behind (pieces read, never written).
                let credits = DispatchSemaphore(value: 0)
                for _ in 0..<Self.depth { credits.signal() }
                let stop = Stop()
                continuation.onTermination = { _ in
                    stop.request()
                    credits.signal()
                }
                let reader = Thread {
                    do {
                        try history.exportCSV { text in
                            credits.wait()
                            if stop.requested { throw CancellationError() }
                            continuation.yield(ByteBuffer(string: text))
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                reader.name = "peach-web-export"
                reader.start()
                for try await piece in pieces {
                    try await writer.write(piece)
                    credits.signal()
                }
                // A cancelled request ends the stream early; that must not look like a whole file.
                try Task.checkCancellation()
                try await writer.finish(nil)
            })
    }
}
