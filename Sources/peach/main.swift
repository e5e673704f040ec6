import ArgumentParser
import PeachCLI

/// Runs the command tree through its asynchronous entry point (`peach run` is async).
func start<Command: AsyncParsableCommand>(_ command: Command.Type) async {
    await command.main()
}

await start(PeachCommand.self)
