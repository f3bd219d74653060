// InvoiCLI
