import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// Shape layers (CAShapeLayer): fill rules, stroke width, caps, dashes and trimming probed
/// at pixels worked out by hand (black on white, so a covered pixel is (0, 0, 0) and an
/// empty one (255, 255, 255)); a gallery frame against its reference; the raster cache.
@Suite(.serialized, .tags(.gl)) struct ShapeRenderTests {
    static let black = RGBA(0, 0, 0), white = RGBA(255, 255, 255)

    func root(_ w: Double = 480, _ h: Double = 320) -> Layer {
        let r = Layer()
        r.bounds = Rect(x: 0, y: 0, width: w, height: h)
        r.backgroundColor = .white
        return r
    }

    /// A shape layer over `frame` (the whole root unless given), its path in its own points.
    static func shape(_ path: Path, fill: Color? = nil, stroke: Color? = .black, width: Double = 1,
                      frame: Rect = Rect(x: 0, y: 0, width: 480, height: 320),
                      _ configure: (ShapeLayer) -> Void = { _ in }) -> ShapeLayer {
        let s = ShapeLayer()
        s.frame = frame
        s.path = path
        s.fillColor = fill
        s.strokeColor = stroke
        s.lineWidth = width
        configure(s)
        return s
    }

    func shape(_ path: Path, fill: Color? = nil, stroke: Color? = .black, width: Double = 1,
               _ configure: (ShapeLayer) -> Void = { _ in }) -> ShapeLayer {
        Self.shape(path, fill: fill, stroke: stroke, width: width, configure)
    }

    /// A five-pointed star drawn tip to every second tip, as a pentagram is: its middle
    /// pentagon is wound twice.
    static func star(center c: Point, radius r: Double) -> Path {
        var p = Path()
        p.addLines(between: (0..<5).map { k in
            let a = (-90.0 + 144.0 * Double(k)) * Double.pi / 180
            return Point(c.x + r * cos(a), c.y + r * sin(a))
        })
        p.closeSubpath()
        return p
    }

    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        var p = Path()
        p.addLines(between: [Point(x0, y0), Point(x1, y1)])
        return p
    }

    func render(_ layers: [Layer], scale: Double = 1, renderer: Renderer? = nil) throws -> Image {
        let r = root()
        layers.forEach { r.addSublayer($0) }
        return try (renderer ?? makeRenderer()).render(layer: r, pixelWidth: Int(480 * scale), pixelHeight: Int(320 * scale), scale: scale)
    }

    /// The pentagram's middle (winding number 2) is filled under nonZero and empty under
    /// evenOdd; an arm (winding 1) is filled under both. Star of radius 50 at (60, 60):
    /// the inner pentagon's radius is 50 cos 72° / cos 36° = 19.1; the top arm at y = 20.5
    /// is 3.4 wide either side of x = 60.
    @Test func evenOddEmptiesTheStarsMiddleNonZeroFillsIt() throws {
        let nonZero = shape(Self.star(center: Point(60, 60), radius: 50), fill: .black, stroke: nil)
        let evenOdd = shape(Self.star(center: Point(180, 60), radius: 50), fill: .black, stroke: nil) { $0.fillRule = .evenOdd }
        let image = try render([nonZero, evenOdd])
        #expect(image.rgba(60, 60) == Self.black)
        #expect(image.rgba(180, 60) == Self.white)
        #expect(image.rgba(60, 20) == Self.black)
        #expect(image.rgba(180, 20) == Self.black)
        #expect(image.rgba(60, 5) == Self.white, "above the tip")
    }

    /// A 10 pt line along y = 100 covers y 95...105: pixel rows 95-104 whole, 94 and 105 not at all.
    @Test func aStrokeIsLineWidthAcross() throws {
        let image = try render([shape(Self.line(40, 100, 240, 100), width: 10)])
        #expect(image.rgba(140, 94) == Self.white)
        #expect(image.rgba(140, 95) == Self.black)
        #expect(image.rgba(140, 104) == Self.black)
        #expect(image.rgba(140, 105) == Self.white)
        #expect(image.count(Self.black, within: 0, x: 140..<141, y: 80..<120) == 10)
        // At 2x the same line is 20 pixels across, rows 190-209.
        let twice = try render([shape(Self.line(40, 100, 240, 100), width: 10)], scale: 2)
        #expect(twice.count(Self.black, within: 0, x: 280..<281, y: 160..<240) == 20)
        #expect(twice.rgba(280, 189) == Self.white && twice.rgba(280, 190) == Self.black)
    }

    /// A 20 pt line ending at x = 240, y = 150. Butt: nothing past 240. Round: a half disc
    /// of radius 10 past it ((245.5, 150.5) is 5.5 out, inside), not the square's corner
    /// ((248.5, 158.5) is 12 from the end). Square: 10 more, corners included.
    @Test func capsAtALinesEnd() throws {
        func end(_ cap: ShapeLayer.LineCap) throws -> Image {
            try render([shape(Self.line(40, 150, 240, 150), width: 20) { $0.lineCap = cap }])
        }
        let butt = try end(.butt), round = try end(.round), square = try end(.square)
        #expect(butt.rgba(238, 150) == Self.black)
        #expect(butt.rgba(242, 150) == Self.white)
        #expect(round.rgba(245, 150) == Self.black)
        #expect(round.rgba(251, 150) == Self.white)
        #expect(round.rgba(248, 158) == Self.white)
        #expect(square.rgba(248, 158) == Self.black)
        #expect(square.rgba(250, 150) == Self.white)
        // The round cap's start, at x = 40: (31.5, 150.5) is 8.5 from it.
        #expect(round.rgba(31, 150) == Self.black && butt.rgba(31, 150) == Self.white)
    }

    /// Dashes of 20 and gaps of 10 from x = 40: dashes over 40-60, 70-90, 100-120, gaps
    /// over 60-70 and 90-100. A phase of 5 starts 5 into the pattern: dash 40-55, gap
    /// 55-65, dash 65-85.
    @Test func aDashedLinesGaps() throws {
        let dashed = try render([shape(Self.line(40, 200, 240, 200), width: 8) { $0.lineDashPattern = [20, 10] }])
        #expect(dashed.rgba(50, 200) == Self.black)
        #expect(dashed.rgba(65, 200) == Self.white)
        #expect(dashed.rgba(80, 200) == Self.black)
        #expect(dashed.rgba(95, 200) == Self.white)
        #expect(dashed.count(Self.black, within: 0, x: 40..<100, y: 200..<201) == 40)
        let phased = try render([shape(Self.line(40, 200, 240, 200), width: 8) { $0.lineDashPattern = [20, 10]; $0.lineDashPhase = 5 }])
        #expect(phased.rgba(50, 200) == Self.black)
        #expect(phased.rgba(60, 200) == Self.white)
        #expect(phased.rgba(70, 200) == Self.black)
    }

    /// A circle of radius 50 about (360, 100), as CGPath adds an ellipse: from its right-most
    /// point towards +y. strokeEnd 0.5 strokes the half below the centre only.
    @Test func aHalfRingAtStrokeEndOneHalf() throws {
        let ring = shape(.ellipse(in: Rect(x: 310, y: 50, width: 100, height: 100)), width: 10) { $0.strokeEnd = 0.5 }
        let image = try render([ring])
        #expect(image.rgba(360, 150) == Self.black, "bottom")
        #expect(image.rgba(360, 49) == Self.white, "top")
        let d = 50 / 2.0.squareRoot()
        #expect(image.rgba(Int(360 + d), Int(100 + d)) == Self.black, "45° below right")
        #expect(image.rgba(Int(360 - d), Int(100 - d)) == Self.white, "45° above left")
        // strokeStart 0.5 to 1 strokes the other half.
        let top = try render([shape(.ellipse(in: Rect(x: 310, y: 50, width: 100, height: 100)), width: 10) { $0.strokeStart = 0.5 }])
        #expect(top.rgba(360, 150) == Self.white && top.rgba(360, 49) == Self.black)
    }

    /// CA's order: background, then the path's fill, then its stroke, then sublayers, then
    /// the border on top.
    @Test func fillThenStrokeAboveTheBackgroundBelowSublayersAndBorder() throws {
        let s = ShapeLayer()
        s.frame = Rect(x: 100, y: 100, width: 100, height: 100)
        s.backgroundColor = .red
        s.path = .rect(Rect(x: 0, y: 0, width: 100, height: 100))
        s.fillColor = .green
        s.strokeColor = .blue
        s.lineWidth = 20
        s.borderWidth = 4
        s.borderColor = .black
        let sub = Layer()
        sub.frame = Rect(x: 40, y: 40, width: 20, height: 20)
        sub.backgroundColor = .white
        s.addSublayer(sub)
        let image = try render([s])
        #expect(image.rgba(130, 130) == RGBA(0, 255, 0), "fill over the background")
        #expect(image.rgba(106, 150) == RGBA(0, 0, 255), "stroke over the fill (inside its 10 pt half)")
        #expect(image.rgba(150, 150) == Self.white, "sublayer over the fill")
        #expect(image.rgba(101, 150) == Self.black, "border over the stroke")
        #expect(image.rgba(95, 150) == RGBA(0, 0, 255), "the stroke's outer half, outside the bounds")
    }

    /// Turned about y under perspective, the raster is drawn through the layer's plane:
    /// the square's centre stays covered, the frame's corners stay white.
    @Test func aShapeUnderPerspective() throws {
        let s = shape(.rect(Rect(x: 0, y: 0, width: 200, height: 200)), fill: .black, stroke: nil)
        s.frame = Rect(x: 140, y: 60, width: 200, height: 200)
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        s.transform = t.rotated(Transform3D.degrees(40), 0, 1, 0)
        let list = try DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1).build(root: { let r = root(); r.addSublayer(s); return r }())
        #expect(list.shapeDraws.count == 1 && list.shapeDraws.first?.isOnPixelGrid == false)
        let image = try render([s])
        #expect(image.rgba(240, 160) == Self.black)
        #expect(image.rgba(145, 65) == Self.white && image.rgba(335, 255) == Self.white, "the corners of the unturned square")
    }

    /// An unchanged shape is rasterized once; a colour or opacity change, or a move by
    /// whole pixels, reuses the raster; a new strokeEnd rasterizes again.
    @Test func theRasterIsKeptWhileTheGeometryHolds() throws {
        let renderer = try makeRenderer()
        let r = root()
        // Well inside the frame (miter joins reach 10 half-widths out), so no move cuts it.
        let s = shape(.ellipse(in: Rect(x: 150, y: 100, width: 100, height: 100)), width: 6)
        r.addSublayer(s)
        func frame() throws { _ = try renderer.render(layer: r, pixelWidth: 480, pixelHeight: 320, scale: 1) }
        try frame()
        #expect(renderer.shapePass?.rasterizedCount == 1)
        s.strokeColor = .red
        s.opacity = 0.5
        try frame()
        s.position = Point(s.position.x + 7, s.position.y + 3)
        try frame()
        #expect(renderer.shapePass?.rasterizedCount == 1)
        s.strokeEnd = 0.25
        try frame()
        #expect(renderer.shapePass?.rasterizedCount == 2)
    }

    /// Every case together, in colour, turned and scaled, at 1x and 2x: the references, looked at.
    @Test(arguments: [1.0, 2.0]) func theGallery(scale: Double) throws {
        let image = try render(Self.gallery(), scale: scale)
        try expectMatchesReference(image, scale == 1 ? "shapes/gallery" : "shapes/gallery@2x")
    }

    static func gallery() -> [Layer] {
        func layer(_ frame: Rect, _ path: Path, fill: Color?, stroke: Color?, width: Double = 1,
                   _ configure: (ShapeLayer) -> Void = { _ in }) -> ShapeLayer {
            shape(path, fill: fill, stroke: stroke, width: width, frame: frame, configure)
        }
        let blue = Color.systemBlue, red = Color.systemRed, green = Color.systemGreen
        var curve = Path()
        curve.move(to: Point(10, 90))
        curve.addCurve(to: Point(150, 50), control1: Point(60, 0), control2: Point(120, 0))
        curve.addQuadCurve(to: Point(290, 10), control: Point(250, 120))
        curve.addLine(to: Point(290, 90))
        curve.closeSubpath()
        var zigzag = Path()
        zigzag.addLines(between: [Point(10, 50), Point(40, 10), Point(70, 50), Point(100, 10)])
        var turned = Transform3D.identity
        turned.m34 = -1.0 / 500
        return [
            layer(Rect(x: 0, y: 0, width: 120, height: 120), star(center: Point(60, 60), radius: 50), fill: blue, stroke: nil),
            layer(Rect(x: 120, y: 0, width: 120, height: 120), star(center: Point(60, 60), radius: 50), fill: blue, stroke: .black) {
                $0.fillRule = .evenOdd; $0.lineJoin = .round; $0.lineWidth = 3
            },
            layer(Rect(x: 250, y: 10, width: 110, height: 60), zigzag, fill: nil, stroke: .black, width: 10),
            layer(Rect(x: 250, y: 60, width: 110, height: 60), zigzag, fill: nil, stroke: .black, width: 10) { $0.lineJoin = .round; $0.lineCap = .round },
            layer(Rect(x: 360, y: 10, width: 110, height: 60), zigzag, fill: nil, stroke: .black, width: 10) { $0.lineJoin = .bevel; $0.lineCap = .square },
            layer(Rect(x: 370, y: 70, width: 100, height: 100), .ellipse(in: Rect(x: 10, y: 10, width: 80, height: 80)), fill: nil, stroke: red, width: 10) {
                $0.strokeEnd = 0.7; $0.lineCap = .round; $0.backgroundColor = Color(white: 0.93); $0.cornerRadius = 12
            },
            layer(Rect(x: 10, y: 130, width: 300, height: 40), line(10, 20, 290, 20), fill: nil, stroke: green, width: 8) {
                $0.lineDashPattern = [20, 10]; $0.lineDashPhase = 5
            },
            layer(Rect(x: 10, y: 170, width: 300, height: 140), curve, fill: Color(r8: 255, g8: 204, b8: 0, alpha: 0.5), stroke: .systemPurple, width: 6) {
                $0.lineJoin = .round
                $0.transform = Transform3D.makeRotation(Transform3D.degrees(6), 0, 0, 1)
            },
            layer(Rect(x: 330, y: 180, width: 120, height: 120), .roundedRect(Rect(x: 10, y: 10, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20),
                  fill: blue, stroke: .black, width: 4) {
                $0.lineDashPattern = [12, 6]
                $0.transform = turned.rotated(Transform3D.degrees(35), 0, 1, 0)
            },
        ]
    }
}
