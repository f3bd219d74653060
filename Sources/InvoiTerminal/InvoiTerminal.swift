// InvoiTerminal
