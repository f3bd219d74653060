import Foundation
import InvoiCharacters

/// Reads one invoice from JSON: every field optional with the app's
/// defaults, every problem of the file reported together with its JSON path.
public struct InvoiceDecoder: Sendable {
    /// The most line items one invoice may have.
    public static let maximumLineItems = 1_000_000

    /// The issue date of an invoice that gives none.
    public let today: CalendarDate

    /// Whether each input is one line of a JSON Lines stream (hints then speak of lines, not files).
    public var readsJSONLines: Bool

    public init(today: CalendarDate, readsJSONLines: Bool = false) {
        self.today = today
        self.readsJSONLines = readsJSONLines
    }

    /// Decodes and validates one invoice. Throws `InvoiceDecodingError` — all of the file's
    /// errors together, with its warnings — when the invoice cannot be used; otherwise
    /// returns it with its warnings (unknown fields, removed control characters, …).
    ///
    /// `file` names the input in messages. A relative `logo` path is resolved against
    /// `baseDirectory` when given, else against the directory of `file` — or the current
    /// directory when `file` is no path (`-`, `<stdin>`, `<sample>`, a JSON Lines `name:LINE`).
    public func decode(
        _ data: Data, file: String,
        baseDirectory: String? = nil
    ) throws(InvoiceDecodingError) -> (invoice: Invoice, warnings: [Diagnostic]) {
        var context = DecodingContext(file: file, baseDirectory: baseDirectory)
        let lineItems = LineItemsReader(
            decoder: self, path: "lineItems", context: DecodingContext(file: file, baseDirectory: baseDirectory))
        let streamed = JSONParser.StreamedArray(key: "lineItems") { lineItems.read($0) }
        let parsed = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<JSONNode, ParseProblem> in
            switch TextEncoding.utf8Text(in: raw.assumingMemoryBound(to: UInt8.self)) {
            case .failure(let problem):
                return .failure(ParseProblem(message: problem.message, position: problem.position))
            case .success(let text):
                do throws(JSONParser.SyntaxError) {
                    let (root, keyPosition) = try JSONParser.parse(text, streaming: streamed)
                    lineItems.keyPosition = keyPosition
                    return .success(root)
                } catch {
                    return .failure(ParseProblem(message: error.message, position: error.position))
                }
            }
        }
        let root: JSONNode
        switch parsed {
        case .success(let node): root = node
        case .failure(let problem):
            context.error("", problem.message, at: problem.position)
            throw InvoiceDecodingError(diagnostics: context.diagnostics)
        }
        let invoice = readInvoice(root, streamedItems: lineItems, context: &context)
        if context.hasErrors {
            let errorPaths = context.diagnostics.filter { $0.severity == .error }.map(\.path)
            // An error about the whole file leaves nothing to check further.
            let partial =
                if case .object = root.value, !errorPaths.contains("") {
                    PartialInvoice(invoice: invoice, undecodedFields: Set(errorPaths.map(PartialInvoice.field(of:))))
                } else {
                    PartialInvoice?.none
                }
            throw InvoiceDecodingError(diagnostics: context.diagnostics, partial: partial)
        }
        return (invoice, context.warnings)
    }

    /// Why the input is no JSON text: its encoding or its syntax.
    private struct ParseProblem: Error {
        var message: String
        var position: SourcePosition?
    }

    /// `streamedItems` holds the line items the parser handed on, if it did.
    private func readInvoice(
        _ root: JSONNode, streamedItems: LineItemsReader, context: inout DecodingContext
    ) -> Invoice {
        var invoice = Invoice.firstLaunch(today: today)
        guard case .object(let members) = root.value else {
            let hint =
                if case .array = root.value {
                    readsJSONLines
                        ? "; a line holds one invoice: put each invoice of the array on a line of its own"
                        : "; a file holds one invoice (for one invoice per line, use a .jsonl file with render --jsonl)"
                } else { "" }
            context.error(
                "", "expected a JSON object with the invoice's fields, got \(DecodingContext.describe(root))\(hint)")
            return invoice
        }
        var moneyIsReadable = true
        // An unreadable issue date leaves today's in its place: no due date is compared with that.
        var issueDateIsReadable = true
        var periods = ServicePeriodFields()
        for member in Self.uniqueMembers(members, path: { $0 }, context: &context) {
            let key = member.key
            let node = member.value
            if case .null = node.value { continue }  // null means "not given": the default stays
            switch key {
            case "fromName": context.text(node, path: key).map { invoice.fromName = $0 }
            case "fromEmail": context.identifier(node, path: key).map { invoice.fromEmail = $0 }
            case "fromPhone": context.identifier(node, path: key).map { invoice.fromPhone = $0 }
            case "fromAddress": context.text(node, path: key).map { invoice.fromAddress = $0 }
            case "toName": context.text(node, path: key).map { invoice.toName = $0 }
            case "toEmail": context.identifier(node, path: key).map { invoice.toEmail = $0 }
            case "toAddress": context.text(node, path: key).map { invoice.toAddress = $0 }
            case "invoiceNumber": context.identifier(node, path: key).map { invoice.invoiceNumber = $0 }
            case "bankBeneficiary": context.text(node, path: key).map { invoice.bankBeneficiary = $0 }
            case "bankName": context.text(node, path: key).map { invoice.bankName = $0 }
            case "bankAccount":
                context.bankIdentifier(node, path: key, latinOnly: false).map { invoice.bankAccount = $0 }
            case "bankSwift": context.bankIdentifier(node, path: key, latinOnly: true).map { invoice.bankSwift = $0 }
            case "issueDate":
                switch context.date(node, path: key) {
                case .date(let date)?: invoice.issueDate = date
                case .empty?: break
                case nil: issueDateIsReadable = false
                }
            case "dueDate":
                switch context.date(node, path: key) {
                case .date(let date)?: invoice.dueDate = date
                case .empty?: invoice.dueDate = nil
                case nil: break
                }
            case "currency":
                if let currency = readCurrency(node, path: key, context: &context) {
                    invoice.currency = currency
                } else {
                    moneyIsReadable = false
                }
            case "vatRate":
                if let rate = readVATRate(node, path: key, context: &context) {
                    invoice.vatRate = rate
                } else {
                    moneyIsReadable = false
                }
            case "lineItems":
                let read =
                    if member.keyPosition == streamedItems.keyPosition {
                        streamedItems.finish(into: &context)
                    } else {
                        readLineItems(node, path: key, context: &context)
                    }
                if let items = read {
                    invoice.lineItems = items
                } else {
                    moneyIsReadable = false
                }
            case "locale":
                if let locale = readLocale(node, path: key, context: &context) { invoice.locale = locale }
            case "language":
                if let language = readLanguage(node, path: key, context: &context) { invoice.language = language }
            case "direction":
                if let direction: DocumentDirection = readChoice(
                    node, path: key, naming: "direction", context: &context)
                {
                    invoice.direction = direction
                }
            case "digits":
                if let digits: Digits = readChoice(node, path: key, naming: "digits", context: &context) {
                    invoice.digits = digits
                }
            case "labels":
                invoice.labels = readLabels(node, path: key, context: &context)
            case "allocationNumber": context.identifier(node, path: key).map { invoice.allocationNumber = $0 }
            case "documentType":
                if let type: DocumentType = readChoice(node, path: key, naming: "document type", context: &context) {
                    invoice.documentType = type
                }
            case "notes": context.text(node, path: key).map { invoice.notes = $0 }
            case "fromTaxId": context.identifier(node, path: key).map { invoice.fromTaxId = $0 }
            case "toTaxId": context.identifier(node, path: key).map { invoice.toTaxId = $0 }
            case "discount":
                if let discount = readDiscount(node, path: key, context: &context) {
                    invoice.discount = discount
                } else {
                    moneyIsReadable = false
                }
            case "amountPaid":
                if let paid = readAmountPaid(node, path: key, context: &context) {
                    invoice.amountPaid = paid
                } else {
                    moneyIsReadable = false
                }
            case "status":
                if let status: InvoiceStatus = readChoice(node, path: key, naming: "status", context: &context) {
                    invoice.status = status
                }
            case "logo":
                if let logo = readLogo(node, path: key, context: &context) { invoice.logo = logo }
            case "logoAlt": context.text(node, path: key).map { invoice.logoAlt = $0 }
            case "accentColor":
                if let color = readAccentColor(node, path: key, context: &context) { invoice.accentColor = color }
            case "copyMark":
                if let mark: CopyMark = readChoice(node, path: key, naming: "copy mark", context: &context) {
                    invoice.copyMark = mark
                }
            case "customFields":
                if let fields = readCustomFields(node, path: key, context: &context) { invoice.customFields = fields }
            case "design":
                if let design: DesignName = readChoice(node, path: key, naming: "design", context: &context) {
                    invoice.design = design
                }
            case "theme":
                if let theme = readThemeReference(node, path: key, context: &context) { invoice.theme = theme }
            case InvoiceFieldTable.schemaKey:
                // The schema an editor checks the file against: for the editor, not for invoi.
                break
            default:
                if !readEInvoiceField(key, node, into: &invoice, periods: &periods, context: &context),
                    !readPaymentField(key, node, into: &invoice, context: &context)
                {
                    Self.warnUnknown(key, in: "", candidates: InvoiceKeys.allInvoice, context: &context)
                }
            }
        }
        checkEInvoiceFields(of: &invoice, periods: periods, context: &context)
        if moneyIsReadable { suggestDocumentType(for: invoice, context: &context) }
        if issueDateIsReadable, let due = invoice.dueDate, due < invoice.issueDate {
            context.warning("dueDate", "the due date \(due.iso) is before the issue date \(invoice.issueDate.iso)")
        }
        if moneyIsReadable { checkTotals(of: invoice, context: &context) }
        return invoice
    }

    // MARK: - Fields

    private func readCurrency(_ node: JSONNode, path: String, context: inout DecodingContext) -> Currency? {
        readCode(
            node, path: path, naming: "currency", context: &context, code: \.code,
            otherwise: "run `invoi currencies` to list the \(Currency.all.count) supported codes",
            Currency.init(code:))
    }

    /// A code spelled exactly (`EUR`, `DE`, `HUR`); one that is right but for its case gets
    /// "did you mean", anything else `otherwise`'s advice.
    func readCode<Value>(
        _ node: JSONNode, path: String, naming what: String, context: inout DecodingContext,
        code: (Value) -> String, otherwise advice: String, _ value: (String) -> Value?
    ) -> Value? {
        guard let text = context.text(node, path: path) else { return nil }
        if let found = value(text) { return found }
        if let intended = value(text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()) {
            context.error(
                path,
                "unknown \(what) \(DiagnosticText.quoted(text)) — did you mean \"\(code(intended))\"? (codes are upper case)"
            )
        } else {
            context.error(path, "unknown \(what) \(DiagnosticText.quoted(text)); \(advice)")
        }
        return nil
    }

    func readVATRate(_ node: JSONNode, path: String, context: inout DecodingContext) -> Decimal? {
        let rangeMessage = "vatRate is a percentage from 0 to 100, got \(DecodingContext.describe(node))"
        if case .number(let text) = node.value, ExactNumber.decimal(from: text) == .failure(.beyondLimit) {
            context.error(path, rangeMessage)
            return nil
        }
        guard let rate = context.number(node, path: path) else { return nil }
        guard rate >= 0, rate <= 100 else {
            context.error(path, rangeMessage)
            return nil
        }
        return rate
    }

    private func readLocale(_ node: JSONNode, path: String, context: inout DecodingContext) -> String? {
        guard let identifier = context.text(node, path: path), !identifier.isEmpty else { return nil }
        if let problem = LocaleIdentifier.problem(with: identifier) {
            context.error(path, problem)
            return nil
        }
        return identifier
    }

    private func readLineItems(_ node: JSONNode, path: String, context: inout DecodingContext) -> [LineItem]? {
        guard case .array(let elements) = node.value else {
            context.error(path, "expected an array of line items, got \(DecodingContext.describe(node))")
            return nil
        }
        let reader = LineItemsReader(decoder: self, path: path, context: context)
        for element in elements { reader.read(element) }
        return reader.finish(into: &context)
    }

    /// Reads line items one at a time, as the parser hands them on, into diagnostics of
    /// their own that join the file's where the `lineItems` member is (their source order).
    final class LineItemsReader {
        let decoder: InvoiceDecoder
        let path: String
        private(set) var context: DecodingContext
        /// Where the streamed member's key is; nil when the items were not streamed.
        var keyPosition: SourcePosition?
        private var items: [LineItem] = []
        private var count = 0
        private var allRead = true
        /// The ids the JSON gives (other than an item's own `item-N`), by hash, each at its first
        /// item: its index in the file (high 32 bits) and in `items` (low 32 bits), whose id tells
        /// a match from another id of the same hash. Generated ids differ from each other, so they
        /// are not kept; 200,000 given ids kept as strings were 19.7 MB.
        private var givenIDs: [Int: Int] = [:]
        /// Given ids whose hash an earlier, different id has, at their first item.
        private var collidingIDs: [String: Int] = [:]
        /// The key `givenIDs` files an id under (tests make every id collide).
        var idKey: (String) -> Int = { $0.hashValue }
        /// Whether each item read so far has its generated id; a given `item-N` is looked up here.
        private var hasGeneratedID: [Bool] = []
        private var details = LineItem.DetailsPool()

        init(decoder: InvoiceDecoder, path: String, context: DecodingContext) {
            self.decoder = decoder
            self.path = path
            self.context = context
        }

        func read(_ element: JSONNode) {
            defer { count += 1 }
            // Past the limit the elements are only counted, for the message.
            guard count < InvoiceDecoder.maximumLineItems else { return }
            let index = count
            let itemPath = "\(path)[\(index)]"
            guard var item = decoder.readLineItem(element, number: index + 1, path: itemPath, context: &context) else {
                allRead = false
                hasGeneratedID.append(false)
                return
            }
            let generated = item.id == LineItem.generatedID(number: index + 1)
            if let first = firstIndex(of: item.id, before: index) {
                context.warning(
                    itemPath + ".id", "\(DiagnosticText.quoted(item.id)) is also the id of \(path)[\(first)]")
            } else if !generated {
                let key = idKey(item.id)
                if givenIDs[key] == nil {
                    givenIDs[key] = index << 32 | items.count
                } else {
                    collidingIDs[item.id] = index
                }
            }
            hasGeneratedID.append(generated)
            details.share(&item)
            items.append(item)
        }

        /// The first earlier item with `id`: one that was given it, or the one it was generated for.
        private func firstIndex(of id: String, before index: Int) -> Int? {
            let given = givenIndex(of: id)
            guard let number = LineItem.generatedNumber(in: id), number <= index,
                hasGeneratedID.indices.contains(number - 1), hasGeneratedID[number - 1]
            else { return given }
            return min(given ?? .max, number - 1)
        }

        private func givenIndex(of id: String) -> Int? {
            guard let first = givenIDs[idKey(id)] else { return nil }
            if items[first & 0xFFFF_FFFF].id == id { return first >> 32 }
            return collidingIDs[id]
        }

        /// The items, or nil when one of them or their number is an error; the diagnostics
        /// go to `fileContext` (which this reader's own context may already be).
        func finish(into fileContext: inout DecodingContext) -> [LineItem]? {
            if count > InvoiceDecoder.maximumLineItems {
                context.error(
                    path,
                    "\(count) line items are more than the \(InvoiceDecoder.maximumLineItems) invoi renders in one invoice; split it"
                )
                allRead = false
            }
            if keyPosition != nil { fileContext.append(context) } else { fileContext = context }
            return allRead ? items : nil
        }
    }

    fileprivate func readLineItem(
        _ node: JSONNode, number: Int, path: String, context: inout DecodingContext
    ) -> LineItem? {
        guard case .object(let members) = node.value else {
            context.error(
                path,
                "expected a line item object {\"description\", \"quantity\", \"rate\"}, got \(DecodingContext.describe(node))"
            )
            return nil
        }
        var item = LineItem.empty(number: number)
        var valid = true
        for (key, node, fieldPath) in Self.givenMembers(members, in: path, context: &context) {
            switch key {
            case "id":
                if let id = context.text(node, path: fieldPath) {
                    if !id.isEmpty { item.id = id }
                } else {
                    valid = false
                }
            case "description":
                if let text = context.text(node, path: fieldPath) { item.description = text } else { valid = false }
            case "quantity":
                if let quantity = context.number(node, path: fieldPath) {
                    item.quantity = quantity
                } else {
                    valid = false
                }
            case "rate":
                if let rate = context.number(node, path: fieldPath) { item.rate = rate } else { valid = false }
            case "vatRate":
                if let rate = readVATRate(node, path: fieldPath, context: &context) {
                    item.vatRate = rate
                } else {
                    valid = false
                }
            case "vatCategory":
                if let category = readVATCategory(node, path: fieldPath, context: &context) {
                    item.vatCategory = category
                } else {
                    valid = false
                }
            case "unit":
                if let unit = readUnit(node, path: fieldPath, context: &context) {
                    item.unit = unit
                } else {
                    valid = false
                }
            case "date", "itemId", "discount":
                if !readLineField(key, node, path: fieldPath, into: &item, context: &context) { valid = false }
            default:
                if InvoiceKeys.computedLineItemFields.contains(key) {
                    context.warning(
                        path, "field \"\(key)\" is ignored: invoi computes each amount as quantity × rate")
                } else {
                    Self.warnUnknown(key, in: path, candidates: InvoiceKeys.lineItem, context: &context)
                }
            }
        }
        guard valid else { return nil }
        if !Money.isWithinLimit(item.exactAmount) {
            context.error(
                path,
                "the amount \(item.quantity) × \(item.rate) = \(item.exactAmount) is beyond the limit of ±1000000000000 (10^12); split the line"
            )
            return nil
        }
        guard checkLineDiscount(of: item, path: path, context: &context) else { return nil }
        return item
    }

    // MARK: - Checks across fields

    /// Israel's bookkeeping rules know no bare "invoice": a Hebrew one that charges VAT is a
    /// tax invoice, and printed as a plain invoice it would be titled a payment request.
    private func suggestDocumentType(for invoice: Invoice, context: inout DecodingContext) {
        guard invoice.documentType == .invoice, invoice.printedLanguage.code == "he",
            invoice.lineItems.contains(where: { invoice.vatRate(of: $0) != 0 })
        else { return }
        context.warning(
            "documentType",
            "a Hebrew invoice that charges VAT is a tax invoice (חשבונית מס): set \"documentType\" to \"taxInvoice\", or \"taxInvoiceReceipt\" once it is paid; as \"invoice\" it is titled חשבון עסקה, a request for payment"
        )
    }

    private func checkTotals(of invoice: Invoice, context: inout DecodingContext) {
        let totals = invoice.totals
        if !totals.subtotal.isWithinLimit {
            context.error(
                "lineItems",
                "the subtotal \(totals.subtotal.amount) is beyond the limit of ±1000000000000 (10^12); split the invoice"
            )
            return
        }
        if let discount = invoice.discount, discount.kind == .fixed, discount.value > 0,
            discount.value > totals.subtotal.amount
        {
            let subtotal = AmountFormatter(invoice: invoice).string(for: totals.subtotal)
            context.error(
                "discount.value",
                "the fixed discount \(discount.value) is more than the subtotal \(subtotal); a fixed discount is from 0 to the subtotal"
            )
            return
        }
        if !totals.total.isWithinLimit {
            let parts = invoice.discount == nil ? "subtotal plus VAT" : "subtotal minus discount plus VAT"
            context.error(
                "",
                "the total \(totals.total.amount) (\(parts)) is beyond the limit of ±1000000000000 (10^12); split the invoice"
            )
        } else if let balance = totals.balanceDue, let paid = totals.paid {
            if !balance.isWithinLimit {
                context.error(
                    "amountPaid",
                    "the balance due \(balance.amount) (total minus amountPaid) is beyond the limit of ±1000000000000 (10^12)"
                )
            } else if paid.amount > 0, balance.amount < 0 {
                let formatter = AmountFormatter(invoice: invoice)
                context.warning(
                    "amountPaid",
                    "\(formatter.string(for: paid)) paid is more than the total \(formatter.string(for: totals.total)): the balance due is negative"
                )
            }
        }
    }

    /// The members of the object at `path` that are given (each key once, nulls left out:
    /// null means "not given"), with each one's JSON path.
    static func givenMembers(
        _ members: [JSONNode.Member], in path: String, context: inout DecodingContext
    ) -> [(key: String, node: JSONNode, path: String)] {
        uniqueMembers(members, path: { "\(path).\($0)" }, context: &context).compactMap { member in
            if case .null = member.value.value { return nil }
            return (member.key, member.value, "\(path).\(DiagnosticText.excerpt(member.key))")
        }
    }

    /// The members with each key's first occurrence; a repeated key is an error (which
    /// value was meant is unknowable, and for money that matters).
    static func uniqueMembers(
        _ members: [JSONNode.Member], path: (String) -> String,
        context: inout DecodingContext
    ) -> [JSONNode.Member] {
        var firstPosition: [String: SourcePosition] = [:]
        var unique: [JSONNode.Member] = []
        for member in members {
            if let first = firstPosition[member.key] {
                context.error(
                    path(DiagnosticText.excerpt(member.key)),
                    "the field is given twice (first at line \(first.line), column \(first.column), again at line \(member.keyPosition.line), column \(member.keyPosition.column)); keep one"
                )
            } else {
                firstPosition[member.key] = member.keyPosition
                unique.append(member)
            }
        }
        return unique
    }

    static func warnUnknown(_ key: String, in path: String, candidates: [String], context: inout DecodingContext) {
        context.warning(path, unknownFieldMessage(key, candidates: candidates))
    }

    private static func unknownFieldMessage(_ key: String, candidates: [String]) -> String {
        let message = "unknown field \(DiagnosticText.quoted(key))"
        if let suggestion = KeySuggestion.closest(to: key, among: candidates) {
            return message + " — did you mean \"\(suggestion)\"?"
        }
        return message + " is ignored"
    }
}
