import InvoiDocument

/// How a run of cells is shown when colour is on. Primary (near-black) text
/// keeps the terminal's own foreground so it reads on dark and light terminals.
struct CellStyle: Hashable, Sendable {
    enum Tone: Hashable, Sendable {
        case foreground
        case muted
        case color(Color)
    }

    var isBold = false
    var tone = Tone.foreground

    static let plain = CellStyle()
    static let muted = CellStyle(isBold: false, tone: .muted)

    init(isBold: Bool = false, tone: Tone = .foreground) {
        self.isBold = isBold
        self.tone = tone
    }

    init(weight: FontWeight, color: Color) {
        self.init(isBold: weight >= .bold, tone: Tone(color))
    }

    var isPlain: Bool { !isBold && tone == .foreground }

    /// The SGR sequence that starts this style (empty for plain).
    var sgr: [UInt8] {
        switch (isBold, tone) {
        case (false, .foreground): return []
        case (true, .foreground): return Self.boldSGR
        case (false, .muted): return Self.mutedSGR
        case (true, .muted): return Self.boldMutedSGR
        case (let bold, .color(let c)):
            return Array("\u{1B}[\(bold ? "1;" : "")38;2;\(c.red);\(c.green);\(c.blue)m".utf8)
        }
    }

    private static let boldSGR: [UInt8] = Array("\u{1B}[1m".utf8)
    private static let mutedSGR: [UInt8] = Array("\u{1B}[90m".utf8)
    private static let boldMutedSGR: [UInt8] = Array("\u{1B}[1;90m".utf8)
    static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}

extension CellStyle.Tone {
    /// Greys: dark ones are primary text, light ones muted; anything with
    /// a hue (an accent, a status colour) is shown in its own colour.
    init(_ color: Color) {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        let chroma = (channels.max() ?? 0) - (channels.min() ?? 0)
        if chroma <= 40 {
            self = color.luminance < 0.35 ? .foreground : .muted
        } else {
            self = .color(color)
        }
    }
}

extension Color {
    /// Relative luminance of the sRGB values, 0 (black) … 1 (white).
    var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }
}
