import Foundation
import PeachOptions
import PeachConfig
import PeachMIDI
import PeachText

extension MappingLibrary {
    /// The library with the configuration's mapping overrides in front: a controller whose client or
    /// port name matches an assignment's pattern uses the named mapping (its `name`, or its file name
    /// without `.yaml`), whatever its own `match` says.
    func assigning(_ assignments: [(pattern: String, mapping: String)]) -> MappingLibrary {
        guard !assignments.isEmpty else { return self }
        let all = mappings + [generic]
        let overrides = assignments.compactMap { assignment -> ControllerMapping? in
            guard var mapping = all.first(where: { $0.isNamed(assignment.mapping) }) else { return nil }
            mapping.match = [NamePattern(assignment.pattern)]
            return mapping
        }
        return MappingLibrary(mappings: overrides + mappings, generic: generic)
    }

    /// Every name the configuration may use for a mapping.
    var assignableNames: Set<String> {
        Set((mappings + [generic]).flatMap { [$0.name, $0.fileStem] })
    }
}

extension ControllerMapping {
    var fileStem: String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }

    func isNamed(_ text: String) -> Bool { name == text || fileStem == text }
}

extension PracticeConfiguration {
    /// The mappings this configuration can use: its own mappings directory first, then the usual ones.
    var mappingLibrary: MappingLibrary {
        MappingLibrary.load(directories: MappingLibrary.searchDirectories(explicit: controllers.mappingsDirectory))
    }

    /// `controllers.assign` entries naming no mapping in `library`, as `FILE:LINE: …` lines.
    func unknownAssignments(in library: MappingLibrary, origins: ConfigurationReader.Origins) -> [String] {
        let known = library.assignableNames
        return controllers.assignments.filter { !known.contains($0.mapping) }.map { assignment in
            CommandLineTexts.current.text(.checkUnknownMapping, origins["controllers.assign"] ?? CommandLineTexts.current.text(.checkOriginConfiguration),
                     assignment.mapping, known.sorted().joined(separator: ", "))
        }
    }
}
