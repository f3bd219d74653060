import InvoiCharacters

/// The XMP metadata packet of a Factur-X PDF/A-3b: the PDF/A identification, the Dublin
/// Core and XMP basics mirroring the Info dictionary, the Factur-X extension schema (PDF/A
/// requires every non-predefined property to be declared in the packet) and its values.
/// Laid out as the `factur-x` Python package writes it, which the validators know.
struct XMPPacket {
    var title: String
    var author: String
    var subject: String
    var producer: String
    var creatorTool: String
    var date: UTCStamp
    var documentID: String
    /// nil for a plain archival PDF/A, with no Factur-X attachment.
    var conformance: FacturXConformance?
    var level: PDFALevel = .b
    var claimsPDFUA = false

    static let facturXNamespace = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"
    static let attachmentName = "factur-x.xml"
    static let pdfUANamespace = "http://www.aiim.org/pdfua/ns/id/"

    /// The Factur-X properties and the descriptions the extension schema gives them.
    private static let properties = [
        ("DocumentFileName", "The name of the embedded XML document"),
        ("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"),
        ("Version", "The actual version of the standard applying to the embedded XML document"),
        ("ConformanceLevel", "The conformance level of the embedded XML document"),
    ]

    var bytes: [UInt8] { Array(text.utf8) }

    var text: String {
        var x = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
        x += "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
        x += " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
        x += description("pdfaid=\"http://www.aiim.org/pdfa/ns/id/\"") {
            "   <pdfaid:part>3</pdfaid:part>\n   <pdfaid:conformance>\(level.rawValue)</pdfaid:conformance>\n"
        }
        if claimsPDFUA {
            x += description("pdfuaid=\"\(Self.pdfUANamespace)\"") { "   <pdfuaid:part>1</pdfuaid:part>\n" }
        }
        x += description("dc=\"http://purl.org/dc/elements/1.1/\"") {
            var dc = "   <dc:format>application/pdf</dc:format>\n"
            if !title.isEmpty { dc += "   <dc:title>\(Self.alternative(title))</dc:title>\n" }
            if !author.isEmpty {
                dc += "   <dc:creator><rdf:Seq><rdf:li>\(Self.escaped(author))</rdf:li></rdf:Seq></dc:creator>\n"
            }
            if !subject.isEmpty { dc += "   <dc:description>\(Self.alternative(subject))</dc:description>\n" }
            return dc
        }
        x += description("pdf=\"http://ns.adobe.com/pdf/1.3/\"") {
            "   <pdf:Producer>\(Self.escaped(producer))</pdf:Producer>\n"
        }
        x += description("xmp=\"http://ns.adobe.com/xap/1.0/\"") {
            var xmp = creatorTool.isEmpty ? "" : "   <xmp:CreatorTool>\(Self.escaped(creatorTool))</xmp:CreatorTool>\n"
            for key in ["CreateDate", "ModifyDate", "MetadataDate"] {
                xmp += "   <xmp:\(key)>\(date.xmp)</xmp:\(key)>\n"
            }
            return xmp
        }
        x += description("xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\"") {
            "   <xmpMM:DocumentID>\(Self.escaped(documentID))</xmpMM:DocumentID>\n"
        }
        var schemas:
            [(
                name: String, namespace: String, prefix: String, category: String,
                properties: [(String, String, String)]
            )] =
                []
        if conformance != nil {
            schemas.append(
                (
                    "Factur-X PDFA Extension Schema", Self.facturXNamespace, "fx", "external",
                    Self.properties.map { ($0.0, "Text", $0.1) }
                ))
        }
        if claimsPDFUA {
            schemas.append(
                (
                    "PDF/UA Universal Accessibility Schema", Self.pdfUANamespace, "pdfuaid", "internal",
                    [("part", "Integer", "Indicates, which part of ISO 14289 standard is followed")]
                ))
        }
        if !schemas.isEmpty {
            x += description(
                "pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\" "
                    + "xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\" "
                    + "xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\""
            ) {
                var schema = "   <pdfaExtension:schemas>\n    <rdf:Bag>\n"
                for entry in schemas {
                    schema += "     <rdf:li rdf:parseType=\"Resource\">\n"
                    schema += "      <pdfaSchema:schema>\(entry.name)</pdfaSchema:schema>\n"
                    schema += "      <pdfaSchema:namespaceURI>\(entry.namespace)</pdfaSchema:namespaceURI>\n"
                    schema += "      <pdfaSchema:prefix>\(entry.prefix)</pdfaSchema:prefix>\n"
                    schema += "      <pdfaSchema:property>\n       <rdf:Seq>\n"
                    for (name, type, about) in entry.properties {
                        schema += "        <rdf:li rdf:parseType=\"Resource\">\n"
                        schema += "         <pdfaProperty:name>\(name)</pdfaProperty:name>\n"
                        schema += "         <pdfaProperty:valueType>\(type)</pdfaProperty:valueType>\n"
                        schema += "         <pdfaProperty:category>\(entry.category)</pdfaProperty:category>\n"
                        schema += "         <pdfaProperty:description>\(about)</pdfaProperty:description>\n"
                        schema += "        </rdf:li>\n"
                    }
                    schema += "       </rdf:Seq>\n      </pdfaSchema:property>\n     </rdf:li>\n"
                }
                return schema + "    </rdf:Bag>\n   </pdfaExtension:schemas>\n"
            }
        }
        if let conformance {
            x += description("fx=\"\(Self.facturXNamespace)\"") {
                "   <fx:DocumentType>INVOICE</fx:DocumentType>\n"
                    + "   <fx:DocumentFileName>\(Self.attachmentName)</fx:DocumentFileName>\n"
                    + "   <fx:Version>1.0</fx:Version>\n"
                    + "   <fx:ConformanceLevel>\(conformance.rawValue)</fx:ConformanceLevel>\n"
            }
        }
        return x + " </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>"
    }

    private func description(_ namespace: String, _ body: () -> String) -> String {
        "  <rdf:Description rdf:about=\"\" xmlns:\(namespace)>\n" + body() + "  </rdf:Description>\n"
    }

    private static func alternative(_ value: String) -> String {
        "<rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(value))</rdf:li></rdf:Alt>"
    }

    /// `value` as XML character data: markup characters as entities.
    static func escaped(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            if let entity = XMLEscaping.entity(for: scalar.value, in: .text) {
                result += entity.description
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` without the characters XML 1.0 cannot hold at all (C0 controls but tab and
    /// line ends, U+FFFE, U+FFFF). The Info dictionary gets the same text, as PDF/A requires.
    static func storable(_ value: String) -> String {
        var result = ""
        result.unicodeScalars.append(
            contentsOf: value.unicodeScalars.filter {
                $0.value >= 0x20 ? $0.value != 0xFFFE && $0.value != 0xFFFF : $0 == "\t" || $0 == "\n" || $0 == "\r"
            })
        return result
    }
}

/// A moment in UTC, written the two ways PDF/A requires to agree: the Info dictionary's
/// `D:` date and XMP's ISO 8601 date.
struct UTCStamp: Equatable {
    var year, month, day, hour, minute, second: Int

    /// `D:20260312093000+00'00'`
    var pdf: String { "D:" + pad(year, 4) + pad(month) + pad(day) + pad(hour) + pad(minute) + pad(second) + "+00'00'" }
    /// `2026-03-12T09:30:00+00:00`
    var xmp: String {
        pad(year, 4) + "-" + pad(month) + "-" + pad(day) + "T" + pad(hour) + ":" + pad(minute) + ":" + pad(second)
            + "+00:00"
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
