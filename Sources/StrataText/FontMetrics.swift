/// A font's vertical metrics in points, from its own tables (hhea via FreeType; cap and
/// x height from OS/2): what puts baselines where the font's designer meant them.
public struct FontMetrics: Hashable, Sendable {
    /// Baseline to the top of the line box.
    public var ascender: Double
    /// Baseline to the bottom of the line box, positive.
    public var descender: Double
    /// Extra space the font asks for between lines.
    public var lineGap: Double
    public var capHeight: Double
    public var xHeight: Double

    /// Baseline-to-baseline distance of consecutive lines.
    public var lineHeight: Double { ascender + descender + lineGap }
}
