import StrataModel

/// Measuring a text layer needs fonts, so it lives here rather than in the model: the
/// model stays free of FreeType, and `import StrataText` brings these onto TextLayer.
extension TextLayer {
    /// The size the text takes when its lines wrap to `size.width` (unconstrained when
    /// it is not positive or infinite); `size.height` is ignored, as UILabel's
    /// sizeThatFits mostly does: `numberOfLines` limits the height. Exact, not rounded:
    /// round up to the pixel grid where a frame is set from it.
    public func sizeThatFits(_ size: Size, library: FontLibrary = .shared) throws -> Size {
        guard let s = string, !s.isEmpty else { return .zero }
        let width = size.width.isFinite && size.width > 0 ? size.width : nil
        return try library.layout(s, style: style, width: width).size
    }

    /// CALayer's preferredFrameSize: the size of the text on unlimited width.
    public func preferredFrameSize(library: FontLibrary = .shared) throws -> Size {
        try sizeThatFits(Size(width: 0, height: 0), library: library)
    }

    /// The text as it is drawn in the current bounds.
    public func textLayout(library: FontLibrary = .shared) throws -> TextLayout {
        try library.layout(string ?? "", style: style, width: bounds.width, height: bounds.height)
    }

    /// Where the first line's baseline sits below the top of the bounds (the offset
    /// Auto Layout's firstBaseline anchor uses).
    public func firstBaseline(library: FontLibrary = .shared) throws -> Double {
        let metrics = try library.metrics(for: font)
        return lineHeight.map { $0 - metrics.descender } ?? metrics.ascender
    }
}
