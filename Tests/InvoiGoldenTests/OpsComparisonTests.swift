import Foundation
import InvoiGolden
import Testing

/// The explanations read from two display lists.
@Suite struct OpsComparisonTests {
    static func text(_ string: String, x: Double, y: Double, color: String = "#111111", extra: String = "") -> String {
        ##"{"op": "text", "text": "\##(string)", "origin": [\##(x), \##(y)], "box": [\##(x), \##(y - 8), 120, 10], "size": 9, "weight": 400, "width": 50, "color": "\##(color)", "runs": []\##(extra)}"##
    }

    static func document(_ pages: [[String]]) -> Data {
        let pageJSON = pages.map { #"{"size": [595.28, 841.89], "ops": [\#($0.joined(separator: ","))]}"# }
        return Data(#"{"metadata": {"title": "INV-1"}, "pages": [\#(pageJSON.joined(separator: ","))]}"#.utf8)
    }

    func changes(_ golden: [[String]], _ new: [[String]]) throws -> [String] {
        try OpsComparison().explain(golden: Self.document(golden), new: Self.document(new)).changes
    }

    @Test func theSameOpsExplainNothing() throws {
        let page = [
            Self.text("Total", x: 400, y: 500),
            ##"{"op": "line", "from": [40, 200], "to": [555, 200], "width": 1, "color": "#DDDDDD"}"##,
        ]
        #expect(try changes([page], [page]).isEmpty)
    }

    @Test func aMoveIsSaidWithItsDistanceAndDirection() throws {
        let golden = [[Self.text("Total", x: 400, y: 500)]]
        #expect(try changes(golden, [[Self.text("Total", x: 400, y: 504)]]) == ["page 1: 'Total' moved 4.0 pt down"])
        #expect(
            try changes(golden, [[Self.text("Total", x: 397.5, y: 499)]])
                == ["page 1: 'Total' moved 1.0 pt up and 2.5 pt left"])
    }

    /// 0.01 pt: what ops.json's rounding allows; anything more is a move.
    @Test func movesWithinTheToleranceAreTheSame() throws {
        let golden = [[Self.text("Total", x: 400, y: 500)]]
        #expect(try changes(golden, [[Self.text("Total", x: 400.01, y: 499.99)]]).isEmpty)
        #expect(!(try changes(golden, [[Self.text("Total", x: 400.02, y: 500)]])).isEmpty)
    }

    @Test func aChangedStringIsOldNowNew() throws {
        #expect(
            try changes([[Self.text("Balance due", x: 400, y: 500)]], [[Self.text("Amount due", x: 400, y: 500)]])
                == ["page 2: 'Balance due' now 'Amount due'"].map {
                    $0.replacingOccurrences(of: "page 2", with: "page 1")
                })
    }

    @Test func pagesAddedAndRemovedAreCounted() throws {
        let page = [Self.text("Total", x: 400, y: 500)]
        #expect(try changes([page, page, page], [page, page, page, page]) == ["a page was added (3 → 4)"])
        #expect(try changes([page, page, page], [page]) == ["2 pages were removed (3 → 1)"])
    }

    @Test func colourChangesAreGroupedByColour() throws {
        let golden = [
            [
                Self.text("INVOICE", x: 400, y: 60, color: "#111111"),
                Self.text("Total", x: 400, y: 500, color: "#111111"),
            ]
        ]
        let new = [
            [
                Self.text("INVOICE", x: 400, y: 60, color: "#C62828"),
                Self.text("Total", x: 400, y: 500, color: "#C62828"),
            ]
        ]
        #expect(try changes(golden, new) == ["page 1: colour #111111 now #C62828: 'INVOICE' and 'Total'"])
    }

    @Test func addedAndRemovedTextIsNamed() throws {
        let golden = [[Self.text("Total", x: 400, y: 500)]]
        let new = [[Self.text("Total", x: 400, y: 500), Self.text("Paid", x: 40, y: 700)]]
        #expect(try changes(golden, new) == ["page 1: 'Paid' added"])
        #expect(try changes(new, golden) == ["page 1: 'Paid' removed"])
    }

    /// Fields the comparison does not know (a structure role, say) are neither an error nor a change.
    @Test func unknownFieldsAreIgnored() throws {
        let golden = [[Self.text("Total", x: 400, y: 500)]]
        let new = [[Self.text("Total", x: 400, y: 500, extra: #", "role": "TD", "structure": {"parent": 3}"#)]]
        #expect(try changes(golden, new).isEmpty)
    }

    static func qrCode(
        _ rows: [String], alt: String = "Zum Bezahlen scannen (EPC GiroCode)", x: Double = 471.28, quietZone: Int = 4
    ) -> String {
        let quotedRows = rows.map { "\"\($0)\"" }.joined(separator: ",")
        return ##"{"op": "qrCode", "rect": [\##(x), 609.75, 82, 82], "modules": \##(rows.count), "##
            + ##""quietZone": \##(quietZone), "alt": "\##(alt)", "rows": [\##(quotedRows)], "role": "Figure"}"##
    }

    /// A changed payment code is said as one: ops.json keeps its modules, not its payload text,
    /// so the explanation counts the modules (and never blames fonts or the rasteriser).
    @Test func aChangedPaymentQRCodeIsSaidFromItsModules() throws {
        let golden = [[Self.text("Total", x: 400, y: 500), Self.qrCode(["101", "010", "111"])]]
        let why = "ops.json keeps the modules, not the payload's text"
        #expect(
            try changes(golden, [[Self.text("Total", x: 400, y: 500), Self.qrCode(["101", "011", "110"])]])
                == ["page 1: the payment QR code changed: 2 of its 3 × 3 modules differ (\(why))"])
        #expect(
            try changes(golden, [[Self.text("Total", x: 400, y: 500), Self.qrCode(["1010", "0101", "1111", "0000"])]])
                == ["page 1: the payment QR code changed: 4 × 4 modules (was 3 × 3; \(why))"])
        let otherAlt = [[Self.text("Total", x: 400, y: 500), Self.qrCode(["101", "010", "111"], alt: "QR-rechnung")]]
        #expect(
            try changes(golden, otherAlt)
                == ["page 1: the payment QR code changed: 'Zum Bezahlen scannen (EPC GiroCode)' now 'QR-rechnung'"])
        // Moved and changed: still the same code, said twice.
        #expect(
            try changes(golden, [[Self.text("Total", x: 400, y: 500), Self.qrCode(["101", "010", "110"], x: 470.28)]])
                == [
                    "page 1: the payment QR code changed: 1 of its 3 × 3 modules differs (\(why))",
                    "page 1: a payment QR code moved 1.0 pt left",
                ])
        #expect(try changes(golden, [[Self.text("Total", x: 400, y: 500)]]) == ["page 1: a payment QR code removed"])
        #expect(try changes(golden, golden).isEmpty)
    }

    @Test func aDamagedDisplayListIsAnError() throws {
        #expect(throws: GoldenFailure.self) {
            try OpsComparison().explain(golden: Data("{".utf8), new: Self.document([[]]))
        }
    }

    /// A design or theme change is said as the sender chose it, before the shapes it moved.
    @Test func aDesignChangeIsSaidInTheUsersTerms() throws {
        func document(_ design: String) -> Data {
            Data(#"{"metadata": {"title": "INV-1"\#(design)}, "pages": [{"size": [595.28, 841.89], "ops": []}]}"#.utf8)
        }
        let classic = ##", "design": {"design": "classic", "table.rules": "rows", "colors.accent": "#111111"}"##
        let grid = ##", "design": {"design": "classic", "table.rules": "grid", "colors.accent": "#0B5394"}"##
        let band = ##", "design": {"design": "band", "table.rules": "header", "colors.accent": "#1F3A5F"}"##
        let explain = { (golden: String, new: String) throws -> [String] in
            try OpsComparison().explain(golden: document(golden), new: document(new)).changes
        }
        #expect(
            try explain(classic, grid) == [
                "the accent colour changed (#111111 → #0B5394)", "the table's rules changed (rows → grid)",
            ])
        #expect(
            try explain(classic, band) == [
                "the design classic is now band: the masthead is new",
                "the accent colour changed (#111111 → #1F3A5F)", "the table's rules changed (rows → header)",
            ])
        #expect(try explain("", band) == ["the design classic (the app's own page) is now band: the masthead is new"])
        #expect(try explain(band, band).isEmpty)
    }
}
