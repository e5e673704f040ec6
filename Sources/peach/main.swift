import Foundation
import PeachCLI
import PeachCommandLine

// Before any thread starts: the box's threads share two malloc arenas.
MallocArenas.limit()
// Before any thread starts too: no 2 MB pages for stacks that use a few KB.
HugePages.turnOff()
// Before anything else: a signal during `peach run`'s start-up must not kill it.
EarlySignals.install(forArguments: CommandLine.arguments)
StandardOutputCheck.install()
// Before parsing: the help texts are in the chosen language.
CommandLineTexts.choose(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
// The parser's own words (help headings, its errors) in that language too.
PeachCommand.mainInChosenLanguage()
