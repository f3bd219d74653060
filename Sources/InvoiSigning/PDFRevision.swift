import InvoiPDFFile

/// The last revision of a finished PDF as its cross-reference sections describe it (classic
/// tables or streams, incremental updates after them), with what is wrong with it as a
/// `SigningError`.
struct PDFRevision {
    let bytes: [UInt8]
    let crossReference: PDFCrossReference

    init(_ bytes: [UInt8]) throws(SigningError) {
        self.bytes = bytes
        do {
            crossReference = try PDFCrossReference(bytes)
        } catch {
            throw .unsignablePDF(error.message)
        }
    }

    /// The newest trailer (or cross-reference stream dictionary).
    var trailer: PDFDictionary { crossReference.trailer }

    /// Where the last cross-reference section starts (the new one's /Prev).
    var lastCrossReference: Int { crossReference.lastSection }

    /// Object `number`'s value (its dictionary, array, …), as last written.
    func object(_ number: Int) throws(SigningError) -> PDFValue {
        do {
            return try crossReference.object(number)
        } catch {
            throw .unsignablePDF(error.message)
        }
    }

    /// `value`, or the object it refers to; nil for nil.
    func resolved(_ value: PDFValue?) throws(SigningError) -> PDFValue? {
        guard let reference = value?.reference else { return value }
        return try object(reference.number)
    }

    /// The catalog's number and dictionary.
    func catalog() throws(SigningError) -> (number: Int, dictionary: PDFDictionary) {
        guard let root = trailer["/Root"]?.reference, let catalog = try object(root.number).dictionary else {
            throw .unsignablePDF("the trailer names no catalog")
        }
        return (root.number, catalog)
    }

    /// The first page's number and dictionary, down the page tree's first kids.
    func firstPage(of catalog: PDFDictionary) throws(SigningError) -> (number: Int, dictionary: PDFDictionary) {
        var node = catalog["/Pages"]
        for _ in 0..<32 {
            guard let reference = node?.reference, let dictionary = try object(reference.number).dictionary else {
                break
            }
            if dictionary["/Type"]?.isName("/Page") == true { return (reference.number, dictionary) }
            guard
                case .array(let kids) = try resolved(dictionary["/Kids"])
            else { break }
            node = kids.first
        }
        throw .unsignablePDF("no first page in the page tree")
    }

    /// The PDF version of the file's header (`%PDF-1.5` → (1, 5)).
    var headerVersion: (major: Int, minor: Int)? {
        let header = String(decoding: bytes.prefix(8), as: UTF8.self)
        guard header.hasPrefix("%PDF-"), let major = header.dropFirst(5).first?.wholeNumberValue,
            let minor = header.dropFirst(7).first?.wholeNumberValue
        else { return nil }
        return (major, minor)
    }
}
