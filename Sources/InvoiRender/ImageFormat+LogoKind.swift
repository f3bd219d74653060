import InvoiDocument
import InvoiModel

extension ImageFormat {
    /// The format a logo's file extension names (the model knows no drawing types).
    public init(_ kind: LogoKind) {
        switch kind {
        case .png: self = .png
        case .jpeg: self = .jpeg
        case .svg: self = .svg
        }
    }
}
