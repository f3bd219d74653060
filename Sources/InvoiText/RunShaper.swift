import CHarfBuzz
import InvoiDocument

/// A stretch of a line in one face, one script and one bidi level, in logical order.
struct LogicalRun {
    var clusters: Range<Int>
    var level: UInt8
    var face: LoadedFace
    var script: hb_script_t

    var direction: TextDirection { level % 2 == 0 ? .leftToRight : .rightToLeft }
}

/// Shapes one logical run with HarfBuzz and scales the result to points.
struct RunShaper {
    let resources: ShapingResources

    /// - Parameters:
    ///   - text: the whole line as given to HarfBuzz, so runs see their neighbours as context.
    ///   - range: the run's UTF-8 range in `text`; glyph clusters are offsets into `text`.
    func shape(_ text: [UInt8], range: Range<Int>, run: LogicalRun, size: Double, tracking: Double) -> GlyphRun {
        let glyphs = resources.withBuffer { buffer -> [Glyph] in
            // HarfBuzz counts in Int32; a longer line (never from a real invoice) is left unshaped.
            guard let buffer = buffer?.buffer, text.count <= Int(Int32.max) else { return [] }
            hb_buffer_set_direction(buffer, run.level % 2 == 0 ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
            hb_buffer_set_script(buffer, run.script)
            hb_buffer_set_language(buffer, resources.language)
            var flags = HB_BUFFER_FLAG_DEFAULT.rawValue | HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue
            if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
            if range.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
            hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
            text.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    hb_buffer_add_utf8(
                        buffer, chars.baseAddress, Int32(chars.count),
                        UInt32(range.lowerBound), Int32(range.count))
                }
            }
            hb_shape(run.face.font.font, buffer, nil, 0)
            return Self.glyphs(of: buffer, scale: size / Double(run.face.unitsPerEm), tracking: tracking * size)
        }
        return GlyphRun(font: run.face.face, size: size, direction: run.direction, textRange: range, glyphs: glyphs)
    }

    /// Reads the shaped buffer. Tracking goes on the visually last glyph of each
    /// cluster with an advance (so invisible clusters take none), including the last
    /// cluster of the run, as CSS letter-spacing does.
    private static func glyphs(of buffer: OpaquePointer, scale: Double, tracking: Double) -> [Glyph] {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        let n = Int(count)
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(n)
        var clusterAdvance: Int32 = 0
        for i in 0..<n {
            let info = infos[i]
            let position = positions[i]
            glyphs.append(
                Glyph(
                    id: info.codepoint, cluster: Int(info.cluster),
                    advance: Double(position.x_advance) * scale,
                    offset: Point(x: Double(position.x_offset) * scale, y: -Double(position.y_offset) * scale)))
            clusterAdvance += position.x_advance
            let endsCluster = i + 1 == n || infos[i + 1].cluster != info.cluster
            if endsCluster {
                if tracking != 0 && clusterAdvance != 0 { glyphs[i].advance += tracking }
                clusterAdvance = 0
            }
        }
        return glyphs
    }
}
