import Foundation
import InvoiCharacters
import InvoiDocument

/// The document's XMP metadata: the title (in the document's language and as the default),
/// author, language, creator tool and dates as the Info dictionary has them, and
/// `pdfuaid:part 1` when the file claims PDF/UA-1.
struct XMPMetadata {
    let metadata: DocumentMetadata
    let creator: String
    let claimsUA: Bool

    var packet: [UInt8] {
        let language = PDFLanguageUpdate.safeTag(metadata.language) ?? "x-default"
        var xml = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
        xml +=
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
        xml += "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
        xml += " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\""
        if claimsUA { xml += " xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"" }
        xml += ">\n"
        let title = Self.escaped(metadata.title)
        xml += "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(title)</rdf:li>"
        if language != "x-default" { xml += "<rdf:li xml:lang=\"\(language)\">\(title)</rdf:li>" }
        xml += "</rdf:Alt></dc:title>\n"
        if !metadata.author.isEmpty {
            xml += "<dc:creator><rdf:Seq><rdf:li>\(Self.escaped(metadata.author))</rdf:li></rdf:Seq></dc:creator>\n"
        }
        if !metadata.subject.isEmpty {
            xml += "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(Self.escaped(metadata.subject))"
            xml += "</rdf:li></rdf:Alt></dc:description>\n"
        }
        xml += "<dc:language><rdf:Bag><rdf:li>\(language)</rdf:li></rdf:Bag></dc:language>\n"
        if !creator.isEmpty { xml += "<xmp:CreatorTool>\(Self.escaped(creator))</xmp:CreatorTool>\n" }
        if let date = metadata.creationDate, let stamp = PDFDate.string(for: date) {
            xml += "<xmp:CreateDate>\(stamp)</xmp:CreateDate>\n<xmp:ModifyDate>\(stamp)</xmp:ModifyDate>\n"
        }
        if claimsUA { xml += "<pdfuaid:part>1</pdfuaid:part>\n" }
        xml += "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>"
        return Array(xml.utf8)
    }

    /// Character data: markup escaped, and the control characters XML 1.0 cannot hold left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20, scalar != "\t", scalar != "\n" { continue }
            if let entity = XMLEscaping.entity(for: scalar.value, in: .text) {
                out += entity.description
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
