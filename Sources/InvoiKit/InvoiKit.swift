// The model (`Invoice`, `LineItem`, `Money`, `Digits`, `AccentColor`, …) is part of the
// library's interface: a program that imports InvoiKit builds invoices without a second import.
@_exported public import InvoiModel
