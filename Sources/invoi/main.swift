import InvoiCLI

InvoiCommand.main()
