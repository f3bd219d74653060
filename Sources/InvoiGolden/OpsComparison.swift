import Foundation

/// What ops.json says is drawn, read back from its JSON: only what an op draws (its text,
/// place, size, colour, glyphs, image) is kept, so fields added to the format later (roles,
/// structure) neither break the reading nor count as a change.
struct DrawnOp {
    enum Kind: String { case text, line, rect, link, image, qrCode, group, other }

    var kind: Kind
    /// The text of a text op.
    var text = ""
    /// Where it is: a text's origin, a line's ends, a rectangle or image's box, each as
    /// page coordinates through the transforms of the groups around it.
    var geometry: [Double] = []
    /// Colours: a text's or line's colour, a rectangle's fill and stroke.
    var colors: [String] = []
    /// Everything else that changes the look, compared exactly except for numbers within
    /// the tolerance: size and weight, fonts and glyph ids, an image's digest, a link's target.
    var look: [String] = []
    var lookNumbers: [Double] = []
    /// The group's role or other nesting, for naming a shape ("the stamp").
    var context = ""
    /// A text's box, left and right edges (to tell a changed string from a new one).
    var span: ClosedRange<Double> = 0...0

    /// The top-left point used to say which way something moved.
    var anchor: (x: Double, y: Double) {
        geometry.count >= 2 ? (geometry[0], geometry[1]) : (0, 0)
    }

    /// How the op is named in an explanation.
    var name: String {
        switch kind {
        case .text: "'\(OpsComparison.quoted(text))'"
        case .line: "a line"
        case .rect: "a rectangle"
        case .link: "a link"
        case .image: "the image"
        case .qrCode: "the payment QR code"
        case .group: "a group"
        case .other: "a shape"
        }
    }
}

/// A page of ops.json.
struct DrawnPage {
    var size: [Double]
    var ops: [DrawnOp]
}

/// The ops.json of a document, read for comparison.
struct DrawnDocument {
    var metadata: [String: String]
    /// The design and theme choices the layout recorded; empty for the app's own page.
    var design: [String: String]
    var pages: [DrawnPage]

    init(json data: Data) throws(GoldenFailure) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let pages = root["pages"] as? [Any]
        else { throw GoldenFailure(.corrupt, "ops.json is not an invoi display list") }
        var metadata: [String: String] = [:]
        var design: [String: String] = [:]
        for (key, value) in root["metadata"] as? [String: Any] ?? [:] {
            if let text = value as? String { metadata[key] = text }
            if key == "design", let choices = value as? [String: Any] {
                for (choice, value) in choices { design[choice] = value as? String }
            }
        }
        self.metadata = metadata
        self.design = design
        self.pages = pages.map { page in
            let object = page as? [String: Any] ?? [:]
            var ops: [DrawnOp] = []
            for op in object["ops"] as? [Any] ?? [] {
                Self.read(op, transform: nil, into: &ops, context: "")
            }
            return DrawnPage(size: Self.numbers(object["size"]), ops: ops)
        }
    }

    static func numbers(_ value: Any?) -> [Double] {
        (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue ?? ($0 as? Double) } ?? []
    }

    static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue ?? (value as? Double)
    }

    /// Reads one op; a group's children are read as ops of their own, placed through its transform.
    static func read(_ value: Any, transform: [Double]?, into ops: inout [DrawnOp], context: String) {
        guard let object = value as? [String: Any] else { return }
        let kind = DrawnOp.Kind(rawValue: object["op"] as? String ?? "") ?? .other
        func place(_ points: [Double]) -> [Double] {
            guard let t = transform, t.count == 6 else { return points }
            var placed: [Double] = []
            var index = 0
            while index + 1 < points.count {
                let x = points[index], y = points[index + 1]
                placed += [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]]
                index += 2
            }
            return placed
        }
        var op = DrawnOp(kind: kind, context: context)
        switch kind {
        case .text:
            op.text = object["text"] as? String ?? ""
            op.geometry = place(numbers(object["origin"]))
            let box = place(Array(numbers(object["box"]).prefix(2)))
            let width = numbers(object["box"]).dropFirst(2).first ?? 0
            if let left = box.first { op.span = left...(left + max(width, 0)) }
            op.colors = [object["color"] as? String ?? ""]
            op.lookNumbers = [number(object["size"]), number(object["weight"]), number(object["width"])].compactMap {
                $0
            }
            for run in object["runs"] as? [Any] ?? [] {
                guard let run = run as? [String: Any] else { continue }
                op.look.append(run["font"] as? String ?? "")
                let glyphIDs = (run["glyphs"] as? [Any] ?? []).compactMap { (($0 as? [Any])?.first).flatMap(number) }
                op.look.append(glyphIDs.map { String(Int($0)) }.joined(separator: ","))
            }
        case .line:
            op.geometry = place(numbers(object["from"]) + numbers(object["to"]))
            op.colors = [object["color"] as? String ?? ""]
            op.lookNumbers = [number(object["width"]) ?? 0]
        case .rect:
            let rect = numbers(object["rect"])
            op.geometry = place(rect.count == 4 ? [rect[0], rect[1], rect[0] + rect[2], rect[1] + rect[3]] : rect)
            let stroke = object["stroke"] as? [String: Any]
            op.colors = [object["fill"] as? String ?? "none", stroke?["color"] as? String ?? "none"]
            op.lookNumbers = [number(stroke?["width"]) ?? 0, number(object["cornerRadius"]) ?? 0]
        case .link, .image:
            let rect = numbers(object["rect"])
            op.geometry = place(rect.count == 4 ? [rect[0], rect[1], rect[0] + rect[2], rect[1] + rect[3]] : rect)
            op.look = [object["uri"] as? String ?? "", object["digest"] as? String ?? ""]
        case .qrCode:
            // ops.json keeps the code's modules, not the payload text they encode.
            let rect = numbers(object["rect"])
            op.geometry = place(rect.count == 4 ? [rect[0], rect[1], rect[0] + rect[2], rect[1] + rect[3]] : rect)
            op.look = [
                object["alt"] as? String ?? "",
                ((object["rows"] as? [Any]) ?? []).map { $0 as? String ?? "" }.joined(separator: "/"),
            ]
            op.lookNumbers = [number(object["modules"]) ?? 0, number(object["quietZone"]) ?? 0]
        case .group:
            let inner = numbers(object["transform"])
            let combined: [Double]? =
                inner.count == 6
                ? transform.map { t in
                    [
                        t[0] * inner[0] + t[2] * inner[1], t[1] * inner[0] + t[3] * inner[1],
                        t[0] * inner[2] + t[2] * inner[3], t[1] * inner[2] + t[3] * inner[3],
                        t[0] * inner[4] + t[2] * inner[5] + t[4], t[1] * inner[4] + t[3] * inner[5] + t[5],
                    ]
                } ?? inner : transform
            let role = object["role"] as? String ?? ""
            for child in object["ops"] as? [Any] ?? [] {
                read(child, transform: combined, into: &ops, context: role.isEmpty ? "group" : role)
            }
            return
        case .other:
            op.look = [object["op"] as? String ?? ""]
        }
        ops.append(op)
    }
}

/// Compares two display lists and says what changed in a reader's words: which text moved,
/// how far and which way, which strings changed, what was added or removed, which colours
/// changed. Coordinates are in points (1/72 in) from the page's top left; numbers that differ
/// by at most `tolerance` are the same.
public struct OpsComparison: Sendable {
    /// 0.01 pt: a hundredth of a point, far below a pixel at any resolution invoi renders,
    /// above the rounding of numbers written to ops.json.
    public static let defaultTolerance = 0.01
    public var tolerance: Double
    /// Explanations listed per page before the rest are counted.
    public var limitPerPage: Int

    public init(tolerance: Double = OpsComparison.defaultTolerance, limitPerPage: Int = 12) {
        self.tolerance = tolerance
        self.limitPerPage = limitPerPage
    }

    /// The changes, in page order; empty when the two draw the same.
    /// `changedPages` gets every page (1-based) whose ops differ.
    public func explain(golden: Data, new: Data) throws(GoldenFailure) -> OpsDifference {
        let before = try DrawnDocument(json: golden), after = try DrawnDocument(json: new)
        var result = OpsDifference()
        if before.pages.count != after.pages.count {
            let (old, now) = (before.pages.count, after.pages.count)
            let count = abs(now - old)
            let what = count == 1 ? "a page was" : "\(count) pages were"
            result.changes.append("\(what) \(now > old ? "added" : "removed") (\(old) → \(now))")
            result.changedPages.formUnion(min(old, now) + 1...max(old, now))
        }
        result.changes += Self.designChanges(from: before.design, to: after.design)
        for key in ["title", "language"] where before.metadata[key] != after.metadata[key] {
            result.changes.append(
                "the document's \(key) '\(Self.quoted(before.metadata[key] ?? ""))' now '\(Self.quoted(after.metadata[key] ?? ""))'"
            )
        }
        for index in 0..<min(before.pages.count, after.pages.count) {
            let changes = explain(page: before.pages[index], new: after.pages[index])
            guard !changes.isEmpty else { continue }
            result.changedPages.insert(index + 1)
            let shown = changes.prefix(limitPerPage).map { "page \(index + 1): \($0)" }
            result.changes += shown
            if changes.count > limitPerPage {
                result.changes.append("page \(index + 1): … and \(changes.count - limitPerPage) more changes")
            }
        }
        return result
    }

    func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    func sameLook(_ a: DrawnOp, _ b: DrawnOp) -> Bool {
        a.look == b.look && same(a.lookNumbers, b.lookNumbers)
    }

    func identical(_ a: DrawnOp, _ b: DrawnOp) -> Bool {
        a.kind == b.kind && a.text == b.text && a.colors == b.colors && same(a.geometry, b.geometry) && sameLook(a, b)
    }

    /// One page's changes.
    func explain(page before: DrawnPage, new after: DrawnPage) -> [String] {
        var changes: [String] = []
        if !same(before.size, after.size) {
            changes.append("the page size \(Self.size(before.size)) now \(Self.size(after.size))")
        }
        var oldLeft = Array(before.ops.indices), newLeft = Array(after.ops.indices)

        // 1. Ops drawn exactly as before, matched in order.
        var buckets: [String: [Int]] = [:]
        for index in oldLeft { buckets[Self.signature(before.ops[index]), default: []].append(index) }
        var matchedOld = Set<Int>()
        newLeft.removeAll { index in
            let op = after.ops[index]
            let key = Self.signature(op)
            guard let position = buckets[key]?.firstIndex(where: { identical(before.ops[$0], op) }) else {
                return false
            }
            matchedOld.insert(buckets[key]!.remove(at: position))
            return true
        }
        oldLeft.removeAll { matchedOld.contains($0) }

        // 2. The same op, changed: same text (a text op), or same kind at the same place.
        var pairs: [(DrawnOp, DrawnOp)] = []
        func pair(where matches: (DrawnOp, DrawnOp) -> Bool) {
            newLeft.removeAll { index in
                let op = after.ops[index]
                guard let position = oldLeft.firstIndex(where: { matches(before.ops[$0], op) }) else { return false }
                pairs.append((before.ops[oldLeft.remove(at: position)], op))
                return true
            }
        }
        pair { $0.kind == .text && $1.kind == .text && $0.text == $1.text }
        pair { $0.kind == $1.kind && $0.kind != .text && same($0.geometry, $1.geometry) }
        // A changed string: a text op where another was, on the same baseline.
        var rewordings: [(DrawnOp, DrawnOp)] = []
        newLeft.removeAll { index in
            let op = after.ops[index]
            guard op.kind == .text,
                let position = oldLeft.firstIndex(where: {
                    let old = before.ops[$0]
                    return old.kind == .text && abs(old.anchor.y - op.anchor.y) <= 0.5
                        && old.lookNumbers.first == op.lookNumbers.first && old.span.overlaps(op.span)
                })
            else { return false }
            rewordings.append((before.ops[oldLeft.remove(at: position)], op))
            return true
        }
        // What is left of a kind that is not text: the same op, moved (in order); an image, replaced.
        pair { $0.kind == $1.kind && $0.kind != .text && $0.colors == $1.colors && sameLook($0, $1) }
        pair { $0.kind == .image && $1.kind == .image }
        pair { $0.kind == .qrCode && $1.kind == .qrCode }

        for (old, new) in rewordings {
            changes.append("\(old.name) now \(new.name)")
        }

        // Moves, grouped by distance and direction.
        var moves: [String: [DrawnOp]] = [:]
        var moveOrder: [String] = []
        var colorChanges: [String: [DrawnOp]] = [:]
        var colorOrder: [String] = []
        for (old, new) in pairs {
            if !same(old.geometry, new.geometry) {
                let words =
                    old.geometry.count == new.geometry.count && !same(Self.sizes(old), Self.sizes(new))
                    ? Self.resizing(old, new)
                    : Self.movement(dx: new.anchor.x - old.anchor.x, dy: new.anchor.y - old.anchor.y)
                if moves[words] == nil { moveOrder.append(words) }
                moves[words, default: []].append(new)
            }
            if old.colors != new.colors {
                let words = zip(old.colors, new.colors).filter { $0 != $1 }.map { "\($0.0) now \($0.1)" }
                    .joined(separator: ", ")
                if colorChanges[words] == nil { colorOrder.append(words) }
                colorChanges[words, default: []].append(new)
            }
            if !sameLook(old, new) {
                changes.append(Self.lookChange(old, new))
            }
        }
        for words in moveOrder {
            changes.append("\(Self.list(moves[words]!)) \(words)")
        }
        for words in colorOrder {
            changes.append("colour \(words): \(Self.list(colorChanges[words]!))")
        }
        let added = newLeft.map { after.ops[$0] }, removed = oldLeft.map { before.ops[$0] }
        if !added.isEmpty { changes.append("\(Self.list(added)) added") }
        if !removed.isEmpty { changes.append("\(Self.list(removed)) removed") }
        return changes
    }

    /// A design or theme change in the words a sender chose it in: "the design classic is now
    /// band: the masthead is new", "the table's rules changed (rows → grid)".
    static func designChanges(from old: [String: String], to new: [String: String]) -> [String] {
        guard old != new else { return [] }
        let before = old["design"] ?? "classic (the app's own page)",
            after = new["design"] ?? "classic (the app's own page)"
        var changes: [String] = []
        if before != after {
            let consequence =
                switch new["design"] {
                case "band": ": the masthead is new"
                case "letter": ": the envelope window and fold marks are new"
                case "compact": ": the rows are denser"
                default: ""
                }
            changes.append("the design \(before) is now \(after)\(consequence)")
            // Between the app's own page and a design, the keys all appear or go at once.
            if old.isEmpty || new.isEmpty { return changes }
        }
        let names: [(String, String)] = [
            ("window", "the envelope window"), ("paper", "the paper"), ("size", "the body size"),
            ("fonts", "the fonts (body, heading, numbers)"), ("colors.accent", "the accent colour"),
            ("colors.text", "the text colour"), ("colors.muted", "the labels' colour"),
            ("colors.rule", "the rules' colour"), ("colors.fill", "the stripes' colour"),
            ("logo.position", "the logo's place"), ("table.rules", "the table's rules"),
            ("table.stripes", "the table's stripes"), ("table.columns", "the table's columns"),
            ("sections.hide", "the hidden sections"), ("footer", "the footer"),
            ("pageNumbers", "the page numbers' place"),
        ]
        for (key, name) in names where old[key] != new[key] {
            let was = old[key].map { $0.isEmpty ? "none" : quoted($0) } ?? "none"
            let now = new[key].map { $0.isEmpty ? "none" : quoted($0) } ?? "none"
            changes.append("\(name) changed (\(was) → \(now))")
        }
        return changes
    }

    /// Ops that may be the same one drawn exactly: kind, text and colour.
    static func signature(_ op: DrawnOp) -> String {
        op.kind.rawValue + "\u{0}" + op.text + "\u{0}" + op.colors.joined(separator: ",")
    }

    static func sizes(_ op: DrawnOp) -> [Double] {
        guard op.geometry.count == 4, op.kind != .line else { return [] }
        return [op.geometry[2] - op.geometry[0], op.geometry[3] - op.geometry[1]]
    }

    static func resizing(_ old: DrawnOp, _ new: DrawnOp) -> String {
        let a = sizes(old), b = sizes(new)
        return String(format: "resized from %.1f × %.1f pt to %.1f × %.1f pt", a[0], a[1], b[0], b[1])
    }

    /// "moved 4.0 pt down", "moved 2.5 pt left and 1.0 pt up".
    static func movement(dx: Double, dy: Double) -> String {
        var parts: [String] = []
        if abs(dy) >= 0.05 { parts.append(String(format: "%.1f pt %@", abs(dy), dy > 0 ? "down" : "up")) }
        if abs(dx) >= 0.05 { parts.append(String(format: "%.1f pt %@", abs(dx), dx > 0 ? "right" : "left")) }
        return "moved " + (parts.isEmpty ? "by less than 0.05 pt" : parts.joined(separator: " and "))
    }

    static func lookChange(_ old: DrawnOp, _ new: DrawnOp) -> String {
        switch new.kind {
        case .text:
            if old.lookNumbers.first != new.lookNumbers.first, let a = old.lookNumbers.first,
                let b = new.lookNumbers.first
            {
                return String(format: "%@ now %.1f pt (was %.1f pt)", new.name, b, a)
            }
            if old.lookNumbers.dropFirst().first != new.lookNumbers.dropFirst().first {
                return "\(new.name) now in another weight"
            }
            let oldFonts = Set(stride(from: 0, to: old.look.count, by: 2).map { old.look[$0] })
            let newFonts = Set(stride(from: 0, to: new.look.count, by: 2).map { new.look[$0] })
            if oldFonts != newFonts {
                return
                    "\(new.name) is drawn in another font (\(oldFonts.sorted().joined(separator: ", ")) → \(newFonts.sorted().joined(separator: ", ")))"
            }
            return "\(new.name) is drawn with other glyphs or widths (the font file may have changed)"
        case .image:
            if old.look.last != new.look.last { return "the image changed (another picture)" }
            return "the image changed"
        case .qrCode:
            return qrCodeChange(old, new)
        case .link:
            return "a link now goes to '\(quoted(new.look.first ?? ""))' (was '\(quoted(old.look.first ?? ""))')"
        default:
            return "\(new.name) is drawn differently (line width or corners)"
        }
    }

    /// What differs between two payment QR codes. The payload text is not in ops.json, only
    /// the modules that encode it, so a changed payload is said as the modules that changed.
    static func qrCodeChange(_ old: DrawnOp, _ new: DrawnOp) -> String {
        var parts: [String] = []
        let (oldAlt, newAlt) = (old.look.first ?? "", new.look.first ?? "")
        if oldAlt != newAlt { parts.append("'\(quoted(oldAlt))' now '\(quoted(newAlt))'") }
        let oldSize = Int(old.lookNumbers.first ?? 0), newSize = Int(new.lookNumbers.first ?? 0)
        let oldRows = old.look.last ?? "", newRows = new.look.last ?? ""
        let why = "ops.json keeps the modules, not the payload's text"
        if oldSize != newSize {
            parts.append("\(newSize) × \(newSize) modules (was \(oldSize) × \(oldSize); \(why))")
        } else if oldRows != newRows {
            let differing = zip(oldRows.utf8, newRows.utf8).filter { $0 != $1 }.count
            let verb = differing == 1 ? "differs" : "differ"
            parts.append("\(differing) of its \(newSize) × \(newSize) modules \(verb) (\(why))")
        }
        if old.lookNumbers.dropFirst() != new.lookNumbers.dropFirst() {
            parts.append(
                "its quiet zone now \(Int(new.lookNumbers.last ?? 0)) modules (was \(Int(old.lookNumbers.last ?? 0)))")
        }
        return "the payment QR code changed" + (parts.isEmpty ? "" : ": " + parts.joined(separator: "; "))
    }

    /// "'Total'", "'Subtotal' and 'Total'", "'A', 'B', 'C' and 9 more", "2 lines and a rectangle".
    static func list(_ ops: [DrawnOp]) -> String {
        let texts = ops.filter { $0.kind == .text }.map(\.name)
        var shapeCounts: [(String, Int)] = []
        for op in ops where op.kind != .text {
            let noun = op.context == "stamp" ? "the stamp's \(Self.noun(op.kind))" : Self.noun(op.kind)
            if let index = shapeCounts.firstIndex(where: { $0.0 == noun }) {
                shapeCounts[index].1 += 1
            } else {
                shapeCounts.append((noun, 1))
            }
        }
        var items = texts.count > 4 ? Array(texts.prefix(3)) + ["\(texts.count - 3) more texts"] : texts
        items += shapeCounts.map { noun, count in
            count == 1
                ? (noun.hasPrefix("the ") ? noun : (noun.hasPrefix("i") ? "an " : "a ") + noun) : "\(count) \(noun)s"
        }
        if items.count <= 1 { return items.first ?? "nothing" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    static func noun(_ kind: DrawnOp.Kind) -> String {
        switch kind {
        case .text: "text"
        case .line: "line"
        case .rect: "rectangle"
        case .link: "link"
        case .image: "image"
        case .qrCode: "payment QR code"
        case .group: "group"
        case .other: "shape"
        }
    }

    static func size(_ numbers: [Double]) -> String {
        numbers.count == 2 ? String(format: "%.0f × %.0f pt", numbers[0], numbers[1]) : "?"
    }

    /// Text for an explanation: at most 60 characters, line breaks shown as spaces.
    static func quoted(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }
}

/// What changed between two display lists.
public struct OpsDifference: Sendable {
    /// In the reader's words, in page order.
    public var changes: [String] = []
    /// Pages (1-based) whose ops differ, or that only one of the two has.
    public var changedPages: Set<Int> = []
}
