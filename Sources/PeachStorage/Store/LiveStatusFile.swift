import Foundation

/// The running box's status for the dashboard: one small text file beside the history, replaced
/// atomically on every change, removed when `peach run` stops. `peach web` only reads it, so the
/// audio process never talks to the network.
public struct LiveStatusFile: Sendable {
    public static let fileName = "live-status"

    public let url: URL

    public init(directory: URL) { url = directory.appendingPathComponent(Self.fileName) }

    /// The status line, the controller in use and the audio device, one per line.
    public static func text(status: String, controller: String?, audioDevice: String) -> String {
        status + "\ncontroller: " + (controller ?? "none") + " │ audio: " + audioDevice + "\n"
    }

    public func write(_ text: String) throws {
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
