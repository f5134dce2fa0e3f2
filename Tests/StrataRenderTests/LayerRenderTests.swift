import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// Single-layer scenes whose pixels can be worked out exactly.
@Suite(.serialized) struct LayerRenderTests {
    func root(_ w: Double = 100, _ h: Double = 100) -> Layer {
        let r = Layer()
        r.bounds = Rect(x: 0, y: 0, width: w, height: h)
        r.backgroundColor = .white
        return r
    }

    /// A 2 x 1 bitmap: red on the left, blue on the right.
    var redBlue: Image {
        var i = Image(width: 2, height: 1)
        i.setPixel(x: 0, y: 0, .red)
        i.setPixel(x: 1, y: 0, .blue)
        return i
    }

    func contentsLayer(turned degrees: Double) -> Layer {
        let l = Layer()
        l.frame = Rect(x: 10, y: 10, width: 80, height: 80)
        l.contents = redBlue
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        l.transform = t.rotated(Transform3D.degrees(degrees), 0, 1, 0)
        return l
    }

    @Test func contentsAreDrawnAsATexture() throws {
        let r = root()
        r.addSublayer(contentsLayer(turned: 0))
        let image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        #expect(image.rgba(20, 50) == RGBA(255, 0, 0))
        #expect(image.rgba(80, 50) == RGBA(0, 0, 255))
        #expect(image.rgba(5, 50) == RGBA(255, 255, 255))
    }

    @Test func aBackFacingLayerIsMirrored() throws {
        let r = root()
        r.addSublayer(contentsLayer(turned: 180))
        let image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        // Turned half way round about y, the layer's left (red) half is now on the right.
        #expect(image.rgba(20, 50) == RGBA(0, 0, 255), "\(image.rgba(20, 50))")
        #expect(image.rgba(80, 50) == RGBA(255, 0, 0), "\(image.rgba(80, 50))")
    }

    @Test func aSingleSidedLayerFacingAwayIsNotDrawn() throws {
        let r = root()
        let l = contentsLayer(turned: 180)
        l.isDoubleSided = false
        r.addSublayer(l)
        let image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        #expect(image.rgba(20, 50) == RGBA(255, 255, 255) && image.rgba(80, 50) == RGBA(255, 255, 255))
    }

    @Test func roundedCornersAreCutAndAntialiased() throws {
        let r = root()
        let l = Layer()
        l.frame = Rect(x: 20, y: 20, width: 60, height: 60)
        l.backgroundColor = .black
        l.cornerRadius = 20
        r.addSublayer(l)
        let image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        // The corner circle is centred at (40, 40) with radius 20: (22, 22) is 25 px from it.
        #expect(image.rgba(22, 22) == RGBA(255, 255, 255))
        #expect(image.rgba(50, 50) == RGBA(0, 0, 0))
        // On the arc at 45 degrees the pixel is partly covered: a grey, not black or white.
        let edge = image.rgba(25, 25)  // centre (25.5, 25.5) is 20.5 px from (40, 40): just outside
        #expect(edge.r > 60 && edge.r < 255, "\(edge)")
        // A straight edge on a pixel boundary is crisp.
        #expect(image.rgba(19, 50) == RGBA(255, 255, 255) && image.rgba(20, 50) == RGBA(0, 0, 0))
    }

    @Test func groupOpacityCompositesOverlappingSublayersOnce() throws {
        let r = root()
        let group = Layer()
        group.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        group.opacity = 0.5
        for x in [10.0, 30.0] {
            let s = Layer()
            s.frame = Rect(x: x, y: 10, width: 40, height: 40)
            s.backgroundColor = .black
            group.addSublayer(s)
        }
        r.addSublayer(group)
        let image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        // Half-transparent black over white is 128 everywhere, overlap included (a
        // per-layer opacity would give 64 where the two overlap).
        #expect(image.rgba(20, 20).isClose(to: RGBA(128, 128, 128), within: 1))
        #expect(image.rgba(40, 20).isClose(to: RGBA(128, 128, 128), within: 1), "\(image.rgba(40, 20))")
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() throws {
        let r = root()
        let box = Layer()
        box.frame = Rect(x: 20, y: 20, width: 60, height: 60)
        box.cornerRadius = 20
        box.masksToBounds = true
        let child = Layer()
        child.frame = Rect(x: -50, y: -50, width: 200, height: 200)
        child.backgroundColor = .blue
        box.addSublayer(child)
        r.addSublayer(box)
        let image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        #expect(image.rgba(50, 50) == RGBA(0, 0, 255))
        #expect(image.rgba(10, 50) == RGBA(255, 255, 255))
        #expect(image.rgba(22, 22) == RGBA(255, 255, 255))  // cut corner
    }

    @Test func borderIsDrawnInsideTheBoundsOverSublayers() throws {
        let r = root()
        let box = Layer()
        box.frame = Rect(x: 20, y: 20, width: 60, height: 60)
        box.borderWidth = 5
        box.borderColor = .red
        let child = Layer()
        child.frame = Rect(x: 0, y: 0, width: 60, height: 60)
        child.backgroundColor = .blue
        box.addSublayer(child)
        r.addSublayer(box)
        let image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        #expect(image.rgba(22, 50) == RGBA(255, 0, 0))   // border over the child
        #expect(image.rgba(26, 50) == RGBA(0, 0, 255))   // inside the border
        #expect(image.rgba(19, 50) == RGBA(255, 255, 255))  // nothing outside the bounds
    }

    @Test func radialAndConicGradients() throws {
        let r = root()
        let g = GradientLayer()
        g.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        g.type = .radial
        g.colors = [.black, .white]
        g.startPoint = Point(x: 0.5, y: 0.5)
        g.endPoint = Point(x: 1, y: 1)
        r.addSublayer(g)
        var image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        // Radius 50 pt: the pixel centred 25 pt right of centre is half way: 128.
        #expect(image.rgba(75, 49).isClose(to: RGBA(128, 128, 128), within: 3), "\(image.rgba(75, 49))")
        #expect(image.rgba(50, 50).r < 5)
        g.type = .conic
        g.endPoint = Point(x: 1, y: 0.5)
        image = try makeRenderer().render(layer: r, pixelWidth: 100, pixelHeight: 100, scale: 1)
        // Conic from +x, clockwise on screen: straight down (a quarter turn) is 25% white.
        #expect(image.rgba(50, 90).isClose(to: RGBA(64, 64, 64), within: 3), "\(image.rgba(50, 90))")
        // Straight up is three quarters round: 75% white.
        #expect(image.rgba(50, 10).isClose(to: RGBA(191, 191, 191), within: 3), "\(image.rgba(50, 10))")
    }

    /// Twelve stops, alternating black and white every 1/11 of the width: more than the
    /// 8 an earlier renderer kept. Each stop's pixel column is its own colour.
    @Test func gradientsTakeAnyNumberOfStops() throws {
        let r = root()
        let g = GradientLayer()
        g.frame = Rect(x: 0, y: 0, width: 111, height: 20)
        g.colors = (0..<12).map { $0 % 2 == 0 ? Color.black : Color.white }
        g.startPoint = Point(x: 0, y: 0.5)
        g.endPoint = Point(x: 1, y: 0.5)
        r.addSublayer(g)
        let image = try makeRenderer().render(layer: r, pixelWidth: 111, pixelHeight: 20, scale: 1)
        // Stop k sits at x = 111 * k / 11 = 10.09 k points; the pixel column x samples t at
        // its centre (x + 0.5) / 111. Columns 10 (t 0.0946, stop 1 at 0.0909) and 90
        // (t 0.815, stop 9 at 0.818) are white or nearly; columns 20 and 80 nearly black.
        #expect(image.rgba(10, 10).r > 235, "\(image.rgba(10, 10))")
        #expect(image.rgba(90, 10).r > 235, "\(image.rgba(90, 10))")
        #expect(image.rgba(20, 10).r < 20, "\(image.rgba(20, 10))")
        #expect(image.rgba(80, 10).r < 20, "\(image.rgba(80, 10))")
        // Between stops 10 (black, t 10/11) and 11 (white, t 1): column 105 samples
        // t = 105.5 / 111 = 0.9505, 0.4555 of the way: 255 * 0.4555 = 116.
        #expect(image.rgba(105, 10).isClose(to: RGBA(116, 116, 116), within: 3), "\(image.rgba(105, 10))")
    }

    @Test func outputScaleRendersAtHigherResolution() throws {
        let r = root()
        let l = Layer()
        l.frame = Rect(x: 10, y: 10, width: 30, height: 30)
        l.backgroundColor = .black
        r.addSublayer(l)
        let image = try makeRenderer().render(layer: r, pixelWidth: 300, pixelHeight: 300, scale: 3)
        #expect(image.width == 300)
        #expect(image.rgba(29, 60) == RGBA(255, 255, 255) && image.rgba(30, 60) == RGBA(0, 0, 0))
        #expect(image.rgba(119, 60) == RGBA(0, 0, 0) && image.rgba(120, 60) == RGBA(255, 255, 255))
    }

    @Test func sizesBeyondTheLimitAreRefusedBeforeAllocating() throws {
        let renderer = try makeRenderer()
        #expect(throws: RenderError.sizeOutOfRange(width: 20000, height: 10, limit: 16384)) {
            try renderer.render(layer: root(), pixelWidth: 20000, pixelHeight: 10, scale: 1)
        }
        #expect(throws: RenderError.sizeOutOfRange(width: 0, height: 10, limit: 16384)) {
            try renderer.render(layer: root(), pixelWidth: 0, pixelHeight: 10, scale: 1)
        }
    }

    @Test func framesReadBackOpaqueAndTopDown() throws {
        let r = root(10, 10)
        let top = Layer()
        top.frame = Rect(x: 0, y: 0, width: 10, height: 1)
        top.backgroundColor = .red
        r.addSublayer(top)
        let image = try makeRenderer().render(layer: r, pixelWidth: 10, pixelHeight: 10, scale: 1)
        #expect(image.rgba(5, 0) == RGBA(255, 0, 0) && image.rgba(5, 9) == RGBA(255, 255, 255))
    }
}
