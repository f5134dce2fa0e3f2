import StrataModel

/// Characters to glyphs: each character from the primary face when it has the glyph,
/// else from the fallback face the library picks; advances in points; kerning between
/// neighbours from the same face. The minimal shaping a left-to-right UI string needs.
struct Shaper {
    let font: Font
    let primary: FontFace
    let library: FontLibrary

    func clusters(_ characters: [Character]) throws -> [Cluster] {
        var out: [Cluster] = []
        out.reserveCapacity(characters.count)
        for c in characters {
            guard var cluster = try cluster(c) else { continue }
            if let previous = out.last, let left = previous.glyphs.last, let right = cluster.glyphs.first,
               left.face === right.face {
                cluster.kernBefore = points(left.face.kerning(left.glyph, right.glyph), left.face)
            }
            out.append(cluster)
        }
        return out
    }

    /// "…" from the primary font (or its fallback), "..." when no font has it.
    func ellipsis() throws -> Cluster {
        if let c = try cluster("…"), c.glyphs.allSatisfy({ $0.glyph != 0 }) { return c }
        let dots = try clusters(["."]).first
        let advance = (dots?.advance ?? 0) * 3
        let pieces = (0..<3).compactMap { i in dots?.glyphs.first.map { Cluster.Piece(face: $0.face, glyph: $0.glyph, x: Double(i) * (dots?.advance ?? 0)) } }
        return Cluster(character: "…", glyphs: pieces, advance: advance, kernBefore: 0, isSpace: false)
    }

    private func points(_ units: Double, _ face: FontFace) -> Double { units * font.size / face.unitsPerEm }

    private func cluster(_ c: Character) throws -> Cluster? {
        if c == "\t" {
            // No tab stops: a tab is four spaces wide.
            let space = primary.glyphIndex(for: " ")
            return Cluster(character: c, glyphs: [], advance: 4 * points(primary.advance(of: space), primary),
                           kernBefore: 0, isSpace: true)
        }
        let scalars = c.unicodeScalars.filter { !Script.isIgnorable($0) }
        guard let first = scalars.first else { return nil }
        let base = try library.face(for: first, font: font) ?? primary
        var pieces: [Cluster.Piece] = []
        var pen = 0.0
        for s in scalars {
            // Marks stay with their base's face when it has them.
            let face = base.hasGlyph(for: s) ? base : (try library.face(for: s, font: font) ?? base)
            let glyph = face.glyphIndex(for: s)
            pieces.append(Cluster.Piece(face: face, glyph: glyph, x: pen))
            pen += points(face.advance(of: glyph), face)
        }
        return Cluster(character: c, glyphs: pieces, advance: pen, kernBefore: 0, isSpace: LineBreaker.isSpace(c))
    }
}
