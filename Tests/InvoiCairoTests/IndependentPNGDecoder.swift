import Foundation
import InvoiTestSupport

/// Decodes a PNG with Python's zlib and struct, sharing no code with invoi or
/// Cairo: checks every chunk's CRC, inflates, undoes the row filters.
enum IndependentPNGDecoder {
    struct Decoded: Decodable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var chunks: [String]
        /// Pixels per metre, x and y, when a pHYs chunk is present.
        var pixelsPerMetre: [Int]?
        /// [red, green, blue] at each asked point.
        var samples: [[Int]]
        var nonWhitePixels: Int
    }

    static func decode(_ png: Data, sampling points: [(x: Int, y: Int)]) throws -> Decoded {
        let list = points.map { "[\($0.x),\($0.y)]" }.joined(separator: ",")
        let result = try Tools.withFile(png, name: "image.png") {
            try Tools.run("python3", ["-c", script, $0.path, "[\(list)]"])
        }
        guard result.status == 0 else { throw TestError("python decoder: \(result.errors)") }
        return try JSONDecoder().decode(Decoded.self, from: Data(result.output.utf8))
    }

    private static let script = #"""
        import json, struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        points = json.loads(sys.argv[2])
        assert data[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
        pos, chunks, idat, phys = 8, [], b'', None
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
            assert zlib.crc32(kind + body) & 0xffffffff == crc, 'bad CRC in ' + kind.decode()
            chunks.append(kind.decode())
            if kind == b'IHDR':
                width, height, depth, ctype, comp, filt, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT':
                idat += body
            elif kind == b'pHYs':
                x, y, unit = struct.unpack('>IIB', body)
                phys = [x, y] if unit == 1 else None
            pos += 12 + length
        assert chunks[0] == 'IHDR' and chunks[-1] == 'IEND', chunks
        assert depth == 8 and ctype in (0, 2) and interlace == 0
        channels = 1 if ctype == 0 else 3
        raw = zlib.decompress(idat)
        stride = width * channels
        assert len(raw) == height * (stride + 1), 'image data length'
        rows, previous = [], bytearray(stride)
        for y in range(height):
            kind = raw[y * (stride + 1)]
            line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[i] = (line[i] + pred) & 255
                else: assert kind == 0, 'filter type %d' % kind
            rows.append(line)
            previous = line
        def rgb(x, y):
            line = rows[y]
            return [line[x]] * 3 if channels == 1 else list(line[3 * x:3 * x + 3])
        if channels == 1:
            non_white = sum(width - line.count(255) for line in rows)
        else:
            non_white = sum(1 for line in rows for x in range(width) if line[3 * x:3 * x + 3] != b'\xff\xff\xff')
        print(json.dumps({'width': width, 'height': height, 'bitDepth': depth, 'colorType': ctype, 'chunks': chunks,
                          'pixelsPerMetre': phys, 'samples': [rgb(x, y) for x, y in points], 'nonWhitePixels': non_white}))
        """#
}
