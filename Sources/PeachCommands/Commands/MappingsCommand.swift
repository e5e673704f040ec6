import ArgumentParser
import Foundation
import PeachOptions
import PeachMIDI
import PeachText
import PeachYAML

struct MappingsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mappings",
            abstract: CommandLineTexts.current.text(.helpMappingsAbstract),
            discussion: CommandLineTexts.current.text(.helpMappingsDiscussion))
    }

    @OptionGroup var mappings: MappingOptions

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpMappingsCheck), valueName: CommandLineTexts.current.text(.valueFile)))
    var check: String?

    func run() throws {
        let texts = CommandLineTexts.current
        if let check {
            do {
                let mapping = try MappingFile.load(path: check)
                let match = mapping.isGeneric ? texts.text(.mappingsAnyDevice) : mapping.match.map { "\"\($0)\"" }.joined(separator: ", ")
                print(texts.text(.mappingsCheckOK, check, mapping.name, match))
            } catch {
                FileHandle.standardError.write(Data((CommandLineTexts.current.describe(error) + "\n").utf8))
                throw ExitCode.failure
            }
            return
        }
        let library = mappings.library()
        print(texts.text(.mappingsSearched))
        for directory in mappings.searchDirectories {
            print(library.directories.contains(directory) ? "  " + directory : texts.text(.mappingsMissingDirectory, directory))
        }
        print(texts.text(.mappingsTried))
        for mapping in library.mappings {
            print("  \(mapping.name): \(mapping.match.map { "\"\($0)\"" }.joined(separator: ", "))  (\(mapping.file))")
        }
        print(texts.text(.mappingsGeneric, library.generic.name, library.generic.file))
        if !library.unusedGenerics.isEmpty {
            print(texts.text(.mappingsUnusedGeneric, library.generic.file))
            for path in library.unusedGenerics { print("  \(path)") }
        }
        if !library.problems.isEmpty {
            print(texts.text(.mappingsLeftOut))
            for problem in library.problems { print("  \(problem.path)") }
        }
    }
}
