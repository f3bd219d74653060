// InvoiLayout
