import InvoiPDFFile

/// The signature widget's place in a tagged PDF's structure tree, written in the signature's
/// incremental update: a tagged file that claims PDF/UA (or PDF/A-3a) keeps its claim only
/// when every annotation is in the tree, a widget inside a `Form` element (ISO 14289-1, 7.18.4).
///
/// The update adds a `Form` element whose kid is an object reference to the widget, as the
/// last kid of the document element (the structure root's only kid; else of the root itself),
/// and a parent-tree entry from the widget's /StructParent to the element, under a key after
/// every key the tree holds (/ParentTreeNextKey moves past it).
struct SignatureStructure {
    /// The changed and new objects, in the order they are written.
    var objects: [(number: Int, body: [UInt8])] = []
    /// The widget's /StructParent.
    var structParent = 0
    /// The first object number the structure left unused.
    var nextNumber: Int
    /// The structure root when the catalog holds it directly rather than by reference.
    var inlineRoot: PDFDictionary?

    /// The update for a widget `widget` on `page`, its new objects numbered from
    /// `firstNumber`; nil when the file has no structure tree (it is not tagged).
    init?(
        revision: PDFRevision, catalog: PDFDictionary, widget: Int, page: Int, firstNumber: Int
    ) throws(SigningError) {
        guard let rootValue = catalog["/StructTreeRoot"] else { return nil }
        guard var root = try revision.resolved(rootValue)?.dictionary else {
            throw .unsignablePDF("the structure tree root is no dictionary")
        }
        nextNumber = firstNumber
        var unused = firstNumber
        func take() -> Int {
            defer { unused += 1 }
            return unused
        }
        let formNumber = take()
        let form = PDFValue.reference(number: formNumber, generation: 0)

        // The parent: the document element when the root has only it, else the root.
        var parent: (number: Int, dictionary: PDFDictionary)?
        let rootKids = try Self.kids(of: root, revision: revision)
        if rootKids.count == 1, let only = rootKids.first?.reference,
            let element = try revision.object(only.number).dictionary, element["/S"] != nil
        {
            parent = (only.number, element)
        }
        let parentReference: PDFValue
        if var element = parent {
            element.dictionary["/K"] = .array(try Self.kids(of: element.dictionary, revision: revision) + [form])
            objects.append((element.number, element.dictionary.bytes))
            parentReference = .reference(number: element.number, generation: 0)
        } else {
            guard let rootNumber = rootValue.reference?.number else {
                throw .unsignablePDF("the structure tree root holds several elements and is no indirect object")
            }
            root["/K"] = .array(rootKids + [form])
            parentReference = .reference(number: rootNumber, generation: 0)
        }

        // The parent tree: a key after every key it holds, mapped to the Form element.
        var key = 0
        if let treeValue = root["/ParentTree"] {
            guard var tree = try revision.resolved(treeValue)?.dictionary else {
                throw .unsignablePDF("the structure tree's /ParentTree is no dictionary")
            }
            key = max(root["/ParentTreeNextKey"]?.integer ?? 0, try Self.largestKey(in: tree, revision: revision) + 1)
            let keyToken = PDFValue.token(Array(String(key).utf8))
            if case .array(let kids)? = try revision.resolved(tree["/Kids"]) {
                // Keys grow from kid to kid: a last leaf for the new key keeps them in order.
                let leafNumber = take()
                tree["/Kids"] = .array(kids + [.reference(number: leafNumber, generation: 0)])
                objects.append(
                    (
                        leafNumber,
                        PDFDictionary(entries: [
                            ("/Limits", .array([keyToken, keyToken])), ("/Nums", .array([keyToken, form])),
                        ]).bytes
                    ))
            } else {
                var numbers: [PDFValue] = []
                if let existing = try revision.resolved(tree["/Nums"]) {
                    guard case .array(let items) = existing else {
                        throw .unsignablePDF("the parent tree's /Nums is no array")
                    }
                    numbers = items
                }
                tree["/Nums"] = .array(numbers + [keyToken, form])
            }
            if let treeNumber = treeValue.reference?.number {
                objects.append((treeNumber, tree.bytes))
            } else {
                root["/ParentTree"] = .dictionary(tree)
            }
        } else {
            root["/ParentTree"] = .dictionary(
                PDFDictionary(entries: [("/Nums", .array([.token(Array("0".utf8)), form]))]))
        }
        root["/ParentTreeNextKey"] = .token(Array(String(key + 1).utf8))
        structParent = key
        if let rootNumber = rootValue.reference?.number {
            objects.append((rootNumber, root.bytes))
        } else {
            inlineRoot = root
        }

        let pageReference = PDFValue.reference(number: page, generation: 0)
        var element = PDFDictionary(entries: [
            ("/Type", .token(Array("/StructElem".utf8))), ("/S", .token(Array("/Form".utf8))),
            ("/P", parentReference), ("/Pg", pageReference),
            (
                "/K",
                .dictionary(
                    PDFDictionary(entries: [
                        ("/Type", .token(Array("/OBJR".utf8))), ("/Obj", .reference(number: widget, generation: 0)),
                        ("/Pg", pageReference),
                    ]))
            ),
        ])
        // The widget's description (/TU) is English; a document in another language says so.
        if case .string(let language)? = try revision.resolved(catalog["/Lang"]),
            !String(decoding: language, as: UTF8.self).lowercased().hasPrefix("(en")
        {
            element["/Lang"] = .string(Array("(en)".utf8))
        }
        objects.append((formNumber, element.bytes))
        nextNumber = unused
    }

    /// An element's (or the root's) kids as an array: none, one, or those of its /K array
    /// (written in place or as an object of its own).
    private static func kids(of element: PDFDictionary, revision: PDFRevision) throws(SigningError) -> [PDFValue] {
        guard let value = element["/K"] else { return [] }
        if case .reference(let number, _) = value, case .array(let items) = try revision.object(number) {
            return items
        }
        if case .array(let items) = value { return items }
        return [value]
    }

    /// The largest key of a number tree's node and its descendants; -1 when it holds none.
    private static func largestKey(
        in node: PDFDictionary, revision: PDFRevision, depth: Int = 0
    ) throws(SigningError) -> Int {
        guard depth < 32 else { throw .unsignablePDF("the parent tree is nested too deeply") }
        var largest = -1
        if case .array(let numbers)? = try revision.resolved(node["/Nums"]) {
            for index in stride(from: 0, to: numbers.count, by: 2) {
                largest = max(largest, numbers[index].integer ?? -1)
            }
        }
        if case .array(let kids)? = try revision.resolved(node["/Kids"]) {
            for kid in kids {
                guard let child = try revision.resolved(kid)?.dictionary else {
                    throw .unsignablePDF("a parent tree node is no dictionary")
                }
                // A kid's /Limits gives its largest key without reading its own kids.
                if case .array(let limits)? = try revision.resolved(child["/Limits"]), limits.count == 2,
                    let high = limits[1].integer
                {
                    largest = max(largest, high)
                } else {
                    largest = max(largest, try largestKey(in: child, revision: revision, depth: depth + 1))
                }
            }
        }
        return largest
    }
}
