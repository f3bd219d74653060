// InvoiRender
