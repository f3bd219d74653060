import Foundation
import InvoiDocument
import Testing
@testable import InvoiCairo

@Suite struct DeflateLevelTests {
    /// The zlib headers of the PDF's streams: "x" then a byte whose top bits say the level class.
    private func zlibHeaders(in pdf: Data) -> [UInt8] {
        let marker = Array("stream\n".utf8)
        let bytes = [UInt8](pdf)
        var headers: [UInt8] = []
        var index = 0
        while index + marker.count + 2 <= bytes.count {
            if bytes[index..<(index + marker.count)].elementsEqual(marker), bytes[index + marker.count] == 0x78 {
                headers.append(bytes[index + marker.count + 1])
                index += marker.count
            } else {
                index += 1
            }
        }
        return headers
    }

    @Test func cairoCompressesEveryStreamAtTheFastLevel() throws {
        let output = try PDFBackend(fonts: CairoFontCache()).render(try Fixtures.invoice(),
                                                                    options: BackendOptions(creator: "invoi 0.1.0"))
        let headers = zlibHeaders(in: try #require(output.documentData))
        // Content, font subsets, ToUnicode maps: all compressed, none at zlib's default level 6 (0x9C).
        #expect(headers.count >= 5)
        #expect(headers.allSatisfy { $0 == 0x01 }, "zlib level bytes: \(headers)")
    }

    @Test(arguments: [(Int32(9), UInt8(0xDA)), (-1, 0x01)])
    func anExplicitLevelIsKeptAndTheDefaultIsFast(level: Int32, headerByte: UInt8) throws {
        // zlib's z_stream on 64-bit Linux: next_in 0, avail_in 8, next_out 24, avail_out 32; 112 bytes.
        let stream = UnsafeMutableRawPointer.allocate(byteCount: 112, alignment: 8)
        stream.initializeMemory(as: UInt8.self, repeating: 0, count: 112)
        defer { stream.deallocate() }
        #expect(invoiDeflateInit(OpaquePointer(stream), level, "1.2.13", 112) == 0)
        let zlib = dlopen("libz.so.1", RTLD_NOW | RTLD_NOLOAD)
        typealias Call = @convention(c) (OpaquePointer?, Int32) -> Int32
        let deflate = unsafeBitCast(try #require(dlsym(zlib, "deflate")), to: Call.self)
        let deflateEnd = unsafeBitCast(try #require(dlsym(zlib, "deflateEnd")), to: (@convention(c) (OpaquePointer?) -> Int32).self)
        var input = [UInt8](repeating: 65, count: 1000)
        var output = [UInt8](repeating: 0, count: 256)
        input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.storeBytes(of: input.baseAddress, toByteOffset: 0, as: UnsafeMutablePointer<UInt8>?.self)
                stream.storeBytes(of: UInt32(input.count), toByteOffset: 8, as: UInt32.self)
                stream.storeBytes(of: output.baseAddress, toByteOffset: 24, as: UnsafeMutablePointer<UInt8>?.self)
                stream.storeBytes(of: UInt32(output.count), toByteOffset: 32, as: UInt32.self)
                let zStreamEnd: Int32 = 1, zFinish: Int32 = 4
                #expect(deflate(OpaquePointer(stream), zFinish) == zStreamEnd)
            }
        }
        _ = deflateEnd(OpaquePointer(stream))
        #expect(output[0] == 0x78 && output[1] == headerByte)
    }
}
