import PeachCLI

StandardOutputCheck.install()
PeachCommand.main()
