// InvoiSVG
