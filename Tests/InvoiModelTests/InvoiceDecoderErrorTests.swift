import Foundation
import Testing

@testable import InvoiModel

@Suite struct InvoiceDecoderErrorTests {
    @Test func syntaxErrorHasLineAndColumn() throws {
        let diagnostics = rejection("{\n  \"fromName\": \"Acme\"\n  \"toName\": \"Meridian\"\n}")
        let problem = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(problem.severity == .error)
        #expect(problem.line == 3 && problem.column == 3)
        #expect(problem.path == "")
        #expect(problem.description == "invoi: error: bills/acme.json:3:3: missing ',' between fields")
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, 1, 9, "trailing comma before '}'"),
        ("[1, 2,]", 1, 7, "trailing comma before ']'"),
        ("{\n// note\n}", 2, 1, "comments are not allowed"),
        ("{\"a\": 1 /* c */}", 1, 9, "comments are not allowed"),
        ("[1 // c\n]", 1, 4, "comments are not allowed"),
        ("{'a': 1}", 1, 2, "field names must be in double quotes"),
        (#"{"a": 'x'}"#, 1, 7, "double quotes"),
        (#"{"a": 012}"#, 1, 7, "leading zeros"),
        (#"{"a": 1.}"#, 1, 7, "expected a digit after '.'"),
        (#"{"a": NaN}"#, 1, 7, "NaN is not a JSON number"),
        (#"{"a": two}"#, 1, 7, "unexpected word 'two'"),
        ("{\"a\": \"x\ny\"}", 1, 9, "not closed on its line"),
        (#"{"a": "\q"}"#, 1, 8, "invalid escape"),
        (#"{"a": "\ud800"}"#, 1, 8, "unpaired surrogate"),
        ("{\"a\": 1", 1, 8, "the object opened at line 1, column 1 is not closed"),
        ("{\"a\": [1, 2", 1, 12, "the array opened at line 1, column 7 is not closed"),
        (#"{"a" 1}"#, 1, 6, "expected ':'"),
        ("{} {}", 1, 4, "after the end of the JSON value"),
        ("", 1, 1, "the file is empty"),
        ("  \n ", 2, 2, "the file is empty"),
        ("{\"é\": \"ü\" x}", 1, 11, "unexpected 'x'"),
    ])
    func describesSyntaxErrors(_ json: String, _ line: Int, _ column: Int, _ fragment: String) throws {
        let problem = try #require(rejection(json).first)
        #expect(problem.message.contains(fragment), "\(problem.message)")
        #expect(problem.line == line, "\(problem.description)")
        #expect(problem.column == column, "\(problem.description)")
    }

    @Test func refusesDeepNesting() throws {
        let json = #"{"a": "# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        let problem = try #require(rejection(json).first)
        #expect(problem.message.contains("nested more than 64 deep"))
    }

    @Test func wrongTypesNameTheirPath() {
        let diagnostics = rejection(
            """
            {"fromName": 12, "vatRate": "20", "currency": 1, "lineItems": [
              {"quantity": 1}, {"quantity": 2}, {"quantity": "two", "rate": true, "description": []}
            ], "issueDate": 20260312}
            """)
        #expect(
            diagnostics.map(\.description) == [
                "invoi: error: bills/acme.json: fromName: expected a string, got 12; put it in double quotes",
                #"invoi: error: bills/acme.json: vatRate: expected a number, got "20"; write the number without quotes"#,
                "invoi: error: bills/acme.json: currency: expected a string, got 1; put it in double quotes",
                #"invoi: error: bills/acme.json: lineItems[2].quantity: expected a number, got "two""#,
                "invoi: error: bills/acme.json: lineItems[2].rate: expected a number, got true",
                "invoi: error: bills/acme.json: lineItems[2].description: expected a string, got an array",
                #"invoi: error: bills/acme.json: issueDate: expected a date as a string "YYYY-MM-DD", got 20260312"#,
            ])
    }

    @Test func topLevelMustBeAnObject() throws {
        let problem = try #require(rejection(#"[{"fromName": "a"}]"#).first)
        #expect(problem.message.hasPrefix("expected a JSON object with the invoice's fields, got an array"))
        #expect(try #require(rejection("42").first).message.hasSuffix("got 42"))
    }

    @Test func lineItemsMustBeAnArrayOfObjects() {
        #expect(
            rejection(#"{"lineItems": {"quantity": 1}}"#).map(\.message)
                == ["expected an array of line items, got an object"])
        #expect(rejection(#"{"lineItems": [1]}"#).map(\.path) == ["lineItems[0]"])
    }

    @Test(arguments: [
        ("2026-02-30", #""2026-02-30" is not a real date: February 2026 has 28 days, not 30"#),
        ("2024-02-30", #""2024-02-30" is not a real date: February 2024 has 29 days, not 30"#),
        ("2026-04-31", #""2026-04-31" is not a real date: April 2026 has 30 days, not 31"#),
        ("2026-13-01", #""2026-13-01" is not a real date: there is no month 13"#),
        ("2026-01-00", #""2026-01-00" is not a real date: there is no day 0"#),
        ("12/03/2026", #"expected a date as "YYYY-MM-DD" (e.g. "2026-03-12"), got "12/03/2026""#),
        ("2026-3-1", #"expected a date as "YYYY-MM-DD" (e.g. "2026-03-12"), got "2026-3-1""#),
    ])
    func rejectsUnrealDates(_ date: String, _ message: String) {
        #expect(rejection(#"{"issueDate": "\#(date)"}"#).map(\.message) == [message])
        #expect(rejection(#"{"dueDate": "\#(date)"}"#).map(\.path) == ["dueDate"])
    }

    @Test(arguments: ["-1", "100.01", "1000", "-0.5", "1e13"])
    func vatRateOutOfRange(_ rate: String) {
        #expect(
            rejection(#"{"vatRate": \#(rate)}"#).map(\.description)
                == ["invoi: error: bills/acme.json: vatRate: vatRate is a percentage from 0 to 100, got \(rate)"])
    }

    @Test(arguments: ["0", "100", "0.5", "19.6"])
    func vatRateInRange(_ rate: String) throws {
        #expect(try decode(#"{"vatRate": \#(rate)}"#).invoice.vatRate == decimal(rate))
    }

    @Test func amountsBeyondTheLimitAreErrors() {
        #expect(
            rejection(#"{"lineItems": [{"quantity": 1000000000000.01}]}"#).map(\.message)
                == ["1000000000000.01 is beyond the limit of ±1000000000000 (10^12) that invoi accepts for amounts"])
        #expect(rejection(#"{"lineItems": [{"rate": -2e12}]}"#).map(\.path) == ["lineItems[0].rate"])
        #expect(rejection(#"{"lineItems": [{"rate": 1e400}]}"#).map(\.path) == ["lineItems[0].rate"])
        #expect(
            rejection(#"{"lineItems": [{"quantity": 2000000, "rate": 1000000}]}"#).map(\.description) == [
                "invoi: error: bills/acme.json: lineItems[0]: the amount 2000000 × 1000000 = 2000000000000 is beyond the limit of ±1000000000000 (10^12); split the line"
            ])
        #expect(
            rejection(#"{"lineItems": [{"rate": 600000000000}, {"rate": 600000000000}]}"#).map(\.path)
                == ["lineItems"])
        #expect(
            rejection(#"{"vatRate": 50, "lineItems": [{"rate": 800000000000}]}"#).map(\.message).first?
                .hasPrefix("the total 1200000000000 (subtotal plus VAT) is beyond the limit") == true)
    }

    @Test func amountsAtTheLimitAreAccepted() throws {
        let (invoice, _) = try decode(#"{"lineItems": [{"quantity": 1000000000000, "rate": 1}, {"rate": -1e12}]}"#)
        #expect(invoice.totals.subtotal.amount == 0)
    }

    @Test func tooPreciseNumbersAreErrors() {
        #expect(
            rejection(#"{"lineItems": [{"rate": 1.23456789012345678901}]}"#).map(\.message).first?
                .contains("more than 19 significant digits") == true)
        #expect(
            rejection(#"{"lineItems": [{"rate": 0.00000000000000000001}]}"#).map(\.message).first?
                .contains("more than 19 digits after the decimal point") == true)
    }

    @Test func unknownCurrency() {
        #expect(
            rejection(#"{"currency": "usd"}"#).map(\.message)
                == [#"unknown currency "usd" — did you mean "USD"? (codes are upper case)"#])
        #expect(
            rejection(#"{"currency": "XYZ"}"#).map(\.message)
                == [#"unknown currency "XYZ"; run `invoi currencies` to list the 53 supported codes"#])
    }

    @Test func badLocale() {
        #expect(rejection(#"{"locale": "not a locale!"}"#).map(\.path) == ["locale"])
    }

    @Test func rejectsUTF16() {
        let json = #"{"fromName": "Acme"}"#
        var withBOM = Data([0xFF, 0xFE])
        withBOM.append(json.data(using: .utf16LittleEndian)!)
        let noBOM = json.data(using: .utf16BigEndian)!
        let utf32 = json.data(using: .utf32LittleEndian)!
        #expect(
            rejection(withBOM).first?.message.hasPrefix("the file is encoded as UTF-16LE; invoi reads UTF-8 only")
                == true)
        #expect(rejection(noBOM).first?.message.hasPrefix("the file is encoded as UTF-16BE") == true)
        #expect(rejection(utf32).first?.message.hasPrefix("the file is encoded as UTF-32LE") == true)
    }

    @Test func rejectsBinaryAndInvalidUTF8() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        #expect(
            try #require(rejection(png).first).message.contains("not valid UTF-8")
                || rejection(png).first?.message.contains("binary") == true)
        let withNUL = Data(#"{"fromName": "a"}"#.utf8) + Data([0, 0, 0])
        #expect(rejection(withNUL).first?.message.contains("looks like binary data") == true)
        let latin1 = Data("{\n\"toName\": \"Caf".utf8) + Data([0xE9]) + Data("\"}".utf8)
        let problem = try #require(rejection(latin1).first)
        #expect(problem.message.hasPrefix("the file is not valid UTF-8 text"))
        #expect(problem.line == 2 && problem.column == 15)
    }

    @Test func unknownKeysWarnWithASuggestion() throws {
        let (invoice, warnings) = try decode(
            """
            {"fromNmae": "Acme", "vat_rate": 5, "lineItems": [{"qty": 2, "desciption": "x", "amount": 5}],
             "colour": "red", "InvoiceNumber": "7"}
            """)
        #expect(invoice.fromName == "")
        #expect(
            warnings.map(\.description) == [
                #"invoi: warning: bills/acme.json: unknown field "fromNmae" — did you mean "fromName"?"#,
                #"invoi: warning: bills/acme.json: unknown field "vat_rate" — did you mean "vatRate"?"#,
                #"invoi: warning: bills/acme.json: lineItems[0]: unknown field "qty" is ignored"#,
                #"invoi: warning: bills/acme.json: lineItems[0]: unknown field "desciption" — did you mean "description"?"#,
                #"invoi: warning: bills/acme.json: lineItems[0]: field "amount" is ignored: invoi computes each amount as quantity × rate"#,
                #"invoi: warning: bills/acme.json: unknown field "colour" is ignored"#,
                #"invoi: warning: bills/acme.json: unknown field "InvoiceNumber" — did you mean "invoiceNumber"?"#,
            ])
    }

    @Test func otherWarnings() throws {
        let (_, warnings) = try decode(
            """
            {"issueDate": "2026-03-12", "dueDate": "2026-03-01", "lineItems": [{"id": "a"}, {"id": "a"}]}
            """)
        #expect(
            warnings.map(\.description) == [
                #"invoi: warning: bills/acme.json: lineItems[1].id: "a" is also the id of lineItems[0]"#,
                "invoi: warning: bills/acme.json: dueDate: the due date 2026-03-01 is before the issue date 2026-03-12",
            ])
    }

    @Test func duplicateKeysAreErrors() {
        #expect(
            rejection("{\"vatRate\": 5,\n \"vatRate\": 20}").map(\.description) == [
                "invoi: error: bills/acme.json: vatRate: the field is given twice (first at line 1, column 2, again at line 2, column 2); keep one"
            ])
    }

    /// Every problem of the file comes back together, warnings included, in source order.
    @Test func reportsEveryProblemTogether() {
        let diagnostics = rejection(
            """
            {
              "fromNmae": "Acme",
              "issueDate": "2026-02-30",
              "currency": "EURO",
              "vatRate": 120,
              "lineItems": [
                {"description": "ok", "quantity": 1, "rate": 10},
                {"description": 5, "quantity": "two", "rate": 10}
              ]
            }
            """)
        #expect(
            diagnostics.map(\.path) == [
                "", "issueDate", "currency", "vatRate",
                "lineItems[1].description", "lineItems[1].quantity",
            ])
        #expect(diagnostics.map(\.severity) == [.warning, .error, .error, .error, .error, .error])
        #expect(InvoiceDecodingError(diagnostics: diagnostics).errors.count == 5)
    }

    /// Text quoted back in a message cannot carry escape sequences to the terminal.
    @Test func messagesEscapeControlCharacters() throws {
        let (_, warnings) = try decode(#"{"\u001b[2J\u202eX": 1}"#)
        let warning = try #require(warnings.first)
        #expect(warning.message == #"unknown field "\u{1B}[2J\u{202E}X" is ignored"#)
        #expect(!warning.description.unicodeScalars.contains { $0.value < 0x20 })
        let long = try #require(rejection(#"{"vatRate": "\#(String(repeating: "x", count: 500))"}"#).first)
        #expect(long.message.count < 100)
    }
}
