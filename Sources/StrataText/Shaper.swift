import CHarfBuzz
import StrataModel

/// Characters to glyphs with HarfBuzz: a paragraph is cut into runs of one face (each
/// character from the primary face when it has the glyphs, else from the fallback the
/// library picks), and each run is shaped by HarfBuzz with the script and direction it
/// guesses from the run's text: ligatures, contextual forms (Arabic joining, Devanagari
/// conjuncts and reordering), mark positioning and kerning, as the font's GSUB and GPOS
/// say. The result is clusters in logical order, each the glyphs of one or more
/// characters (a ligature takes several), with advances in points; lines are broken
/// between clusters and `TextLayout` puts a line's right-to-left runs in visual order.
struct Shaper {
    let font: Font
    let primary: FontFace
    let library: FontLibrary

    func clusters(_ characters: [Character]) throws -> [Cluster] {
        // Each character's face. A space after right-to-left text stays in that text's
        // face, so an Arabic or Hebrew run (and its direction) is not cut at every word.
        var faces: [FontFace?] = []
        faces.reserveCapacity(characters.count)
        var rightToLeft = false
        for c in characters {
            var face = try self.face(for: c)
            if rightToLeft, LineBreaker.isSpace(c), c != "\t", let previous = faces.last(where: { $0 != nil }) ?? nil,
               c.unicodeScalars.allSatisfy(previous.hasGlyph(for:)) {
                face = previous
            }
            if let strong = Script.strongDirection(c) { rightToLeft = strong == .rightToLeft }
            faces.append(face)
        }
        // Runs of one face (characters that draw nothing go with their neighbours); a
        // tab stands alone.
        var out: [Cluster] = []
        out.reserveCapacity(characters.count)
        var k = 0
        while k < characters.count {
            if characters[k] == "\t" { out.append(tab()); k += 1; continue }
            guard let face = faces[k] else { k += 1; continue }
            var end = k + 1
            while end < characters.count, characters[end] != "\t", faces[end] == nil || faces[end] == face { end += 1 }
            out += shape(characters, k..<end, face: face)
            k = end
        }
        return out
    }

    /// "…" from the primary font (or its fallback), "..." when no font has it.
    func ellipsis() throws -> Cluster {
        if let face = try face(for: "…"), face.hasGlyph(for: "…"), let c = shape(["…"], 0..<1, face: face).first { return c }
        guard let face = try face(for: "."), let dot = shape(["."], 0..<1, face: face).first else {
            return Cluster(characters: ["…"], glyphs: [], advance: 0, isSpace: false, isRightToLeft: false)
        }
        let pieces = (0..<3).flatMap { k in
            dot.glyphs.map { Cluster.Piece(face: $0.face, glyph: $0.glyph, x: $0.x + Double(k) * dot.advance, y: $0.y) }
        }
        return Cluster(characters: ["…"], glyphs: pieces, advance: dot.advance * 3, isSpace: false, isRightToLeft: false)
    }

    private func points(_ units: Int32, _ face: FontFace) -> Double { Double(units) * font.size / face.unitsPerEm }

    /// The face of a character's first drawn scalar; nil for one that draws nothing.
    private func face(for c: Character) throws -> FontFace? {
        guard c != "\t", let first = c.unicodeScalars.first(where: { !Script.isIgnorable($0) }) else { return nil }
        return try library.face(for: first, font: font) ?? primary
    }

    /// No tab stops: a tab is four spaces wide.
    private func tab() -> Cluster {
        let space = primary.glyphIndex(for: " ")
        return Cluster(characters: ["\t"], glyphs: [], advance: 4 * Double(primary.advance(of: space)) * font.size / primary.unitsPerEm,
                       isSpace: true, isRightToLeft: false)
    }

    /// One run of one face through HarfBuzz. Every scalar of character k is added with
    /// cluster value k, so HarfBuzz's clusters say which characters each glyph came from;
    /// characters that draw nothing (joiners, variation selectors) steer shaping and are
    /// then removed.
    private func shape(_ characters: [Character], _ range: Range<Int>, face: FontFace) -> [Cluster] {
        guard let hbFont = face.harfBuzzFont, let buffer = hb_buffer_create() else {
            return range.map { unshaped(characters[$0], face: face) }
        }
        defer { hb_buffer_destroy(buffer) }
        for k in range {
            for s in characters[k].unicodeScalars where s.value >= 0x20 {
                hb_buffer_add(buffer, s.value, UInt32(k))
            }
        }
        hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)
        let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        // Glyphs come in visual order: a right-to-left run's clusters from the last.
        var groups: [(cluster: Int, glyphs: [Int])] = []
        for g in 0..<Int(count) {
            let c = Int(infos[g].cluster)
            if let last = groups.last, last.cluster == c { groups[groups.count - 1].glyphs.append(g) } else { groups.append((c, [g])) }
        }
        if rtl { groups.reverse() }
        var out: [Cluster] = []
        out.reserveCapacity(groups.count)
        for (n, group) in groups.enumerated() {
            let end = n + 1 < groups.count ? groups[n + 1].cluster : range.upperBound
            let chars = Array(characters[group.cluster..<max(end, group.cluster + 1)])
            var pen = 0.0
            var pieces: [Cluster.Piece] = []
            for g in group.glyphs {
                let p = positions[g]
                pieces.append(Cluster.Piece(face: face, glyph: infos[g].codepoint, x: pen + points(p.x_offset, face),
                                            y: points(p.y_offset, face)))
                pen += points(p.x_advance, face)
            }
            out.append(Cluster(characters: chars, glyphs: pieces, advance: pen,
                               isSpace: chars.count == 1 && LineBreaker.isSpace(chars[0]), isRightToLeft: rtl))
        }
        return out
    }

    /// A character laid out from its face's advances alone, for a font HarfBuzz cannot read.
    private func unshaped(_ c: Character, face: FontFace) -> Cluster {
        var pen = 0.0
        var pieces: [Cluster.Piece] = []
        for s in c.unicodeScalars where !Script.isIgnorable(s) {
            let glyph = face.glyphIndex(for: s)
            pieces.append(Cluster.Piece(face: face, glyph: glyph, x: pen, y: 0))
            pen += face.advance(of: glyph) * font.size / face.unitsPerEm
        }
        return Cluster(characters: [c], glyphs: pieces, advance: pen, isSpace: LineBreaker.isSpace(c), isRightToLeft: false)
    }
}
