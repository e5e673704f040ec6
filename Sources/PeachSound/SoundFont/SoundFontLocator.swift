import Foundation

/// Finds the default SoundFont: an explicit path, else `../share/peach/SoundFonts/peach.sf2` next to
/// the executable (the installed layout), else the repository's `SoundFonts/peach.sf2` above it
/// (running from `.build/release`).
public struct SoundFontLocator: Sendable {
    public static let fileName = "peach.sf2"
    public let executable: URL

    public init(executable: URL = URL(fileURLWithPath: CommandLine.arguments[0])) {
        self.executable = executable.resolvingSymlinksInPath()
    }

    /// Where the default is looked for, in order.
    public var candidates: [URL] {
        let directory = executable.deletingLastPathComponent()
        var result = [directory.appendingPathComponent("../share/peach/SoundFonts/\(Self.fileName)").standardizedFileURL]
        var folder = directory
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("SoundFonts/\(Self.fileName)")
            if !result.contains(candidate) { result.append(candidate) }   // above `/` is `/` again
            folder = folder.deletingLastPathComponent()
        }
        return result
    }

    public func locate(explicit: String? = nil) throws(SoundError) -> String {
        if let explicit {
            try Self.requireFile(explicit)
            return explicit
        }
        let found = candidates.first { FileManager.default.fileExists(atPath: $0.path) }
        guard let found else { throw .noDefaultSoundFont(searched: candidates.map(\.path)) }
        return found.path
    }

    /// A SoundFont path names a file: not nothing, not a directory.
    static func requireFile(_ path: String) throws(SoundError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .soundFontMissing(path: path) }
        guard !isDirectory.boolValue else { throw .soundFontIsDirectory(path: path) }
    }
}

/// The presets a SoundFont holds, read through FluidSynth.
public enum SoundFontCatalog {
    public static func presets(in path: String) throws(SoundError) -> [SoundFontPresetInfo] {
        try FluidSynthesizer(soundFont: path, preset: nil).presets
    }
}
