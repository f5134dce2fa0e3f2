import StrataModel

/// One glyph of a laid-out text placed in a raster space: the atlas key it is rasterised
/// under and where its pen sits, in raster pixels. Placing is arithmetic only, so a draw
/// list carries placed glyphs and the renderer only rasterises and draws them.
public struct PlacedGlyph: Hashable, Sendable {
    /// Face, glyph, pixel size and the pen's quarter-pixel offset.
    public let key: GlyphAtlas.Key
    /// The pen's whole pixel; the fraction past it is in `key.subpixel`.
    public let x: Double
    /// The baseline, on a whole pixel.
    public let baseline: Double
}

/// A laid-out text placed in a raster space: pixels at `scale` per point, the text
/// box's top-left at `origin`. When the raster space is the output's own pixel grid,
/// the glyphs land on whole pixels and are copied exactly.
public struct TextPlacement: Sendable {
    public var layout: TextLayout
    public var origin: Point
    public var scale: Double

    public init(layout: TextLayout, origin: Point, scale: Double) {
        self.layout = layout; self.origin = origin; self.scale = scale
    }

    /// Every glyph of every line, in order.
    public var glyphs: [PlacedGlyph] {
        let steps = Double(GlyphAtlas.subpixelSteps)
        let pixelSize64 = Checked.clampedInt((layout.style.font.size * scale * 64).rounded())
        var out: [PlacedGlyph] = []
        out.reserveCapacity(layout.lines.reduce(0) { $0 + $1.glyphs.count })
        for line in layout.lines {
            // Baselines on whole pixels: crisp horizontals, the same row every frame. A
            // mark raised or lowered by shaping sits on its own whole pixel.
            let baseline = (origin.y + line.baseline * scale).rounded()
            for g in line.glyphs {
                let y = g.y == line.baseline ? baseline : (origin.y + g.y * scale).rounded()
                let quarters = ((origin.x + g.x * scale) * steps).rounded()
                let pixel = (quarters / steps).rounded(.down)
                let key = GlyphAtlas.Key(face: g.face, glyph: g.glyph, pixelSize64: pixelSize64,
                                         subpixel: Int(quarters - pixel * steps))
                out.append(PlacedGlyph(key: key, x: pixel, baseline: y))
            }
        }
        return out
    }
}
