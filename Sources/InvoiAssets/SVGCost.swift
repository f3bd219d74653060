/// Bounds the work of drawing a logo, which can be far more than its size: a `<use>` draws
/// another element again (a `<use>` of a group of ten `<use>`s of a group of ten … is a
/// billion shapes in a few hundred bytes), so does every mask, clipping path and marker
/// (a marker at each of a path's vertices), and a filter can cost more than everything
/// else together. The drawing is walked as a renderer would walk it, `<use>` and
/// references expanded, counting units of work, and refused as soon as the count passes
/// the budget, so the walk itself costs no more than the budget:
/// - each element drawn: 1, and 1 more for every `numbersPerUnit` numbers of its path
///   data or points;
/// - each element drawn into a surface of its own (opacity, a mask, a filter, a clipping
///   path, a blend mode): `isolationUnits` more;
/// - each filter primitive applied: `filterPrimitiveUnits` (feTurbulence: that many per octave).
/// The weights are measured (release build, this 2-core machine): an element costs about
/// 40 µs to parse and draw, 16 numbers of path data about as much; an isolated group or
/// a mask about 1.4 ms at 600 dpi (the logo's box, see `SVGDocument.render`), a blur or
/// an octave of turbulence about 15 ms at 600 dpi, a seventeenth of that at 144 dpi.
/// A stylesheet rule counts for every element its selectors might match (their last
/// compound's type, ids and classes: a superset of what a browser would match).
struct SVGCost {
    /// One kept element.
    struct Node {
        var element: LogoElement
        var parent: Int?
        var children: [Int] = []
        /// The id as in the source.
        var id: String?
        var classes: [String] = []
        /// What its presentation attributes and `style` do, then what the rules that may match it do.
        var effects = CSSEffects()
        /// The element an `href="#id"` names.
        var reference: String?
        /// The numbers in its path data or points: at most that many vertices, for markers.
        var pathNumberCount = 0
        /// For a filter primitive: its weight (octaves for feTurbulence).
        var filterWork = 0

        init(element: LogoElement, parent: Int?, filterWork: Int) {
            self.element = element
            self.parent = parent
            self.filterWork = filterWork
        }
    }

    static let numbersPerUnit = 16
    static let isolationUnits = 20
    static let filterPrimitiveUnits = 150

    var nodes: [Node] = []
    var rules: [SanitizedStylesheet.Rule] = []

    /// Throws when drawing the nodes would cost more than `budget` units, nest deeper
    /// than `largestDepth`, or loop.
    func check(budget: Int, largestDepth: Int) throws(ImageDecodingFailure) {
        guard !nodes.isEmpty else { return }
        var nodes = self.nodes
        try Self.apply(rules, to: &nodes)
        var walk = Walk(nodes: nodes, budget: budget, largestDepth: largestDepth)
        try walk.draw(0, markers: [:], depth: 1)
    }

    /// Adds each rule's effects to the nodes it may match.
    private static func apply(_ rules: [SanitizedStylesheet.Rule], to nodes: inout [Node]) throws(ImageDecodingFailure)
    {
        let costly = rules.filter { !$0.effects.isEmpty }
        guard !costly.isEmpty else { return }
        var byID: [String: [Int]] = [:]
        var byClass: [String: [Int]] = [:]
        var byType: [String: [Int]] = [:]
        for (index, node) in nodes.enumerated() {
            if let id = node.id { byID[id, default: []].append(index) }
            for name in Set(node.classes) { byClass[name, default: []].append(index) }
            byType[node.element.rawValue.lowercased(), default: []].append(index)
        }
        let everything = Array(nodes.indices)
        var applied = 0
        for rule in costly {
            var matched = Set<Int>()
            for subject in rule.subjects ?? [SelectorSubject(type: nil, ids: [], classes: [])] {
                let candidates: [Int] =
                    if let id = subject.ids.first {
                        byID[id] ?? []
                    } else if let name = subject.classes.first {
                        byClass[name] ?? []
                    } else if let type = subject.type {
                        byType[type.lowercased()] ?? []
                    } else {
                        everything
                    }
                for index in candidates {
                    let node = nodes[index]
                    if let type = subject.type, type.lowercased() != node.element.rawValue.lowercased() { continue }
                    if subject.ids.contains(where: { $0 != node.id }) { continue }
                    if !subject.classes.allSatisfy(node.classes.contains) { continue }
                    matched.insert(index)
                }
            }
            applied += matched.count
            guard applied <= 1_000_000 else {
                throw ImageDecodingFailure("the SVG is too complex for a logo (its stylesheet rules match too often)")
            }
            for index in matched { nodes[index].effects.add(rule.effects) }
        }
    }

    private struct Walk {
        let nodes: [Node]
        let budget: Int
        let largestDepth: Int
        var byID: [String: Int] = [:]
        var units = 0
        /// The elements being drawn, from the root down, references followed.
        var drawing: Set<Int> = []

        init(nodes: [Node], budget: Int, largestDepth: Int) {
            self.nodes = nodes
            self.budget = budget
            self.largestDepth = largestDepth
            for (index, node) in nodes.enumerated() {
                if let id = node.id, byID[id] == nil { byID[id] = index }
            }
        }

        typealias Markers = [MarkerPosition: [String]]

        mutating func add(_ count: Int) throws(ImageDecodingFailure) {
            units += count
            guard units <= budget else {
                throw ImageDecodingFailure(
                    "the SVG would take too long to draw as a logo: with what its <use> elements, masks, clipping "
                        + "paths, markers and filters draw again, it comes to more than \(budget) elements' worth "
                        + "of drawing; simplify it, or save the logo as PNG")
            }
        }

        /// Draws `index` (and what it contains or refers to).
        mutating func draw(_ index: Int, markers inherited: Markers, depth: Int) throws(ImageDecodingFailure) {
            guard depth <= largestDepth else {
                throw ImageDecodingFailure(
                    "the SVG is too complex for a logo (more than \(largestDepth) levels deep, counting what its "
                        + "<use> elements draw)")
            }
            let node = nodes[index]
            drawing.insert(index)
            defer { drawing.remove(index) }
            try add(
                1 + node.pathNumberCount / SVGCost.numbersPerUnit + (node.effects.isolates ? SVGCost.isolationUnits : 0)
            )
            let markers = Self.markers(node, inheriting: inherited)
            for reference in node.effects.references {
                switch reference.role {
                case .clip: try expand(reference.target, as: [.clipPath], markers: [:], depth: depth + 1)
                case .mask: try expand(reference.target, as: [.mask], markers: [:], depth: depth + 1)
                case .filter: try applyFilter(reference.target)
                case .paint, .marker: break
                }
            }
            if node.element.takesMarkers, node.pathNumberCount > 0 {
                for (position, targets) in markers {
                    let count = position == .middle ? max(0, node.pathNumberCount - 2) : 1
                    // Only a marker that exists is counted, so each round adds to the count.
                    for target in targets where byID[target].map({ nodes[$0].element == .marker }) ?? false {
                        for _ in 0..<count { try expand(target, as: [.marker], markers: [:], depth: depth + 1) }
                    }
                }
            }
            switch node.element {
            case .use:
                if let target = node.reference { try expand(target, as: nil, markers: markers, depth: depth + 1) }
            case .svg, .g, .a, .switch:
                for child in node.children where nodes[child].element.isRendered {
                    try draw(child, markers: markers, depth: depth + 1)
                }
            default:
                break
            }
        }

        /// Draws what a reference names, when it is of one of `kinds` (nil: anything a
        /// `<use>` draws): a symbol, mask, clipping path or marker draws its children.
        private mutating func expand(
            _ id: String, as kinds: Set<LogoElement>?, markers: Markers, depth: Int
        ) throws(ImageDecodingFailure) {
            guard let index = byID[id] else { return }
            let element = nodes[index].element
            if let kinds {
                guard kinds.contains(element) else { return }
            } else {
                guard element.isRendered || element == .symbol else { return }
            }
            guard !drawing.contains(index) else {
                throw ImageDecodingFailure(
                    "the SVG refers to itself in a loop (through the element with id \"\(id)\"), "
                        + "so it cannot be drawn")
            }
            guard element.isRendered else {
                drawing.insert(index)
                defer { drawing.remove(index) }
                try add(1)
                let inherited = kinds == nil ? markers : documentMarkers(of: index)
                for child in nodes[index].children where nodes[child].element.isRendered {
                    try draw(child, markers: inherited, depth: depth + 1)
                }
                return
            }
            try draw(index, markers: markers, depth: depth)
        }

        private mutating func applyFilter(_ id: String) throws(ImageDecodingFailure) {
            guard let index = byID[id], nodes[index].element == .filter else { return }
            let work = nodes[index].children.reduce(0) { $0 + nodes[$1].filterWork }
            try add(work * SVGCost.filterPrimitiveUnits)
        }

        /// The markers an element inherits from where it stands in the document.
        private func documentMarkers(of index: Int) -> Markers {
            var chain: [Int] = []
            var parent = nodes[index].parent
            while let next = parent {
                chain.append(next)
                parent = nodes[next].parent
            }
            return chain.reversed().reduce(into: Markers()) { markers, ancestor in
                markers = Self.markers(nodes[ancestor], inheriting: markers)
            }
        }

        /// An element's markers: its own for each position it sets, else its parent's.
        private static func markers(_ node: Node, inheriting inherited: Markers) -> Markers {
            var own: Markers = [:]
            for reference in node.effects.references {
                if case .marker(let position) = reference.role { own[position, default: []].append(reference.target) }
            }
            return own.isEmpty ? inherited : inherited.merging(own) { _, new in new }
        }
    }
}
