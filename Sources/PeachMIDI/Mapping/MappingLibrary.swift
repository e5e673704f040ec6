import Foundation
import PeachYAML

/// Every mapping Peach knows, and the choice of one for a device by its names.
///
/// Directories are searched in order; a file in an earlier directory hides a file of the same name in
/// a later one (a user's `generic.yaml` replaces the installed one). A device gets the first mapping,
/// in that order, whose `match` fits its client or port name; failing that the generic mapping (the
/// first file whose `match` is `"*"`, else the built-in copy of Mappings/generic.yaml). A file that does
/// not validate is left out whole and listed in `problems`.
public struct MappingLibrary: Sendable {
    public struct Problem: Sendable, CustomStringConvertible {
        public var path: String
        public var errors: YAMLErrors
        public var description: String { errors.description }
    }

    /// Specific mappings, in precedence order.
    public private(set) var mappings: [ControllerMapping]
    public private(set) var generic: ControllerMapping
    public private(set) var problems: [Problem]
    /// Valid files whose `match` is `"*"` after the one used as the generic mapping: never chosen.
    public private(set) var unusedGenerics: [String]
    /// The directories that were read, in order (missing ones left out).
    public private(set) var directories: [String]

    public init(mappings: [ControllerMapping], generic: ControllerMapping? = nil) {
        self.mappings = mappings.filter { !$0.isGeneric }
        self.generic = generic ?? mappings.first(where: \.isGeneric) ?? Self.builtInGeneric
        problems = []
        unusedGenerics = []
        directories = []
    }

    public static func load(directories: [String]) -> MappingLibrary {
        var library = MappingLibrary(mappings: [])
        var seenNames = Set<String>()
        var generic: ControllerMapping?
        let files = FileManager.default
        for directory in directories {
            guard let names = try? files.contentsOfDirectory(atPath: directory) else { continue }
            library.directories.append(directory)
            for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                guard seenNames.insert(name).inserted else { continue }
                let path = (directory as NSString).appendingPathComponent(name)
                do {
                    let mapping = try MappingFile.load(path: path)
                    if mapping.isGeneric {
                        if generic == nil { generic = mapping } else { library.unusedGenerics.append(path) }
                    } else {
                        library.mappings.append(mapping)
                    }
                } catch {
                    library.problems.append(Problem(path: path, errors: error))
                }
            }
        }
        library.generic = generic ?? builtInGeneric
        return library
    }

    /// The mapping for a device with these names.
    public func mapping(clientName: String, portName: String) -> ControllerMapping {
        mappings.first { $0.matches(clientName: clientName, portName: portName) } ?? generic
    }

    /// Where mappings are looked for, in order: `explicit` (`--mappings DIR`), the user's
    /// `$XDG_CONFIG_HOME/peach/mappings` (default `~/.config/peach/mappings`), the installed
    /// `../share/peach/Mappings` next to the executable, and the source tree's `Mappings/` when the
    /// executable runs from a build directory inside it.
    public static func searchDirectories(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                                         executablePath: String = CommandLine.arguments.first ?? "") -> [String] {
        var directories: [String] = []
        if let explicit { directories.append(explicit) }
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            directories.append("\(config)/peach/mappings")
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append("\(home)/.config/peach/mappings")
        }
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let binDirectory = executable.deletingLastPathComponent()
        directories.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/peach/Mappings").path)
        var candidate = binDirectory
        for _ in 0..<6 {
            let mappings = candidate.appendingPathComponent("Mappings")
            if FileManager.default.fileExists(atPath: mappings.appendingPathComponent("generic.yaml").path),
               FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                directories.append(mappings.path)
                break
            }
            candidate = candidate.deletingLastPathComponent()
        }
        return directories
    }

    /// Mappings/generic.yaml, compiled in so that any keyboard works even without the Mappings folder.
    public static let builtInGeneric: ControllerMapping = {
        do {
            return try MappingFile.parse(BuiltInGenericMapping.yaml, file: "built-in")
        } catch {
            // not a text: a programming error, stops the program
            preconditionFailure("the built-in generic mapping does not validate: \(error)")
        }
    }()
}
