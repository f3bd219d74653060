import InvoiDocument

/// The Swiss QR-bill's receipt and payment part: a 210 × 105 mm strip laid out from its top
/// left corner, as the SIX Swiss Implementation Guidelines for the QR-bill lay it out (their
/// section 3, "Layout"): the receipt 62 mm wide on the left, the payment part 148 mm, 5 mm
/// margins; the Swiss QR Code 46 × 46 mm with the 7 × 7 mm Swiss cross at its centre; Liberation
/// Sans at the guidelines' sizes; a line above the strip and between the parts, each with
/// scissors. A standardized form: it is never mirrored, and the layout adds it to the page after
/// a right-to-left page is mirrored.
struct SwissBillSection {
    /// One millimetre in points.
    static let mm = 72 / 25.4
    static let width = 210 * mm
    static let height = 105 * mm
    static let receiptWidth = 62 * mm
    static let margin = 5 * mm
    static let codeSide = 46 * mm
    static let crossSide = 7 * mm

    let typesetter: Typesetter

    /// The form's fields read left to right on every page, as the guidelines draw them: a
    /// reference or an amount, which has no letters, takes no right-to-left direction from the
    /// document (the form's own text is Latin only; its payload refuses other scripts).
    init(typesetter: Typesetter) {
        var leftToRight = typesetter
        leftToRight.fallbackDirection = nil
        self.typesetter = leftToRight
    }

    /// Title 11 pt bold; the receipt's field titles 6 pt bold and values 8 pt; the payment
    /// part's 8 pt bold and 10 pt. Lines a point more than the size apart.
    static func text(_ size: Double, bold: Bool = false) -> TextStyle {
        var style = TextStyle(
            weight: bold ? .bold : .regular, px: size / InvoiceStyle.pointsPerPixel, color: Color(rgb: 0),
            lineHeight: (size + 1) / size)
        style.font.family = .liberationSans
        return style
    }

    /// The strip's ops, its top left corner at (0, 0), the structure and artifacts marked.
    func block(_ bill: SwissBill) -> Block {
        var block = Block(height: Self.height)
        block.ops += separators().ops
        block.ops += receipt(bill).within(.section, 0).ops
        block.ops += paymentPart(bill).within(.section, 1).ops
        // Artifacts stay artifacts inside the section.
        return block.within(.section, 7)
    }

    // MARK: The receipt (62 × 105 mm)

    private func receipt(_ bill: SwissBill) -> Block {
        let mm = Self.mm
        let x = Self.margin
        let width = Self.receiptWidth - 2 * Self.margin
        let title = Self.text(11, bold: true), label = Self.text(6, bold: true), value = Self.text(8)
        var block = Block(height: Self.height)
        let heading = typesetter.paragraph(
            SwissBill.Heading.receipt.text(in: bill.language), title, x: x, width: width, top: Self.margin)
        block.append(heading.within(.heading), at: 0)
        // The information section: 56 mm from 12 mm down.
        var fields = Fields(typesetter: typesetter, label: label, value: value, x: x, width: width, top: 12 * mm)
        fields.add(.account, [bill.account] + bill.creditor, bill.language)
        if !bill.reference.isEmpty { fields.add(.reference, [bill.reference], bill.language) }
        if let debtor = bill.debtor {
            fields.add(.payableBy, debtor, bill.language)
        } else {
            fields.addBlank(.payableByNameAddress, bill.language, width: 52 * mm, height: 20 * mm)
        }
        block.ops += fields.block.ops
        // The amount section: 14 mm from 68 mm down.
        block.ops +=
            amount(bill, x: x, top: 68 * mm, amountOffset: 12 * mm, label: label, value: value, index: 10)
            .ops
        // The acceptance point section: 18 mm from 82 mm down, the title at its right.
        let point = typesetter.paragraph(
            SwissBill.Heading.acceptancePoint.text(in: bill.language), label, x: x, width: width, top: 82 * mm,
            alignment: .right)
        block.append(point.within(.paragraph, 11), at: 0)
        return block
    }

    // MARK: The payment part (148 × 105 mm)

    private func paymentPart(_ bill: SwissBill) -> Block {
        let mm = Self.mm
        let left = Self.receiptWidth + Self.margin
        let title = Self.text(11, bold: true), label = Self.text(8, bold: true), value = Self.text(10)
        var block = Block(height: Self.height)
        // The title section: 51 × 7 mm at the top left.
        let heading = typesetter.paragraph(
            SwissBill.Heading.paymentPart.text(in: bill.language), title, x: left, width: 51 * mm, top: Self.margin)
        block.append(heading.within(.heading), at: 0)
        // The Swiss QR Code section: the code 46 × 46 mm, 17 mm from the top (title and margins above).
        let code = Rect(x: left, y: 17 * mm, width: Self.codeSide, height: Self.codeSide)
        var qrCode = QRCodeOp(
            matrix: bill.matrix, rect: code, quietZone: 4, altText: bill.altText,
            role: .structure([StructureNode(.figure)]))
        qrCode.hasPrescribedSize = true
        block.ops.append(.qrCode(qrCode))
        block.ops += swissCross(centredIn: code)
        // The amount section: 51 × 22 mm from 68 mm down.
        block.ops +=
            amount(bill, x: left, top: 68 * mm, amountOffset: 14 * mm, label: label, value: value, index: 10)
            .ops
        // The information section: 87 × 85 mm right of the code, from the top margin.
        let x = left + 51 * mm
        var fields = Fields(typesetter: typesetter, label: label, value: value, x: x, width: 87 * mm, top: Self.margin)
        fields.add(.account, [bill.account] + bill.creditor, bill.language)
        if !bill.reference.isEmpty { fields.add(.reference, [bill.reference], bill.language) }
        if !bill.additionalInformation.isEmpty {
            fields.add(.additionalInformation, [bill.additionalInformation], bill.language)
        }
        if let debtor = bill.debtor {
            fields.add(.payableBy, debtor, bill.language)
        } else {
            fields.addBlank(.payableByNameAddress, bill.language, width: 65 * mm, height: 25 * mm)
        }
        block.ops += fields.block.ops
        return block
    }

    /// "Currency" and "Amount" side by side, their values under them: one paragraph each.
    private func amount(
        _ bill: SwissBill, x: Double, top: Double, amountOffset: Double, label: TextStyle, value: TextStyle, index: Int
    ) -> Block {
        var block = Block(height: 0)
        for (column, (heading, text)) in [(SwissBill.Heading.currency, bill.currency), (.amount, bill.amount)]
            .enumerated()
        {
            let left = x + (column == 0 ? 0 : amountOffset)
            let width = column == 0 ? amountOffset : 30 * Self.mm
            var y = top
            let title = typesetter.paragraph(heading.text(in: bill.language), label, x: left, width: width, top: y)
            y += title.height
            let shown = typesetter.paragraph(text, value, x: left, width: width, top: y)
            block.append(title.within(.paragraph, index + column), at: 0)
            block.append(shown.within(.paragraph, index + column), at: 0)
        }
        return block
    }

    /// The Swiss cross over the code's centre: a white square (its border), a black one inside
    /// it and the white cross in the proportions of the Swiss flag (arms 6/32 of the square wide,
    /// 20/32 long). Drawn for the eye: the figure around it is the code.
    private func swissCross(centredIn code: Rect) -> [DrawOp] {
        let side = Self.crossSide
        let midY = code.y + code.height / 2
        let outer = Rect(x: code.midX - side / 2, y: midY - side / 2, width: side, height: side)
        let border = 0.5 * Self.mm
        let black = side - 2 * border
        let arm = black * 6 / 32, length = black * 20 / 32
        func rect(_ rect: Rect, _ color: Color) -> DrawOp {
            .rect(RectOp(rect: rect, fill: color, role: .artifact(.layout)))
        }
        return [
            rect(outer, Color(rgb: 0xFFFFFF)),
            rect(Rect(x: outer.x + border, y: outer.y + border, width: black, height: black), Color(rgb: 0)),
            rect(Rect(x: code.midX - arm / 2, y: midY - length / 2, width: arm, height: length), Color(rgb: 0xFFFFFF)),
            rect(Rect(x: code.midX - length / 2, y: midY - arm / 2, width: length, height: arm), Color(rgb: 0xFFFFFF)),
        ]
    }

    // MARK: Separating lines

    /// The line along the strip's top and the one between receipt and payment part, solid (the
    /// guidelines allow solid lines on a bill printed on plain paper), each with scissors.
    private func separators() -> Block {
        let black = Color(rgb: 0)
        // A point wide: a whole pixel at 72 dpi, the same in every backend.
        let line = 1.0
        var block = Block(height: 0)
        block.ops.append(
            .line(
                LineOp(
                    from: Point(x: 0, y: 0), to: Point(x: Self.width, y: 0), width: line, color: black,
                    role: .artifact(.layout))))
        block.ops.append(
            .line(
                LineOp(
                    from: Point(x: Self.receiptWidth, y: 0), to: Point(x: Self.receiptWidth, y: Self.height),
                    width: line, color: black, role: .artifact(.layout))))
        let scissors = Self.text(14)
        // On the top line, pointing along it from the left margin …
        let across = typesetter.paragraph("✂", scissors, x: Self.margin, width: 20 * Self.mm, top: 0)
        block.append(across.asArtifact(.layout), at: -across.height / 2)
        // … and on the line between the parts, turned to point down it.
        let down = typesetter.paragraph("✂", scissors, x: 0, width: 20 * Self.mm, top: 0)
        let turn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: Self.receiptWidth + down.height / 2, ty: Self.margin)
        block.ops.append(
            .group(GroupOp(role: .graphic, transform: turn, ops: down.ops, contentRole: .artifact(.layout))))
        return block.asArtifact(.layout)
    }
}

/// Titled fields down a column: a title, its lines, and a gap before the next title.
private struct Fields {
    let typesetter: Typesetter
    let label: TextStyle
    let value: TextStyle
    let x: Double
    let width: Double
    var top: Double
    var block = Block(height: 0)
    private var index = 0

    init(typesetter: Typesetter, label: TextStyle, value: TextStyle, x: Double, width: Double, top: Double) {
        self.typesetter = typesetter
        self.label = label
        self.value = value
        self.x = x
        self.width = width
        self.top = top
    }

    /// One paragraph: the title and its lines.
    mutating func add(_ heading: SwissBill.Heading, _ lines: [String], _ language: SwissBill.Language) {
        startField()
        let title = typesetter.paragraph(heading.text(in: language), label, x: x, width: width, top: top)
        block.append(title.within(.paragraph, index), at: 0)
        top += title.height
        for line in lines where !line.isEmpty {
            let shown = typesetter.paragraph(line, value, x: x, width: width, top: top)
            block.append(shown.within(.paragraph, index), at: 0)
            top += shown.height
        }
        index += 1
    }

    /// A title over an empty field the payer fills in, marked by its corners.
    mutating func addBlank(_ heading: SwissBill.Heading, _ language: SwissBill.Language, width: Double, height: Double)
    {
        startField()
        let title = typesetter.paragraph(heading.text(in: language), label, x: x, width: self.width, top: top)
        block.append(title.within(.paragraph, index), at: 0)
        top += title.height + 1
        block.ops += CornerMarks(rect: Rect(x: x, y: top, width: width, height: height)).ops
        top += height
        index += 1
    }

    /// A value line's height between one field and the next title.
    private mutating func startField() {
        if index > 0 { top += value.lineBoxHeight * 0.6 }
    }
}

/// The corners of an empty field: 3 mm along and 2 mm down each edge, 0.75 pt black lines.
struct CornerMarks {
    let rect: Rect

    var ops: [DrawOp] {
        let mm = SwissBillSection.mm
        let across = 3 * mm, down = 2 * mm
        var ops: [DrawOp] = []
        for (cornerX, dx) in [(rect.minX, across), (rect.maxX, -across)] {
            for (cornerY, dy) in [(rect.minY, down), (rect.maxY, -down)] {
                for to in [Point(x: cornerX + dx, y: cornerY), Point(x: cornerX, y: cornerY + dy)] {
                    ops.append(
                        .line(
                            LineOp(
                                from: Point(x: cornerX, y: cornerY), to: to, width: 0.75, color: Color(rgb: 0),
                                role: .artifact(.layout))))
                }
            }
        }
        return ops
    }
}
