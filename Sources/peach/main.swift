import PeachCLI

PeachCommand.main()
