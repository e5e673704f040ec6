import Foundation
import PeachText

/// The player's settings: `settings.yaml` in the data directory, written by the dashboard's settings
/// page as the user the box runs as, and layered over the configuration file (which is never
/// written). It holds only what differs from the configuration below it, in the configuration
/// file's format and with its rules.
public struct SettingsFile: Hashable, Sendable {
    public static let fileName = "settings.yaml"

    public let file: URL

    public init(directory: URL) {
        file = directory.appendingPathComponent(Self.fileName)
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: file.path) }

    /// What identifies the file's present content without reading it: inode, size and change time
    /// (nil while there is none). A write through `write(_:)` always changes it (a new inode).
    public var identity: Identity? {
        var status = stat()
        guard stat(file.path, &status) == 0 else { return nil }
        return Identity(inode: UInt64(status.st_ino), size: Int64(status.st_size),
                        changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }

    public struct Identity: Hashable, Sendable {
        public let inode: UInt64
        public let size: Int64
        public let changed: Int64
    }

    /// Replaces the file with `text` atomically: a temporary file in the same directory, written and
    /// synced, renamed over the file, and the directory synced, so that after a power cut the file
    /// is the old one or the new one, never a part of either.
    public func write(_ text: String) throws {
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(Self.fileName).\(getpid()).new")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(temporary) }
        var written = true
        Array(text.utf8).withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, start + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { written = false; return }
                offset += count
            }
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary.path, file.path) == 0 else {
            let error = Self.failure(temporary)
            unlink(temporary.path)
            throw error
        }
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw Self.failure(directory) }
        defer { close(directoryDescriptor) }
        guard fsync(directoryDescriptor) == 0 else { throw Self.failure(directory) }
    }

    private static func failure(_ url: URL) -> SettingsFileError {
        SettingsFileError(path: url.path, code: errno)
    }
}

/// The settings file could not be written: where, and the system's reason.
public struct SettingsFileError: DescribedError, Hashable, Sendable {
    public let path: String
    public let code: Int32

    public func text(_ texts: Texts) -> String {
        texts.text(.settingsNotWritten, path, SystemWords.text(code: code, texts))
    }
}

/// Where the configuration in effect comes from, lowest first: the defaults, the administrator's
/// configuration file, and the player's settings file (when there is a data directory).
public struct ConfigurationLayers: Hashable, Sendable {
    public let administrator: ConfigurationLocation
    public let settings: SettingsFile?

    public init(administrator: ConfigurationLocation, settings: SettingsFile?) {
        self.administrator = administrator
        self.settings = settings
    }
}
