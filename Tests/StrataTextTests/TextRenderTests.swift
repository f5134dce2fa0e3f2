import Testing
import StrataModel
@testable import StrataRender
import StrataText
import StrataTestSupport

/// Text through GL: pixel probes on black-on-white text, determinism, 2x crispness,
/// alignment, fallback glyphs, the shared atlas, color and opacity, clipping, 3D.
/// Frames are kept in /tmp/strata-text-tests for looking at.
@Suite(.serialized, .tags(.gl)) struct TextRenderTests {
    @Test func blackTextOnWhiteSitsOnAPixelAlignedBaseline() throws {
        let (root, text) = textScene("Hxg", frame: Rect(x: 10, y: 10, width: 180, height: 30))
        let image = try render(root)
        keep(image, "probe-Hxg")
        let metrics = try FontLibrary.shared.metrics(for: text.font)
        let baseline = Int((10 + metrics.ascender).rounded())
        let ink = try #require(image.inkBounds())
        // Nothing above the line box (the ascender) or below the descender.
        #expect(ink.minY >= 10 && ink.maxY < Int(10 + metrics.lineHeight.rounded(.up)))
        // The top of "H" is the cap height above the baseline, within a pixel.
        #expect(abs(Double(baseline - ink.minY) - metrics.capHeight) <= 1, "top \(ink.minY), baseline \(baseline)")
        // Dark glyph pixels, and a crisp baseline: H's stem is solid on the row above it
        // and nothing is under it.
        let stem = (ink.minX..<ink.minX + 6).max { image.ink($0, baseline - 3) < image.ink($1, baseline - 3) }!
        #expect(image.ink(stem, baseline - 1) > 200, "\(image.rgba(stem, baseline - 1))")
        #expect(image.ink(stem, baseline) == 0, "\(image.rgba(stem, baseline))")
        #expect(image.count(inkAbove: 200) > 30)
        // White everywhere outside the text.
        #expect(image.rgba(5, 5) == RGBA(255, 255, 255) && image.rgba(150, 20) == RGBA(255, 255, 255))
    }

    @Test func theSameStringGivesTheSamePixelsEveryTime() throws {
        let (root, _) = textScene("标题 Title 取消 好的 AVTo", frame: Rect(x: 10.3, y: 7.6, width: 180, height: 30))
        let renderer = try makeRenderer()
        let first = try render(root, scale: 2, renderer: renderer)
        let again = try render(root, scale: 2, renderer: renderer)
        let fresh = try render(root, scale: 2)
        #expect(first.pixels == again.pixels)
        #expect(first.pixels == fresh.pixels)
        #expect(first.count(inkAbove: 128) > 300)
        keep(first, "determinism@2x")
    }

    @Test func transformedTextIsTheSameWhereverTheAtlasPutItsGlyphs() throws {
        let (root, text) = textScene("登录 Login AVTo", font: .systemFont(ofSize: 20),
                                     frame: Rect(x: 20, y: 10, width: 160, height: 30))
        var t = Transform3D.identity
        t.m34 = -1.0 / 400
        text.transform = t.rotated(Transform3D.degrees(25), 1, 1, 0).scaled(1.13, 1.13, 1)
        let fresh = try render(root, scale: 2)
        // Another renderer whose atlas already holds other glyphs, so these land elsewhere.
        let used = try makeRenderer()
        _ = try render(textScene("好的 取消 提示 qwerty", frame: Rect(x: 0, y: 0, width: 200, height: 30)).root,
                       scale: 2, renderer: used)
        let again = try render(root, scale: 2, renderer: used)
        #expect(fresh.pixels == again.pixels)
        #expect(fresh.count(inkAbove: 128) > 100)
        keep(fresh, "turned@2x")
    }

    @Test func twoXTextIsRasterisedAtTwoXNotScaledUp() throws {
        let (root, _) = textScene("Hello World", frame: Rect(x: 10, y: 10, width: 180, height: 30))
        let one = try render(root, scale: 1), two = try render(root, scale: 2)
        keep(one, "crisp@1x"); keep(two, "crisp@2x")
        let solid = Double(two.count(inkAbove: 192)) / Double(one.count(inkAbove: 192))
        let edges = Double(two.count(inkBetween: 24, and: 232)) / Double(one.count(inkBetween: 24, and: 232))
        // Areas grow 4x; edges, one or two pixels wide at any scale, about 2x. Scaling
        // the 1x text up would blur them into 4x or more.
        #expect(solid > 3.2 && solid < 5.5, "solid ratio \(solid)")
        #expect(edges > 1.3 && edges < 2.8, "edge ratio \(edges)")
        // The same layout: the ink spans twice the width.
        let b1 = try #require(one.inkBounds()), b2 = try #require(two.inkBounds())
        #expect(abs(Double(b2.maxX - b2.minX) - 2 * Double(b1.maxX - b1.minX)) <= 2)
    }

    @Test func centeredTextIsCenteredInItsBounds() throws {
        for scale in [1.0, 2.0, 3.0] {
            let (root, _) = textScene("HIH", frame: Rect(x: 0, y: 10, width: 200, height: 30)) {
                $0.alignmentMode = .center
            }
            let image = try render(root, scale: scale)
            keep(image, "center@\(Int(scale))x")
            let ink = try #require(image.inkBounds())
            let center = Double(ink.minX + ink.maxX + 1) / 2
            #expect(abs(center - 100 * scale) <= 1, "scale \(scale): ink \(ink.minX)...\(ink.maxX)")
        }
        let (root, _) = textScene("HIH", frame: Rect(x: 0, y: 10, width: 200, height: 30)) { $0.alignmentMode = .right }
        let right = try #require(try render(root).inkBounds())
        #expect(right.maxX < 200 && right.maxX > 195)
    }

    @Test func chineseFallsBackToRealGlyphs() throws {
        let (root, _) = textScene("标题取消", font: .systemFont(ofSize: 17, weight: .semibold),
                                  frame: Rect(x: 10, y: 10, width: 180, height: 30))
        let image = try render(root, scale: 2)
        keep(image, "cjk@2x")
        // Each 17 pt ideograph (34 px) has plenty of ink, and distinct shapes.
        var cells: [[Int]] = []
        for i in 0..<4 {
            let x0 = 20 + 34 * i
            var cell: [Int] = []
            for y in 20..<60 { for x in x0..<x0 + 34 { cell.append(image.ink(x, y)) } }
            #expect(cell.filter { $0 > 128 }.count > 150, "glyph \(i)")
            cells.append(cell)
        }
        #expect(Set(cells).count == 4)
    }

    @Test func theAtlasIsSharedAcrossLayersAndFrames() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 80)
        root.backgroundColor = .white
        for (i, s) in ["标题", "取消", "好的"].enumerated() {
            let t = TextLayer()
            t.string = s; t.font = .systemFont(ofSize: 17); t.foregroundColor = .black
            t.frame = Rect(x: 10, y: 5 + 25 * Double(i), width: 100, height: 22)
            root.addSublayer(t)
        }
        let renderer = try makeRenderer()
        let first = try render(root, renderer: renderer)
        let version = renderer.glyphAtlas.version, glyphs = renderer.glyphAtlas.glyphCount
        #expect(glyphs == 6)
        (root.sublayers[1] as! TextLayer).string = "好的"
        let second = try render(root, renderer: renderer)
        #expect(renderer.glyphAtlas.version == version && renderer.glyphAtlas.glyphCount == glyphs,
                "no glyph rasterised again")
        #expect(first.pixels != second.pixels)
        keep(second, "shared-atlas")
    }

    @Test func colorIsPremultipliedAndTimesOpacity() throws {
        let (root, _) = textScene("I", font: .systemFont(ofSize: 60, weight: .bold), color: .red,
                                  frame: Rect(x: 10, y: 0, width: 100, height: 60)) { $0.opacity = 0.5 }
        let image = try render(root)
        keep(image, "red-half")
        var solid = 0
        for y in 0..<60 { for x in 0..<100 where image.rgba(x, y).isClose(to: RGBA(255, 128, 128), within: 1) { solid += 1 } }
        #expect(solid > 50)
        // Never darker or more saturated than the color at half opacity.
        for y in 0..<60 { for x in 0..<100 { #expect(image.rgba(x, y).g >= 127) } }
    }

    @Test func translucentTextColorsBlendOverTheBackground() throws {
        let (root, _) = textScene("I", font: .systemFont(ofSize: 60, weight: .bold),
                                  color: Color.white.withAlphaComponent(0.5),
                                  frame: Rect(x: 10, y: 0, width: 100, height: 60)) { $0.backgroundColor = .blue }
        let image = try render(root)
        var found = false
        for y in 0..<60 { for x in 0..<100 where image.rgba(x, y).isClose(to: RGBA(128, 128, 255), within: 1) { found = true } }
        #expect(found, "half-white text over blue")
    }

    @Test func masksToBoundsCutsTheText() throws {
        func scene(_ masks: Bool) -> Layer {
            textScene("A line much longer than its layer", frame: Rect(x: 10, y: 10, width: 80, height: 30)) {
                $0.masksToBounds = masks
            }.root
        }
        let overflowing = try #require(try render(scene(false)).inkBounds())
        #expect(overflowing.maxX > 120)
        let clipped = try render(scene(true))
        keep(clipped, "masks-to-bounds")
        let ink = try #require(clipped.inkBounds())
        #expect(ink.maxX <= 90)
    }

    @Test func textTurnedIn3DGoesThroughTheLayersMatrix() throws {
        let (root, text) = textScene("登录 Login", font: .systemFont(ofSize: 30, weight: .semibold),
                                     frame: Rect(x: 20, y: 10, width: 160, height: 40), width: 200, height: 60)
        let flat = try #require(try render(root, scale: 2).inkBounds())
        var t = Transform3D.identity
        t.m34 = -1.0 / 300
        text.transform = t.rotated(Transform3D.degrees(50), 0, 1, 0)
        let image = try render(root, scale: 2)
        keep(image, "perspective@2x")
        let turned = try #require(image.inkBounds())
        #expect(turned.maxX - turned.minX < (flat.maxX - flat.minX) * 3 / 4)
        #expect(image.count(inkAbove: 128) > 200)
        // Perspective: the near (left) side of the text is taller than the far side.
        func columnHeight(_ x: Int) -> Int { (0..<image.height).filter { image.ink(x, $0) > 64 }.count }
        let left = (turned.minX..<turned.minX + 20).map(columnHeight).max()!
        let right = (turned.maxX - 20...turned.maxX).map(columnHeight).max()!
        #expect(left > right, "near \(left), far \(right)")
    }
}
