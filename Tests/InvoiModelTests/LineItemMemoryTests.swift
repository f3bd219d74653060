import Testing

@testable import InvoiModel

/// What a long invoice's lines keep: one box of details for lines that share them, and given
/// ids filed by hash, with the id itself telling two ids of one hash apart.
struct LineItemMemoryTests {
    private func reader(collidingEveryID: Bool) -> InvoiceDecoder.LineItemsReader {
        let decoder = InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 1)!)
        let reader = InvoiceDecoder.LineItemsReader(
            decoder: decoder, path: "lineItems", context: DecodingContext(file: "bills/acme.json"))
        if collidingEveryID { reader.idKey = { _ in 7 } }
        return reader
    }

    private func read(_ json: String, collidingEveryID: Bool) throws -> (items: [LineItem]?, warnings: [String]) {
        let reader = reader(collidingEveryID: collidingEveryID)
        let (root, _) = try JSONParser.parse(Array(json.utf8))
        guard case .array(let elements) = root.value else { throw Unexpected() }
        for element in elements { reader.read(element) }
        var context = DecodingContext(file: "bills/acme.json")
        let items = reader.finish(into: &context)
        return (items, context.diagnostics.map(\.description))
    }

    private struct Unexpected: Error {}

    @Test(arguments: [false, true])
    func repeatedIDsAreFoundWhateverTheirHash(collidingEveryID: Bool) throws {
        // The third element is no item (an error), so places in the file and among the items differ.
        let json = #"[{"id": "a"}, {"id": "b"}, 5, {"id": "c"}, {"id": "b"}, {"id": "c"}, {"id": "a"}, {"id": "d"}]"#
        let (items, messages) = try read(json, collidingEveryID: collidingEveryID)
        #expect(items == nil)
        #expect(
            messages.filter { $0.contains("is also the id") } == [
                #"invoi: warning: bills/acme.json: lineItems[4].id: "b" is also the id of lineItems[1]"#,
                #"invoi: warning: bills/acme.json: lineItems[5].id: "c" is also the id of lineItems[3]"#,
                #"invoi: warning: bills/acme.json: lineItems[6].id: "a" is also the id of lineItems[0]"#,
            ])
    }

    @Test func linesWithTheSameDetailsShareOneBox() throws {
        let json = """
            [{"rate": 1, "unit": "HUR", "vatRate": 19}, {"rate": 2, "unit": "HUR", "vatRate": 19},
             {"rate": 3, "unit": "DAY", "vatRate": 19}, {"rate": 4, "unit": "DAY", "vatRate": 19}, {"rate": 5}]
            """
        let items = try #require(try read(json, collidingEveryID: false).items)
        #expect(items.count == 5)
        #expect(items[1].sharesDetails(with: items[0]))
        #expect(!items[2].sharesDetails(with: items[1]))
        #expect(items[3].sharesDetails(with: items[2]))
        #expect(items.map(\.unit.code) == ["HUR", "HUR", "DAY", "DAY", "C62"])
    }

    @Test func linesShareABoxWhateverLiesBetweenThem() throws {
        let json = """
            [{"unit": "HUR"}, {"unit": "DAY"}, {"unit": "HUR", "vatRate": 7}, {"unit": "DAY"}, {"unit": "HUR"}]
            """
        let items = try #require(try read(json, collidingEveryID: false).items)
        #expect(items[3].sharesDetails(with: items[1]))
        #expect(items[4].sharesDetails(with: items[0]))
        #expect(!items[2].sharesDetails(with: items[0]))
        #expect(items.map(\.vatRate) == [nil, nil, 7, nil, nil])
    }

    @Test func aFullPoolStillSharesTheBoxesItKept() {
        var pool = LineItem.DetailsPool()
        func line(_ itemId: String) -> LineItem {
            var item = LineItem(id: "x")
            item.itemId = itemId
            return item
        }
        var first = line("SKU-0")
        pool.share(&first)
        for number in 1...LineItem.DetailsPool.capacity + 10 {
            var item = line("SKU-\(number)")
            pool.share(&item)
        }
        var again = line("SKU-0")
        pool.share(&again)
        #expect(again.sharesDetails(with: first))
        var past = line("SKU-\(LineItem.DetailsPool.capacity + 5)")
        var pastAgain = past
        pastAgain.itemId = past.itemId
        pool.share(&past)
        pool.share(&pastAgain)
        #expect(!past.sharesDetails(with: pastAgain))
        #expect(past.itemId == pastAgain.itemId)
    }

    @Test func aSharedBoxIsCopiedOnChange() {
        var first = LineItem(id: "a")
        first.unit = UnitCode(code: "HUR")!
        var second = LineItem(id: "b")
        second.unit = UnitCode(code: "HUR")!
        var pool = LineItem.DetailsPool()
        pool.share(&first)
        pool.share(&second)
        #expect(second.sharesDetails(with: first))
        second.vatRate = 7
        #expect(!second.sharesDetails(with: first))
        #expect(first.vatRate == nil)
        #expect(second.unit == first.unit)
    }
}
