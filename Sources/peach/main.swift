import Foundation
import PeachCommands
import PeachOptions
import PeachHeldSignals

// Before any thread starts: the box's threads share two malloc arenas.
MallocArenas.limit()
// Before any thread starts too: no 2 MB pages for stacks that use a few KB.
HugePages.turnOff()
// SIGHUP, SIGINT and SIGTERM are held since the program's first code (PeachHeldSignals) and wait.
// `peach run` catches them before they can arrive (the async main's dispatch loop lets them
// through); every other command acts on them as usual.
EarlySignals.install(forArguments: CommandLine.arguments)
peach_held_signals_release()
StandardOutputCheck.install()
// Before parsing: the help texts are in the chosen language.
CommandLineTexts.choose(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
// The parser's own words (help headings, its errors) in that language too.
PeachCommand.mainInChosenLanguage()
