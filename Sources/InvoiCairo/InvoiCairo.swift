// InvoiCairo
