import Testing
import StrataModel
import StrataRender
import StrataText
import StrataTestSupport

/// A TextLayer's string is drawn as its content: after its fill, before its sublayers
/// and its border, carrying the output scale for rasterising.
struct TextDrawListTests {
    @Test func textIsDrawnAfterTheFillAndBeforeSublayersAndBorder() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let text = TextLayer()
        text.name = "label"
        text.string = "标题"
        text.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        text.backgroundColor = .white
        text.borderWidth = 1
        let badge = Layer()
        badge.name = "badge"
        badge.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        badge.backgroundColor = .red
        text.addSublayer(badge)
        root.addSublayer(text)

        let list = try DrawListBuilder(pixelWidth: 400, pixelHeight: 200, scale: 2).build(root: root)
        let names: [String] = list.commands.compactMap {
            switch $0 {
            case .layer(let d): return d.name
            case .text(let d): return d.name
            default: return nil
            }
        }
        #expect(names == ["label", "label.text", "badge", "label.border"])
        let draw = try! #require(list.textDraws.first)
        #expect(draw.scale == 2 && draw.layout.string == "标题" && draw.bounds.size == Size(width: 100, height: 30))
        #expect(draw.matrix.m41 == 20 && draw.matrix.m11 == 2)
        #expect(draw.clip == nil)
    }

    @Test func theBorderStaysAboveTheTextWithoutSublayers() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let text = TextLayer()
        text.name = "field"
        text.string = "密码"
        text.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        text.backgroundColor = .white
        text.borderWidth = 0.5
        root.addSublayer(text)
        let commands = try DrawListBuilder(pixelWidth: 200, pixelHeight: 100, scale: 1).build(root: root).commands
        guard commands.count == 3, case .layer(let fill) = commands[0], case .text = commands[1],
              case .layer(let border) = commands[2] else {
            Issue.record("expected fill, text, border: \(commands)")
            return
        }
        #expect(fill.borderWidth == 0 && fill.backgroundColor == .white)
        #expect(border.borderWidth == 0.5 && border.backgroundColor == nil)
    }

    @Test func invisibleTextDrawsNothing() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        for configure in [{ (t: TextLayer) in t.string = nil }, { $0.string = "" }, { $0.foregroundColor = .clear },
                          { $0.isHidden = true }, { $0.opacity = 0 }] {
            let t = TextLayer()
            t.string = "x"
            configure(t)
            root.addSublayer(t)
        }
        #expect(try DrawListBuilder(pixelWidth: 100, pixelHeight: 100, scale: 1).build(root: root).textDraws.isEmpty)
    }

    @Test func opacityAndMasksToBoundsReachTheTextDraw() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let t = TextLayer()
        t.string = "Clip"
        t.frame = Rect(x: 0, y: 0, width: 50, height: 20)
        t.cornerRadius = 4
        t.masksToBounds = true
        t.opacity = 0.5
        root.addSublayer(t)
        let draw = try #require(try DrawListBuilder(pixelWidth: 100, pixelHeight: 100, scale: 1).build(root: root).textDraws.first)
        #expect(draw.opacity == 0.5)
        #expect(draw.clip?.rect == t.bounds && draw.clip?.cornerRadius == 4)
        #expect(draw.layout.lines.first?.text == "Clip")
    }

    /// The draw list carries the laid-out glyphs, placed on the output's pixels, with the
    /// atlas keys to rasterise them: built here with no GL context at all.
    @Test func theDrawListCarriesPlacedGlyphs() throws {
        let (root, _) = textScene("Hello", frame: Rect(x: 10.25, y: 20, width: 150, height: 30), width: 200, height: 60)
        let draw = try #require(try DrawListBuilder(pixelWidth: 400, pixelHeight: 120, scale: 2).build(root: root)
            .textDraws.first)
        #expect(draw.isOnPixelGrid && draw.rasterOffset == Point(x: 20.5, y: 40))
        #expect(draw.glyphs.count == 5)
        let line = try #require(draw.layout.lines.first)
        #expect(line.glyphs.count == 5)
        for (placed, laidOut) in zip(draw.glyphs, line.glyphs) {
            // Rasterised at 17 pt x 2; the pen on whole pixels plus a quarter-pixel step,
            // within an eighth of a pixel of where the layout puts it; one baseline row.
            #expect(placed.key.pixelSize64 == 17 * 2 * 64 && placed.key.face == laidOut.face && placed.key.glyph == laidOut.glyph)
            let x = placed.x + Double(placed.key.subpixel) / Double(GlyphAtlas.subpixelSteps)
            #expect(placed.x == placed.x.rounded(.down) && abs(x - (10.25 + laidOut.x) * 2) <= 0.125,
                    "pen at \(x), laid out at \((10.25 + laidOut.x) * 2)")
            #expect(placed.baseline == ((20 + line.baseline) * 2).rounded())
        }
        #expect(zip(draw.glyphs, draw.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    /// Off the pixel grid the glyphs are placed in the layer's own points times the
    /// scale, and the draw maps that raster through the layer's matrix.
    @Test func turnedTextIsPlacedInTheLayersOwnRaster() throws {
        let (root, text) = textScene("Hi", frame: Rect(x: 10, y: 20, width: 100, height: 30))
        text.transform = .makeRotation(0.2, 0, 0, 1)
        let draw = try #require(try DrawListBuilder(pixelWidth: 200, pixelHeight: 60, scale: 1).build(root: root)
            .textDraws.first)
        #expect(!draw.isOnPixelGrid && draw.rasterOffset == .zero)
        let first = try #require(draw.glyphs.first), laidOut = try #require(draw.layout.lines.first?.glyphs.first)
        #expect(abs(first.x + Double(first.key.subpixel) / 4 - laidOut.x) <= 0.125)
        // Raster space is the layer's points here: the draw's matrix takes it to pixels.
        let corner = draw.rasterToPixels.project(.zero)
        let expected = draw.matrix.project(.zero)
        #expect(abs(corner.x - expected.x) < 1e-9 && abs(corner.y - expected.y) < 1e-9)
    }
}
