/// NSTextAlignment's horizontal placements of each line within the text's width.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left
    case center
    case right
    /// The script's own direction; Strata lays out left to right only, so it is `left`.
    case natural
}

/// NSLineBreakMode: where lines break, and what the last visible line does with text
/// that does not fit (UILabel's `lineBreakMode`).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Lines break between words (and between CJK characters); text beyond the last
    /// line is dropped.
    case byWordWrapping
    /// Lines break between any two characters.
    case byCharWrapping
    /// Lines break between words; the last line keeps the rest of its paragraph, running
    /// past the edge (cut only by masksToBounds).
    case byClipping
    /// The last line ends in "…" where the text is cut.
    case byTruncatingTail
    /// The last line keeps its start and its end, with "…" between.
    case byTruncatingMiddle
    /// The last line starts with "…" and keeps its end.
    case byTruncatingHead

    /// True for the modes that put "…" where text is cut.
    public var truncates: Bool {
        self == .byTruncatingTail || self == .byTruncatingMiddle || self == .byTruncatingHead
    }
}

/// Everything about a block of text that decides where its glyphs go, apart from the
/// string and the box: what the text engine lays out and caches by.
public struct TextStyle: Hashable, Sendable {
    public var font: Font
    public var alignment: TextAlignment
    public var lineBreakMode: LineBreakMode
    /// The most lines shown; 0 means no limit (UILabel's `numberOfLines`).
    public var numberOfLines: Int
    /// Distance between baselines in points; nil uses the font's own line height
    /// (ascender + descender + line gap). Extra height goes above the text, as with
    /// NSParagraphStyle's minimum/maximumLineHeight.
    public var lineHeight: Double?

    public init(font: Font, alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .byWordWrapping,
                numberOfLines: Int = 0, lineHeight: Double? = nil) {
        self.font = font; self.alignment = alignment; self.lineBreakMode = lineBreakMode
        self.numberOfLines = numberOfLines; self.lineHeight = lineHeight
    }
}
