import Testing
import StrataModel
import StrataText
import StrataTestSupport

/// The atlas without GL: glyphs keyed by face, pixel size and subpixel offset, placed
/// on whole pixels, kept across calls, and the atlas starting over when full.
struct GlyphAtlasTests {
    func glyphs(_ string: String, size: Double = 17, scale: Double = 1, at origin: Point = .zero) throws -> [PlacedGlyph] {
        TextPlacement(layout: try TextLayout(string: string, style: TextStyle(font: .systemFont(ofSize: size))),
                      origin: origin, scale: scale).glyphs
    }

    @Test func glyphsAreRasterisedOnceAndReused() throws {
        let atlas = GlyphAtlas()
        let text = try glyphs("标题 Hello")
        let first = atlas.quads(for: [text])
        let count = atlas.glyphCount, version = atlas.version
        #expect(count >= 6)
        let again = atlas.quads(for: [text, text])
        #expect(again[0] == first[0] && again[1] == first[0])
        #expect(atlas.glyphCount == count && atlas.version == version, "nothing new to rasterise")
        // Twice the scale is a different pixel size: new glyphs, rasterised at 2x.
        _ = atlas.quads(for: [try glyphs("标题 Hello", scale: 2)])
        #expect(atlas.glyphCount > count && atlas.version > version)
    }

    @Test func quadsSitOnWholePixelsWithBaselinesSnapped() throws {
        let atlas = GlyphAtlas()
        let quads = atlas.quads(for: [try glyphs("Hxo", at: Point(x: 10.3, y: 20.4))])[0]
        #expect(quads.count == 3)
        for q in quads {
            #expect(q.x0 == q.x0.rounded() && q.y0 == q.y0.rounded() && q.x1 == q.x1.rounded() && q.y1 == q.y1.rounded())
            #expect(q.x1 - q.x0 == Double(q.atlasWidth) && q.y1 - q.y0 == Double(q.atlasHeight), "one texel per pixel")
        }
        // "H" and "x" stand on the same baseline: their bottoms (padding included) match.
        #expect(quads[0].y1 == quads[1].y1)
    }

    @Test func subpixelPositionsGetTheirOwnRasters() throws {
        let atlas = GlyphAtlas()
        _ = atlas.quads(for: [try glyphs("H", at: Point(x: 0, y: 0))])
        let one = atlas.glyphCount
        _ = atlas.quads(for: [try glyphs("H", at: Point(x: 0.25, y: 0))])
        #expect(atlas.glyphCount == one + 1)
        _ = atlas.quads(for: [try glyphs("H", at: Point(x: 5.0, y: 3.3))])
        #expect(atlas.glyphCount == one + 1, "whole-pixel moves reuse the raster")
    }

    @Test func aFullAtlasStartsOverAndGrows() throws {
        let atlas = GlyphAtlas(width: 64, height: 64, maximumSide: 256)
        let text = try glyphs("登录密码提示标题取消好的", size: 30)
        let quads = atlas.quads(for: [text])[0]
        #expect(quads.count == 12)
        #expect(atlas.width > 64)
        for q in quads {
            #expect(q.atlasX >= 0 && q.atlasY >= 0)
            #expect(q.atlasX + q.atlasWidth <= atlas.width && q.atlasY + q.atlasHeight <= atlas.height)
        }
        // Another text that does not fit with the first: the atlas starts over, and the
        // quads of both refer to it as it is now.
        let other = try glyphs("文本对话框保存或删除数据重置", size: 30)
        let both = atlas.quads(for: [text, other])
        #expect(both[0].count == 12 && both[1].count == 14)
    }

    @Test func coverageIsGrayscaleAntialiased() throws {
        let atlas = GlyphAtlas()
        _ = atlas.quads(for: [try glyphs("O", size: 40)])
        let levels = Set(atlas.coverage)
        #expect(levels.contains(0) && levels.contains(255))
        #expect(levels.count > 30, "edges take intermediate coverage")
    }
}
