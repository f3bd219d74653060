import InvoiDocument

/// How a run of cells is shown when colour is on. Primary (near-black) text
/// keeps the terminal's own foreground so it reads on dark and light terminals.
struct CellStyle: Hashable, Sendable {
    enum Tone: Hashable, Sendable {
        case foreground
        case muted
        case basic(BasicColor)
    }

    var isBold = false
    var tone = Tone.foreground
    /// A QR code's cells: black on white with colour, so that the code reads on any theme.
    var isCode = false

    static let plain = CellStyle()
    static let muted = CellStyle(isBold: false, tone: .muted)
    static let code: CellStyle = {
        var style = CellStyle()
        style.isCode = true
        return style
    }()

    init(isBold: Bool = false, tone: Tone = .foreground) {
        self.isBold = isBold
        self.tone = tone
    }

    init(weight: FontWeight, color: Color) {
        self.init(isBold: weight >= .bold, tone: Tone(color))
    }

    var isPlain: Bool { !isBold && tone == .foreground && !isCode }

    /// The SGR sequence that starts this style (empty for plain).
    var sgr: [UInt8] {
        if isCode { return Self.codeSGR }
        switch (isBold, tone) {
        case (false, .foreground): return []
        case (true, .foreground): return Self.boldSGR
        case (false, .muted): return Self.mutedSGR
        case (true, .muted): return Self.boldMutedSGR
        case (let bold, .basic(let color)):
            return Array("\u{1B}[\(bold ? "1;" : "")\(color.rawValue)m".utf8)
        }
    }

    private static let boldSGR: [UInt8] = Array("\u{1B}[1m".utf8)
    private static let mutedSGR: [UInt8] = Array("\u{1B}[90m".utf8)
    private static let boldMutedSGR: [UInt8] = Array("\u{1B}[1;90m".utf8)
    /// Black foreground on bright white.
    private static let codeSGR: [UInt8] = Array("\u{1B}[30;107m".utf8)
    static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}

extension CellStyle.Tone {
    /// Greys: dark ones are primary text, light ones muted (a slate grey such as
    /// the draft stamp's too); anything with a hue (an accent, a status colour) is
    /// shown in the basic terminal colour of that hue.
    init(_ color: Color) {
        if let basic = BasicColor(hueOf: color) {
            self = .basic(basic)
        } else {
            self = color.luminance < 0.35 ? .foreground : .muted
        }
    }
}

/// The six hues of the basic SGR palette (foreground codes). The terminal's theme
/// picks the exact shade, so the colour suits its background, dark or light, and
/// every terminal shows it (24-bit colour is not universal).
enum BasicColor: UInt8, Hashable, Sendable, CaseIterable {
    case red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36

    /// Chroma (max − min channel) up to this counts as grey.
    static let greyChroma = 40

    /// The hue's colour, nil for a grey. The sectors are not the palette's nominal
    /// 60° steps: they are drawn so that the names people give the design's colours
    /// hold (emerald #10B981 at 160° is green, amber #F59E0B and orange #F97316 are
    /// yellow — the terminal's yellow is often an orange — violet #8B5CF6 is magenta).
    init?(hueOf color: Color) {
        let r = Double(color.red), g = Double(color.green), b = Double(color.blue)
        let high = max(r, g, b), low = min(r, g, b)
        guard Int(high - low) > Self.greyChroma else { return nil }
        let delta = high - low
        var hue: Double
        if high == r {
            hue = 60 * ((g - b) / delta)
        } else if high == g {
            hue = 60 * ((b - r) / delta + 2)
        } else {
            hue = 60 * ((r - g) / delta + 4)
        }
        if hue < 0 { hue += 360 }
        switch hue {
        case 15..<70: self = .yellow
        case 70..<170: self = .green
        case 170..<195: self = .cyan
        case 195..<255: self = .blue
        case 255..<345: self = .magenta
        default: self = .red
        }
    }
}

extension Color {
    /// Relative luminance of the sRGB values, 0 (black) … 1 (white).
    var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }
}
