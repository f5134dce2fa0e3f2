import StrataModel

/// One glyph to draw: a rectangle in raster pixels, whole pixels in size, and the atlas
/// rectangle (texels) that covers it texel for texel.
public struct GlyphQuad: Hashable, Sendable {
    public var x0: Double, y0: Double, x1: Double, y1: Double
    public var atlasX: Int, atlasY: Int, atlasWidth: Int, atlasHeight: Int
}

/// A laid-out text placed in a raster space: pixels at `scale` per point, the text
/// box's top-left at `origin`. When the raster space is the output's own pixel grid,
/// the quads land on whole pixels and the glyphs are copied exactly.
public struct TextPlacement: Sendable {
    public var layout: TextLayout
    public var origin: Point
    public var scale: Double

    public init(layout: TextLayout, origin: Point, scale: Double) {
        self.layout = layout; self.origin = origin; self.scale = scale
    }
}

extension GlyphAtlas {
    /// The quads of several texts (one frame's), rasterising what the atlas lacks. If
    /// the atlas fills up, it starts over, growing when needed, and places them all
    /// again, so every quad returned refers to the atlas as it is now.
    public func quads(for placements: [TextPlacement]) -> [[GlyphQuad]] {
        var attempt = 0
        while true {
            let last = width >= maximumSide && attempt > 0
            if let quads = tryQuads(placements, skippingMissing: last) { return quads }
            clear(growing: attempt > 0)
            attempt += 1
        }
    }

    private func tryQuads(_ placements: [TextPlacement], skippingMissing: Bool) -> [[GlyphQuad]]? {
        let steps = Double(GlyphAtlas.subpixelSteps)
        var out: [[GlyphQuad]] = []
        for p in placements {
            let pixelSize64 = Int((p.layout.style.font.size * p.scale * 64).rounded())
            var quads: [GlyphQuad] = []
            quads.reserveCapacity(p.layout.lines.reduce(0) { $0 + $1.glyphs.count })
            for line in p.layout.lines {
                // Baselines on whole pixels: crisp horizontals, the same row every frame.
                let baseline = (p.origin.y + line.baseline * p.scale).rounded()
                for g in line.glyphs {
                    let quarters = ((p.origin.x + g.x * p.scale) * steps).rounded()
                    let pixel = (quarters / steps).rounded(.down)
                    let key = Key(face: g.face, glyph: g.glyph, pixelSize64: pixelSize64,
                                  subpixel: Int(quarters - pixel * steps))
                    guard let e = entry(for: key) else {
                        if skippingMissing { continue }
                        return nil
                    }
                    if e.isEmpty { continue }
                    let x0 = pixel + Double(e.left), y0 = baseline - Double(e.top)
                    quads.append(GlyphQuad(x0: x0, y0: y0, x1: x0 + Double(e.width), y1: y0 + Double(e.height),
                                           atlasX: e.x, atlasY: e.y, atlasWidth: e.width, atlasHeight: e.height))
                }
            }
            out.append(quads)
        }
        return out
    }
}
