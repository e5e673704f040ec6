import PeachCLI

// Before anything else: a signal during `peach run`'s start-up must not kill it.
EarlySignals.install(forArguments: CommandLine.arguments)
StandardOutputCheck.install()
PeachCommand.main()
