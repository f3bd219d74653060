import InvoiCLI

InvoiCommand.runFromCommandLine()
