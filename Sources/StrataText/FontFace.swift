import CFreeType
import CHarfBuzz
import Foundation

/// One face of one font file: its character map and advances in font units (so layout
/// is the same at every output scale) and glyph rasterising at any pixel size through
/// FreeType, and the same file opened by HarfBuzz for shaping. Opened by a `FontLibrary`; every FreeType call here
/// runs under the FreeType library's lock: faces are not safe to use from two threads.
public final class FontFace: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// Unique within its library, in the order faces were opened.
    public let id: Int
    public let path: String
    public let faceIndex: Int
    public let familyName: String
    public let styleName: String
    public let unitsPerEm: Double
    /// Font units, from hhea (FreeType's face metrics); descender positive.
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    public let capHeight: Double
    public let xHeight: Double

    private let face: FT_Face
    private let freeType: FreeTypeLibrary
    private var lock: NSRecursiveLock { freeType.lock }
    private var advances: [UInt32: Double] = [:]
    /// HarfBuzz's font for the same file and index, at one font unit per unit: shaping
    /// gives advances and offsets in font units, as `hb-shape` prints them.
    private var shapingFont: OpaquePointer?

    init(id: Int, face: FT_Face, path: String, faceIndex: Int, freeType: FreeTypeLibrary) {
        self.id = id; self.face = face; self.path = path; self.faceIndex = faceIndex; self.freeType = freeType
        let f = face.pointee
        familyName = f.family_name.map { String(cString: $0) } ?? "?"
        styleName = f.style_name.map { String(cString: $0) } ?? "?"
        unitsPerEm = Double(max(f.units_per_EM, 1))
        ascender = Double(f.ascender)
        descender = Double(-f.descender)
        lineGap = max(0, Double(f.height) - Double(f.ascender) + Double(f.descender))
        // OS/2 version 2+ has sxHeight at 86 and sCapHeight at 88.
        var cap = 0.7 * unitsPerEm, x = 0.5 * unitsPerEm
        if let os2 = SFNTTables.table("OS/2", path: path, faceIndex: faceIndex), os2.count >= 90,
           (Int(os2[0]) << 8 | Int(os2[1])) >= 2 {
            func s16(_ o: Int) -> Double { Double(Int16(bitPattern: UInt16(os2[o]) << 8 | UInt16(os2[o + 1]))) }
            if s16(88) > 0 { cap = s16(88) }
            if s16(86) > 0 { x = s16(86) }
        }
        capHeight = cap; xHeight = x
    }

    deinit {
        freeType.lock.withLock {
            _ = FT_Done_Face(face)
            if let shapingFont { hb_font_destroy(shapingFont) }
        }
    }

    public var description: String { "\(familyName) \(styleName) (\((path as NSString).lastPathComponent)#\(faceIndex))" }

    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }

    /// The metrics at a point size.
    public func metrics(size: Double) -> FontMetrics {
        let k = size / unitsPerEm
        return FontMetrics(ascender: ascender * k, descender: descender * k, lineGap: lineGap * k,
                           capHeight: capHeight * k, xHeight: xHeight * k)
    }

    /// The glyph for a character, 0 (.notdef) when the face has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        lock.withLock { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))) }
    }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// The unhinted horizontal advance, in font units.
    public func advance(of glyph: UInt32) -> Double {
        lock.withLock {
            if let a = advances[glyph] { return a }
            var a = 0.0
            if FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)) == 0 {
                a = Double(face.pointee.glyph.pointee.advance.x)
            }
            advances[glyph] = a
            return a
        }
    }

    /// HarfBuzz's font of this face, opened on first use from the font file (nil when
    /// HarfBuzz cannot read it: text in this face is then laid out unshaped).
    var harfBuzzFont: OpaquePointer? {
        lock.withLock {
            if let shapingFont { return shapingFont }
            guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
            defer { hb_blob_destroy(blob) }
            guard let hbFace = hb_face_create(blob, UInt32(faceIndex)) else { return nil }
            defer { hb_face_destroy(hbFace) }
            guard hb_face_get_glyph_count(hbFace) > 0, let font = hb_font_create(hbFace) else { return nil }
            let upem = Int32(unitsPerEm)
            hb_font_set_scale(font, upem, upem)
            hb_font_make_immutable(font)
            shapingFont = font
            return font
        }
    }

    /// The largest em drawn, in pixels; glyphs of larger text are left out.
    public static let maxPixelSize = 4096.0

    /// Rasterises a glyph at `pixelSize` pixels per em, its pen moved right by
    /// `offsetX` pixels (0..<1: subpixel positioning). Unhinted outlines and FreeType's
    /// normal (8-bit grayscale) renderer: no hinting engine, autohinter or embedded
    /// bitmap can change the result from run to run or machine to machine.
    public func rasterize(_ glyph: UInt32, pixelSize: Double, offsetX: Double) -> GlyphBitmap {
        // A fontSize of 1e20 (a scene file's, an animation's) draws nothing rather than
        // trapping in the conversion or asking FreeType for a bitmap no atlas holds.
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= FontFace.maxPixelSize, offsetX.isFinite else { return .empty }
        return lock.withLock {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else { return .empty }
            var delta = FT_Vector(x: FT_Pos((offsetX * 64).rounded()), y: 0)
            FT_Set_Transform(face, nil, &delta)
            defer { FT_Set_Transform(face, nil, nil) }
            let flags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT)
            guard FT_Load_Glyph(face, glyph, flags) == 0,
                  FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
            let slot = face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            guard w > 0, h > 0, let buffer = bitmap.buffer else { return .empty }
            var coverage = [UInt8](repeating: 0, count: w * h)
            for row in 0..<h {
                // A negative pitch means rows run bottom-up.
                let source = pitch >= 0 ? row * pitch : (h - 1 - row) * -pitch
                for col in 0..<w { coverage[row * w + col] = buffer[source + col] }
            }
            return GlyphBitmap(width: w, height: h, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                               coverage: coverage)
        }
    }
}
