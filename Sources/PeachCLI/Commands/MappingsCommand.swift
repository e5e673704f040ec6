import ArgumentParser
import Foundation
import PeachMIDI
import PeachYAML

struct MappingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mappings",
        abstract: "List the controller mappings, or check a mapping file.",
        discussion: """
            Without --check: every mapping file found, in the order they are tried, and any file \
            left out because it does not validate. With --check FILE: validates FILE and prints every \
            problem as FILE:LINE:COLUMN: reason (exit status 1 if there is any).
            """)

    @OptionGroup var mappings: MappingOptions

    @Option(help: ArgumentHelp("Validate this mapping file instead of listing.", valueName: "file"))
    var check: String?

    func run() throws {
        if let check {
            do {
                let mapping = try MappingFile.load(path: check)
                let match = mapping.isGeneric ? "any device (generic)" : mapping.match.map { "\"\($0)\"" }.joined(separator: ", ")
                print("\(check): ok: \(mapping.name), for \(match)")
            } catch {
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                throw ExitCode.failure
            }
            return
        }
        let library = mappings.library()
        print("Searched, in order:")
        for directory in mappings.searchDirectories {
            print("  \(directory)\(library.directories.contains(directory) ? "" : "  (missing)")")
        }
        print("Mappings, tried in this order:")
        for mapping in library.mappings {
            print("  \(mapping.name): \(mapping.match.map { "\"\($0)\"" }.joined(separator: ", "))  (\(mapping.file))")
        }
        print("  \(library.generic.name): any other device  (\(library.generic.file))")
        if !library.problems.isEmpty {
            print("Left out (they do not validate; run `peach mappings --check FILE`):")
            for problem in library.problems { print("  \(problem.path)") }
        }
    }
}
