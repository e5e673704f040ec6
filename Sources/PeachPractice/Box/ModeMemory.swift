import Foundation
import PeachDomain

/// Remembers the last training mode across restarts, so a replugged controller resumes it.
@MainActor
public protocol ModeMemory: AnyObject {
    var lastMode: TrainingMode? { get }
    func remember(_ mode: TrainingMode)
}

/// Keeps the last mode in a one-line text file beside the training history.
@MainActor
public final class FileModeMemory: ModeMemory {
    public let file: URL
    public private(set) var lastMode: TrainingMode?
    /// What went wrong the last time the file was written, for the log.
    public private(set) var lastWriteError: (any Error)?

    public init(file: URL) {
        self.file = file
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        lastMode = TrainingMode(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    public func remember(_ mode: TrainingMode) {
        guard mode != lastMode else { return }
        lastMode = mode
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data((mode.rawValue + "\n").utf8).write(to: file, options: .atomic)
            lastWriteError = nil
        } catch {
            lastWriteError = error
        }
    }
}

/// A memory that lasts as long as the process (tests, `--mode` runs without a data directory).
@MainActor
public final class TransientModeMemory: ModeMemory {
    public private(set) var lastMode: TrainingMode?
    public init(_ mode: TrainingMode? = nil) { lastMode = mode }
    public func remember(_ mode: TrainingMode) { lastMode = mode }
}
