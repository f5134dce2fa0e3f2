/// One glyph rasterised by FreeType: 8-bit coverage (grayscale anti-aliasing), rows
/// top-down, placed relative to the pen position on the baseline.
public struct GlyphBitmap: Sendable {
    public let width: Int
    public let height: Int
    /// Pixels from the pen to the bitmap's left edge.
    public let left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    public let top: Int
    /// width * height coverage bytes.
    public let coverage: [UInt8]

    public static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])
}
