/// Writes a page's marked content into the content stream Cairo wrote for it, in one pass over
/// its operators.
///
/// Cairo writes the page's drawings in the order they were drawn, each glyph as one code in a
/// `Tj` or `TJ` string and each fill or stroke as one painting operator. So the place where a
/// sequence begins is known by count: after so many glyphs and painting operators (`PageMarks`).
/// There the writer ends the sequence before (`EMC`) and begins the next (`/P <</MCID 3>> BDC`,
/// `/Artifact BMC`), just before the next content: a path, a string of glyphs (splitting a `TJ`
/// array or a string where Cairo ran two drawings' glyphs together), an image, or one of Cairo's
/// own `/ActualText` spans. Where no count is to be trusted, an anchor (`ContentMarker`) stands
/// in the stream; the writer takes it out and counts again from there.
///
/// Marked content and text objects must nest (`BT … BDC … EMC … ET` or `BDC … BT … ET … EMC`),
/// so a sequence begun inside a text object ends at its `ET`, and one begun outside ends at the
/// next `BT`. Content of the sequence after that is a piece of its own, with an MCID of its own
/// (`Piece`); the structure element lists each.
enum MarkedContentWriter {
    enum Failure: Error, Equatable {
        /// The `index`th anchor found is not the one drawn in its place, or came too early.
        case anchor(index: Int)
        /// What Cairo wrote is not what was drawn: glyphs and painting operators counted and
        /// expected, up to an anchor or the end.
        case count(glyphs: Int, paints: Int, expectedGlyphs: Int, expectedPaints: Int)
        /// Anchors or sequences drawn and never reached.
        case unreached(events: Int)
        /// Bytes no Cairo page holds, at an offset.
        case syntax(offset: Int)
    }

    /// A further MCID of a structure sequence, after its first (the sequence's index).
    struct Piece: Equatable {
        let sequence: Int32
        let mcid: Int32
    }

    struct Written {
        let bytes: [UInt8]
        let extraPieces: [Piece]
    }

    static func write(_ content: UnsafeRawBufferPointer, marks: PageMarks) throws(Failure) -> Written {
        var writer = Writer(content: content, marks: marks)
        try writer.run()
        return Written(bytes: writer.out, extraPieces: writer.extraPieces)
    }
}

private struct Writer {
    let content: UnsafeRawBufferPointer
    let marks: PageMarks
    var out: [UInt8] = []
    /// Operators being put in before the end of `out`.
    var scratch: [UInt8] = []
    var copied = 0
    var extraPieces: [MarkedContentWriter.Piece] = []

    // Counts since the last anchor.
    var glyphs: Int32 = 0
    var paints: Int32 = 0
    /// The next event not yet due, and its counts (the largest value for an anchor or none).
    var next = 0
    var nextGlyphs = Int32.max
    var nextPaints = Int32.max
    /// Boundaries due whose operators are not written yet: their openings.
    var pending: [Int32] = []
    var anchorsFound = 0

    /// The sequence content now belongs to, and whether it has a piece yet.
    var current = PageMarks.none
    var currentHasPiece = false
    var pieceIsOpen = false
    /// Whether the open piece began inside the text object (and ends before its `ET`) or
    /// outside any (and ends outside one).
    var pieceIsInText = false
    /// An outside piece's: where its `BDC` is in `out`, and whether it has content before the
    /// text object now open.
    var pieceBeginOut = 0
    var pieceHasContentBeforeText = false
    var pieceHasContent = false
    /// Where the open text object's `BT` and its first content are in `out` (−1: none yet).
    var textStartOut = -1
    var textContentOut = -1
    /// Where a `Tm` after the text object's last content is in `out` (−1: none): the text
    /// object can be ended there and begun again, as the `Tm` sets the whole text matrix.
    var matrixOut = -1
    var nextMCID: Int32
    /// Whether the next content must write operators first (a boundary pending, or a piece to open).
    var needsWork = false

    var isInText = false
    /// Hex digits of one glyph code in the font set by the last `Tf`.
    var hexDigitsPerGlyph = 4
    /// Where the last `q` began while only graphics state followed it: an image's `q … cm`
    /// goes into the image's sequence with it.
    var saveStart = -1
    var dictionaryDepth = 0
    var cairoSpans = 0
    var isInArray = false
    /// Glyphs in the operands of the show operator being read.
    var operationGlyphs = 0
    /// The show operator a split was written for (`Tj` or `TJ`), to check it came.
    var splitOperator: UInt8 = 0

    init(content: UnsafeRawBufferPointer, marks: PageMarks) {
        self.content = content
        self.marks = marks
        nextMCID = Int32(marks.structureCount)
        out.reserveCapacity(content.count + content.count / 3 + 64)
        pending.reserveCapacity(4)
        refreshNext()
    }

    mutating func refreshNext() {
        if next < marks.events.count, marks.events[next].opening != PageMarks.anchor {
            nextGlyphs = marks.events[next].glyphs
            nextPaints = marks.events[next].paints
        } else {
            nextGlyphs = .max
            nextPaints = .max
        }
    }

    /// Moves the boundaries the counts have reached to `pending`.
    mutating func makeDue() {
        while glyphs >= nextGlyphs, paints >= nextPaints {
            pending.append(marks.events[next].opening)
            next += 1
            needsWork = true
            refreshNext()
        }
    }

    // MARK: Writing

    mutating func flush(to position: Int) {
        guard position > copied else { return }
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: content[copied..<position]))
        copied = position
    }

    /// Where the byte at `position` of the stream goes in `out`, once copied.
    func outOffset(of position: Int) -> Int { out.count + position - copied }

    /// Puts `bytes` into what is written, at `offset` of `out`: before the open text object's
    /// places there or after.
    mutating func insert(_ bytes: [UInt8], at offset: Int) {
        out.insert(contentsOf: bytes, at: offset)
        if textStartOut >= offset { textStartOut += bytes.count }
        if textContentOut >= offset { textContentOut += bytes.count }
    }

    /// Appends the operators that begin a piece: `/P <</MCID 3>> BDC` (`tag` nil: an artifact).
    static func appendOpener(tag: ArraySlice<UInt8>?, mcid: Int32, to bytes: inout [UInt8]) {
        guard let tag else {
            bytes += artifactOperator
            return
        }
        bytes += tag
        bytes += mcidOpen
        PDFWriting.append(Int(mcid), to: &bytes)
        bytes += mcidClose
    }

    func tag(of sequence: Int32) -> ArraySlice<UInt8>? {
        sequence >= 0 ? marks.tagBytes(of: Int(sequence)) : nil
    }

    mutating func separate() {
        if let last = out.last, last != 0x0A, last != 0x20 { out.append(0x0A) }
    }

    static let endOperator = Array("EMC\n".utf8)
    static let artifactOperator = Array("/Artifact BMC\n".utf8)
    static let mcidOpen = Array(" <</MCID ".utf8)
    static let mcidClose = Array(">> BDC\n".utf8)

    /// Writes `operators` at the end of `out`, parted from what is before them.
    mutating func write(_ operators: [UInt8]) {
        guard !operators.isEmpty else { return }
        separate()
        out += operators
    }

    mutating func closePiece() {
        separate()
        out += Self.endOperator
        pieceIsOpen = false
        needsWork = current != PageMarks.none
    }

    /// At the place of the next content (written up to it): ends what is open, begins what is
    /// due, and opens the current sequence's piece.
    mutating func transition() {
        let isFirstInText = isInText && textContentOut < 0
        if !pending.isEmpty, isInText, !isFirstInText, matrixOut >= 0 {
            return breakTextObject()
        }
        if !pending.isEmpty {
            if pieceIsOpen {
                if !pieceIsInText, isInText {
                    endOutsidePieceInText(isFirstInText: isFirstInText)
                } else {
                    closePiece()
                }
            }
            write(takePending())
        }
        if current != PageMarks.none, !pieceIsOpen {
            let mcid = openPiece()
            if isFirstInText {
                // The text object's first content: the piece begins before its `BT`, and so
                // can go on past its `ET`.
                pieceIsInText = false
                pieceBeginOut = textStartOut
                scratch.removeAll(keepingCapacity: true)
                Self.appendOpener(tag: tag(of: current), mcid: mcid, to: &scratch)
                insert(scratch, at: pieceBeginOut)
            } else {
                pieceIsInText = isInText
                separate()
                pieceBeginOut = out.count
                Self.appendOpener(tag: tag(of: current), mcid: mcid, to: &out)
            }
        }
        needsWork = false
    }

    /// Moves on past the pending boundaries. A structure sequence left with nothing drawn keeps
    /// its MCID, as an empty sequence: the operators returned (none, as a rule).
    mutating func takePending() -> [UInt8] {
        var empties: [UInt8] = []
        for opening in pending {
            if current >= 0, !currentHasPiece {
                Self.appendOpener(tag: tag(of: current), mcid: current, to: &empties)
                empties += Self.endOperator
            }
            current = opening
            currentHasPiece = false
        }
        pending.removeAll(keepingCapacity: true)
        return empties
    }

    /// Opens the current sequence's next piece: the MCID it begins with (unused for an artifact).
    mutating func openPiece() -> Int32 {
        var mcid = current
        if current >= 0 {
            if currentHasPiece {
                mcid = nextMCID
                extraPieces.append(MarkedContentWriter.Piece(sequence: current, mcid: mcid))
                nextMCID += 1
            }
            currentHasPiece = true
        }
        pieceIsOpen = true
        pieceHasContentBeforeText = false
        pieceHasContent = false
        return mcid
    }

    /// The transition where the text object can be ended and begun again (at its `Tm`): what
    /// is open ends outside it, and the next sequence begins before its new `BT`.
    mutating func breakTextObject() {
        var bytes: [UInt8] = []
        if pieceIsOpen {
            bytes += pieceIsInText ? Self.endOperator + Self.textEnd : Self.textEnd + Self.endOperator
            pieceIsOpen = false
        } else {
            bytes += Self.textEnd
        }
        bytes += takePending()
        if current != PageMarks.none {
            pieceBeginOut = matrixOut + bytes.count
            Self.appendOpener(tag: tag(of: current), mcid: openPiece(), to: &bytes)
            pieceIsInText = false
        }
        textStartOut = matrixOut + bytes.count
        bytes += Self.textBegin
        out.insert(contentsOf: bytes, at: matrixOut)
        textContentOut = -1
        matrixOut = -1
        needsWork = false
    }

    static let textEnd = Array("ET\n".utf8)
    static let textBegin = Array("BT\n".utf8)

    /// Ends an open piece that began outside the text object now open, where the next sequence
    /// begins inside it: its content in this text object becomes a piece of its own, inside.
    mutating func endOutsidePieceInText(isFirstInText: Bool) {
        if isFirstInText {
            // Nothing of it in this text object: it ends before the `BT`.
            insert(Self.endOperator, at: textStartOut)
        } else if !pieceHasContentBeforeText {
            // All of it is in this text object: its beginning moves to the text's first content.
            scratch.removeAll(keepingCapacity: true)
            scratch += out[pieceBeginOut..<textStartOut]
            out.removeSubrange(pieceBeginOut..<textStartOut)
            textStartOut -= scratch.count
            textContentOut -= scratch.count
            insert(scratch, at: textContentOut)
            closePiece()
        } else {
            insert(Self.endOperator, at: textStartOut)
            let mcid = openPiece()
            scratch.removeAll(keepingCapacity: true)
            Self.appendOpener(tag: tag(of: current), mcid: mcid, to: &scratch)
            insert(scratch, at: textContentOut)
            closePiece()
        }
        pieceIsOpen = false
    }

    /// Content (a path, an image, a span of Cairo's) whose operands begin at `position`.
    mutating func contentStarts(at position: Int) {
        makeDue()
        if needsWork {
            flush(to: position)
            transition()
        }
        noteContent(at: position)
    }

    @inline(__always)
    mutating func noteContent(at position: Int) {
        if isInText, textContentOut < 0 { textContentOut = outOffset(of: position) }
        if pieceIsOpen { pieceHasContent = true }
        matrixOut = -1
    }

    /// A glyph whose code begins at `position`, in a string that began at `stringStart`
    /// (`stringGlyphs` glyphs before it), of the operands that began at `operandStart`.
    @inline(__always)
    mutating func glyph(at position: Int, stringStart: Int, stringGlyphs: Int, isLiteral: Bool, operandStart: Int) {
        if needsWork || glyphs >= nextGlyphs {
            makeDue()
            if needsWork {
                if operationGlyphs == 0 {
                    flush(to: operandStart)
                    transition()
                } else {
                    split(at: position, stringStart: stringStart, stringGlyphs: stringGlyphs, isLiteral: isLiteral)
                }
            }
        }
        if operationGlyphs == 0 { noteContent(at: operandStart) }
        glyphs += 1
        operationGlyphs += 1
    }

    /// Ends the show operator before this glyph, writes the transition, and shows the rest.
    mutating func split(at position: Int, stringStart: Int, stringGlyphs: Int, isLiteral: Bool) {
        let open = isLiteral ? UInt8(ascii: "(") : UInt8(ascii: "<")
        let close = isLiteral ? UInt8(ascii: ")") : UInt8(ascii: ">")
        if isInArray, stringGlyphs == 0 {
            // Between two strings of the array: the adjustment before stays with the first part.
            flush(to: stringStart)
            out += Array("]TJ\n".utf8)
            transition()
            separate()
            out.append(UInt8(ascii: "["))
        } else {
            flush(to: position)
            out.append(close)
            out += Array((isInArray ? "]TJ\n" : "Tj\n").utf8)
            transition()
            separate()
            if isInArray { out.append(UInt8(ascii: "[")) }
            out.append(open)
        }
        splitOperator = isInArray ? UInt8(ascii: "J") : UInt8(ascii: "j")
    }

    // MARK: Reading

    // PDF's white-space characters (NUL, tab, line feed, form feed, carriage return, space)
    // and, with them, its delimiters `( ) < > [ ] { } / %`, as bits by character code.
    static let whitespace: UInt64 = 1 << 0x00 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D | 1 << 0x20
    static let notRegularLow: UInt64 =
        whitespace | 1 << 0x25 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2F | 1 << 0x3C | 1 << 0x3E
    static let notRegularHigh: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)

    @inline(__always)
    func isWhitespace(_ byte: UInt8) -> Bool {
        byte < 64 && Self.whitespace >> UInt64(byte) & 1 != 0
    }

    @inline(__always)
    func isRegular(_ byte: UInt8) -> Bool {
        if byte < 64 { return Self.notRegularLow >> UInt64(byte) & 1 == 0 }
        if byte < 128 { return Self.notRegularHigh >> UInt64(byte - 64) & 1 == 0 }
        return true
    }

    func regularEnd(from start: Int) -> Int {
        var index = start
        let count = content.count
        while index < count, isRegular(content[index]) { index += 1 }
        return index
    }

    mutating func run() throws(MarkedContentWriter.Failure) {
        let count = content.count
        var index = 0
        var operandStart = -1
        var isInPath = false
        while index < count {
            let byte = content[index]
            if isWhitespace(byte) {
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "("):
                if operandStart < 0 { operandStart = index }
                index = try literalString(from: index, operandStart: operandStart)
            case UInt8(ascii: "<"):
                if operandStart < 0 { operandStart = index }
                if index + 1 < count, content[index + 1] == UInt8(ascii: "<") {
                    dictionaryDepth += 1
                    index += 2
                } else {
                    index = try hexString(from: index, operandStart: operandStart)
                }
            case UInt8(ascii: ">"):
                guard index + 1 < count, content[index + 1] == UInt8(ascii: ">"), dictionaryDepth > 0 else {
                    throw .syntax(offset: index)
                }
                dictionaryDepth -= 1
                index += 2
            case UInt8(ascii: "["):
                if operandStart < 0 { operandStart = index }
                if dictionaryDepth == 0 { isInArray = true }
                index += 1
            case UInt8(ascii: "]"):
                if dictionaryDepth == 0 { isInArray = false }
                index += 1
            case UInt8(ascii: "/"):
                if operandStart < 0 { operandStart = index }
                index = regularEnd(from: index + 1)
            case UInt8(ascii: "%"):
                while index < count, content[index] != 0x0A, content[index] != 0x0D { index += 1 }
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                if operandStart < 0 { operandStart = index }
                index = regularEnd(from: index)
            case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                throw .syntax(offset: index)
            default:
                let start = index
                index = regularEnd(from: index)
                if index == start { index += 1 }
                try handleOperator(
                    from: start, to: index, operandStart: operandStart >= 0 ? operandStart : start,
                    isInPath: &isInPath, next: &index)
                operandStart = -1
            }
        }
        try finish()
    }

    mutating func handleOperator(
        from start: Int, to end: Int, operandStart: Int, isInPath: inout Bool, next index: inout Int
    ) throws(MarkedContentWriter.Failure) {
        let first = content[start]
        let length = end - start
        let second: UInt8 = length > 1 ? content[start + 1] : 0
        switch (first, length) {
        case (UInt8(ascii: "q"), 1):
            saveStart = start
            return
        case (UInt8(ascii: "D"), 2) where second == UInt8(ascii: "o"):
            contentStarts(at: saveStart >= copied ? saveStart : operandStart)
            paints += 1
        case (UInt8(ascii: "s"), 2) where second == UInt8(ascii: "h"):
            contentStarts(at: saveStart >= copied ? saveStart : operandStart)
            paints += 1
        case (UInt8(ascii: "B"), 2) where second == UInt8(ascii: "T"):
            if pieceIsOpen, !pieceIsInText, pieceHasContent { pieceHasContentBeforeText = true }
            isInText = true
            textStartOut = outOffset(of: start)
            textContentOut = -1
            matrixOut = -1
        case (UInt8(ascii: "E"), 2) where second == UInt8(ascii: "T"):
            if pieceIsOpen, pieceIsInText {
                flush(to: start)
                closePiece()
            }
            isInText = false
            textStartOut = -1
            textContentOut = -1
            matrixOut = -1
        case (UInt8(ascii: "T"), 2) where second == UInt8(ascii: "m"):
            if isInText, textContentOut >= 0 { matrixOut = outOffset(of: operandStart) }
            return
        case (UInt8(ascii: "T"), 2) where second == UInt8(ascii: "f"):
            hexDigitsPerGlyph = fontSubset(at: operandStart) == 0 ? 2 : 4
            return
        case (UInt8(ascii: "T"), 2) where second == UInt8(ascii: "j") || second == UInt8(ascii: "J"):
            if splitOperator != 0, splitOperator != second { throw .syntax(offset: start) }
            splitOperator = 0
            operationGlyphs = 0
        case (UInt8(ascii: "r"), 2) where second == UInt8(ascii: "e"):
            if !isInPath, let place = ContentMarker.anchor(operandsEndingAt: start, in: content),
                end + 3 <= content.count, content[end] == 0x20, content[end + 1] == UInt8(ascii: "f"),
                content[end + 2] == 0x0A
            {
                try anchor(at: place, operandStart: operandStart, end: end + 3)
                index = end + 3
                return
            }
            if !isInPath {
                contentStarts(at: operandStart)
                isInPath = true
            }
        case (UInt8(ascii: "m"), 1), (UInt8(ascii: "l"), 1), (UInt8(ascii: "c"), 1), (UInt8(ascii: "v"), 1),
            (UInt8(ascii: "y"), 1), (UInt8(ascii: "h"), 1):
            if !isInPath {
                contentStarts(at: operandStart)
                isInPath = true
            }
        case (UInt8(ascii: "f"), _), (UInt8(ascii: "F"), 1), (UInt8(ascii: "S"), 1), (UInt8(ascii: "s"), 1):
            guard length == 1 || (length == 2 && second == UInt8(ascii: "*")) else { break }
            isInPath = false
            paints += 1
        case (UInt8(ascii: "B"), _), (UInt8(ascii: "b"), _):
            if length == 1 || (length == 2 && second == UInt8(ascii: "*")) {
                // A fill and a stroke of one path, which Cairo writes as one operator.
                isInPath = false
                paints += 2
            } else if length == 3, second == UInt8(ascii: "D"), content[start + 2] == UInt8(ascii: "C") {
                try cairoSpan(operandStart: operandStart)
            } else if length == 3, second == UInt8(ascii: "M"), content[start + 2] == UInt8(ascii: "C") {
                try cairoSpan(operandStart: operandStart)
            } else if length == 2, second == UInt8(ascii: "I") {
                throw .syntax(offset: start)  // an inline image: never on a page of Cairo's
            }
        case (UInt8(ascii: "n"), 1):
            isInPath = false
        case (UInt8(ascii: "E"), 3) where second == UInt8(ascii: "M") && content[start + 2] == UInt8(ascii: "C"):
            guard cairoSpans > 0 else { throw .syntax(offset: start) }
            cairoSpans -= 1
        case (UInt8(ascii: "'"), 1), (UInt8(ascii: "\""), 1):
            throw .syntax(offset: start)
        default:
            // Graphics state (`cm`, `gs`, a colour, a line width…) keeps a `q` before it.
            if isState(first: first, second: second, length: length) { return }
        }
        saveStart = -1
    }

    /// The subset of Cairo's font name `/f-4-1` at `start` (1), nil for another name. A font's
    /// subset 0 is its Latin subset, one byte a glyph (Cairo writes it as a literal string or
    /// as two hex digits); its others are composite, two bytes a glyph. (A CID-keyed CFF font
    /// has no Latin subset: its text is not counted.)
    func fontSubset(at start: Int) -> Int? {
        guard start + 2 < content.count, content[start] == UInt8(ascii: "/"), content[start + 1] == UInt8(ascii: "f")
        else { return nil }
        let end = regularEnd(from: start + 1)
        var index = end
        var value = 0
        var scale = 1
        while index > start + 2, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(content[index - 1]) {
            value += Int(content[index - 1] - UInt8(ascii: "0")) * scale
            scale *= 10
            index -= 1
        }
        guard index < end, content[index - 1] == UInt8(ascii: "-") else { return nil }
        return value
    }

    /// Whether the operator only sets graphics or text state (not `Q`, which ends the `q`).
    func isState(first: UInt8, second: UInt8, length: Int) -> Bool {
        switch (first, length) {
        case (UInt8(ascii: "c"), 2) where second == UInt8(ascii: "m") || second == UInt8(ascii: "s"): true
        case (UInt8(ascii: "C"), 2) where second == UInt8(ascii: "S"): true
        case (UInt8(ascii: "g"), 2) where second == UInt8(ascii: "s"): true
        case (UInt8(ascii: "r"), 2) where second == UInt8(ascii: "g") || second == UInt8(ascii: "i"): true
        case (UInt8(ascii: "R"), 2) where second == UInt8(ascii: "G"): true
        case (UInt8(ascii: "g"), 1), (UInt8(ascii: "G"), 1), (UInt8(ascii: "w"), 1), (UInt8(ascii: "J"), 1),
            (UInt8(ascii: "j"), 1), (UInt8(ascii: "d"), 1), (UInt8(ascii: "M"), 1), (UInt8(ascii: "i"), 1):
            true
        case (UInt8(ascii: "s"), 2) where second == UInt8(ascii: "c"): true
        case (UInt8(ascii: "S"), 2) where second == UInt8(ascii: "C"): true
        case (UInt8(ascii: "s"), 3), (UInt8(ascii: "S"), 3): true  // scn, SCN
        case (UInt8(ascii: "k"), 1), (UInt8(ascii: "K"), 1): true
        default: false
        }
    }

    /// One of Cairo's own marked-content sequences (a cluster's `/ActualText`): content, to be
    /// inside the piece it belongs to.
    mutating func cairoSpan(operandStart: Int) throws(MarkedContentWriter.Failure) {
        contentStarts(at: operandStart)
        cairoSpans += 1
    }

    mutating func anchor(at place: (x: Int, y: Int), operandStart: Int, end: Int) throws(MarkedContentWriter.Failure) {
        makeDue()
        let expected = ContentMarker.position(of: anchorsFound)
        guard next < marks.events.count, marks.events[next].opening == PageMarks.anchor,
            place.x == expected.x, place.y == expected.y
        else { throw .anchor(index: anchorsFound) }
        let event = marks.events[next]
        if event.isVerified, event.glyphs != glyphs || event.paints != paints {
            throw .count(
                glyphs: Int(glyphs), paints: Int(paints), expectedGlyphs: Int(event.glyphs),
                expectedPaints: Int(event.paints))
        }
        flush(to: operandStart)
        copied = end
        glyphs = 0
        paints = 0
        next += 1
        anchorsFound += 1
        refreshNext()
    }

    mutating func literalString(from start: Int, operandStart: Int) throws(MarkedContentWriter.Failure) -> Int {
        let count = content.count
        var index = start + 1
        var depth = 1
        let counts = dictionaryDepth == 0
        var stringGlyphs = 0
        while index < count {
            let byte = content[index]
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return index + 1 }
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            }
            let glyphStart = index
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < count else { break }
                let escaped = content[index]
                if escaped == 0x0A || escaped == 0x0D {
                    // A line continuation: no character.
                    index += 1
                    continue
                }
                if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(escaped) {
                    var digits = 1
                    while digits < 3, index + 1 < count,
                        (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(content[index + 1])
                    {
                        index += 1
                        digits += 1
                    }
                }
            }
            index += 1
            if counts {
                glyph(
                    at: glyphStart, stringStart: start, stringGlyphs: stringGlyphs, isLiteral: true,
                    operandStart: operandStart)
                stringGlyphs += 1
            }
        }
        throw .syntax(offset: start)
    }

    mutating func hexString(from start: Int, operandStart: Int) throws(MarkedContentWriter.Failure) -> Int {
        let count = content.count
        var index = start + 1
        let counts = dictionaryDepth == 0
        var digits = 0
        while index < count {
            let byte = content[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if !isWhitespace(byte) {
                if counts, digits % hexDigitsPerGlyph == 0 {
                    glyph(
                        at: index, stringStart: start, stringGlyphs: digits / hexDigitsPerGlyph, isLiteral: false,
                        operandStart: operandStart)
                }
                digits += 1
            }
            index += 1
        }
        throw .syntax(offset: start)
    }

    /// After the last operator: what is due, and the end of the last sequence, before the `Q`
    /// that ends Cairo's page.
    mutating func finish() throws(MarkedContentWriter.Failure) {
        makeDue()
        guard next == marks.events.count else { throw .unreached(events: marks.events.count - next) }
        if marks.end.isVerified, marks.end.glyphs != glyphs || marks.end.paints != paints {
            throw .count(
                glyphs: Int(glyphs), paints: Int(paints), expectedGlyphs: Int(marks.end.glyphs),
                expectedPaints: Int(marks.end.paints))
        }
        var end = content.count
        if end - copied >= 2, content[end - 2] == UInt8(ascii: "Q"), content[end - 1] == 0x0A,
            end - copied == 2 || content[end - 3] == 0x0A
        {
            end -= 2
        }
        flush(to: end)
        if pieceIsOpen { closePiece() }
        pending.append(PageMarks.none)
        write(takePending())
        flush(to: content.count)
    }
}
