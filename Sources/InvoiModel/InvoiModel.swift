// InvoiModel
