internal import InvoiDocument
internal import InvoiEInvoice
internal import InvoiRender

// The facade's own option types, so that a program needs none of the layers' modules.

extension EInvoiceProfile {
    init(_ profile: RenderOptions.Profile) {
        switch profile {
        case .minimum: self = .minimum
        case .basicWL: self = .basicWL
        case .basic: self = .basic
        case .en16931: self = .en16931
        case .xrechnung: self = .xrechnung
        case .peppol: self = .peppol
        }
    }
}

extension OutputFormat {
    init(_ format: RenderOptions.Format) {
        switch format {
        case .pdf: self = .pdf
        case .png: self = .png
        case .svg: self = .svg
        case .txt: self = .txt
        case .ops: self = .ops
        case .cii: self = .cii
        case .ubl: self = .ubl
        case .facturx: self = .facturx
        }
    }
}

extension PaperSize {
    init(_ paper: RenderOptions.Paper) {
        switch paper {
        case .a4: self = .a4
        case .letter: self = .letter
        }
    }
}

extension BidiOrder {
    init(_ order: RenderOptions.TextOrder) {
        switch order {
        case .visual: self = .visual
        case .terminal: self = .terminal
        }
    }
}
