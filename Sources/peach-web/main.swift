import Foundation
import PeachOptions

// `peach web` hands its arguments over to this program (see `WebCommand` in PeachCommands); it can be
// run directly too. As in `peach`: output checked at exit, the texts' language chosen before parsing.
MallocArenas.limit()
// Before any thread starts too: no 2 MB pages for stacks that use a few KB.
HugePages.turnOff()
StandardOutputCheck.install()
CommandLineTexts.choose(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
DashboardCommand.mainInChosenLanguage()
