import StrataModel

/// One glyph to draw: a rectangle in raster pixels, whole pixels in size, and the atlas
/// rectangle (texels) that covers it texel for texel.
public struct GlyphQuad: Hashable, Sendable {
    public var x0: Double, y0: Double, x1: Double, y1: Double
    public var atlasX: Int, atlasY: Int, atlasWidth: Int, atlasHeight: Int
}

extension GlyphAtlas {
    /// The quads of several glyph runs (one frame's texts), rasterising what the atlas
    /// lacks. If the atlas fills up, it starts over, growing when needed, and places them
    /// all again, so every quad returned refers to the atlas as it is now.
    public func quads(for runs: [[PlacedGlyph]]) -> [[GlyphQuad]] {
        var attempt = 0
        while true {
            let last = width >= maximumSide && attempt > 0
            if let quads = tryQuads(runs, skippingMissing: last) { return quads }
            clear(growing: attempt > 0)
            attempt += 1
        }
    }

    private func tryQuads(_ runs: [[PlacedGlyph]], skippingMissing: Bool) -> [[GlyphQuad]]? {
        var out: [[GlyphQuad]] = []
        for run in runs {
            var quads: [GlyphQuad] = []
            quads.reserveCapacity(run.count)
            for g in run {
                guard let e = entry(for: g.key) else {
                    if skippingMissing { continue }
                    return nil
                }
                if e.isEmpty { continue }
                let x0 = g.x + Double(e.left), y0 = g.baseline - Double(e.top)
                quads.append(GlyphQuad(x0: x0, y0: y0, x1: x0 + Double(e.width), y1: y0 + Double(e.height),
                                       atlasX: e.x, atlasY: e.y, atlasWidth: e.width, atlasHeight: e.height))
            }
            out.append(quads)
        }
        return out
    }
}
