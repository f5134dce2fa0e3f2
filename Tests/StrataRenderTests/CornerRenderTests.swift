import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// maskedCorners and cornerCurve (CALayer): probes at pixels worked out by hand, the
/// continuous curve against the same outline filled by Cairo (`Path.continuousRoundedRect`
/// through a shape layer) at several radii and scales, and a gallery against its reference.
@Suite(.serialized, .tags(.gl)) struct CornerRenderTests {
    static let black = RGBA(0, 0, 0), white = RGBA(255, 255, 255)

    func root(_ w: Double, _ h: Double) -> Layer {
        let r = Layer()
        r.bounds = Rect(x: 0, y: 0, width: w, height: h)
        r.backgroundColor = .white
        return r
    }

    func box(_ frame: Rect, radius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) -> Layer {
        let l = Layer()
        l.frame = frame
        l.backgroundColor = .black
        l.cornerRadius = radius
        l.maskedCorners = corners
        l.cornerCurve = curve
        return l
    }

    /// A 100 pt square at (20, 20), radius 30, rounded only at its top left and bottom
    /// right. The pixel at local (1.5, 1.5) is 28.5 sqrt 2 = 40.3 pt from a rounded
    /// corner's center (30, 30), outside its radius of 30: white; at a square corner it is
    /// inside. Local (12, 12) is 25.5 from the center, inside either way.
    @Test func maskedCornersRoundOnlyTheirCorners() throws {
        let r = root(140, 140)
        r.addSublayer(box(Rect(x: 20, y: 20, width: 100, height: 100), radius: 30,
                          corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner]))
        let image = try makeRenderer().render(layer: r, pixelWidth: 140, pixelHeight: 140, scale: 1)
        #expect(image.rgba(21, 21) == Self.white, "top left (minX minY) is rounded")
        #expect(image.rgba(118, 21) == Self.black, "top right (maxX minY) is square")
        #expect(image.rgba(21, 118) == Self.black, "bottom left (minX maxY) is square")
        #expect(image.rgba(118, 118) == Self.white, "bottom right (maxX maxY) is rounded")
        #expect(image.rgba(32, 32) == Self.black)
        #expect(image.rgba(107, 107) == Self.black)
    }

    /// Each corner alone: only its own corner pixel turns white.
    @Test(arguments: [(CornerMask.layerMinXMinYCorner, 21, 21), (.layerMaxXMinYCorner, 118, 21),
                      (.layerMinXMaxYCorner, 21, 118), (.layerMaxXMaxYCorner, 118, 118)])
    func eachCornerAlone(_ corner: CornerMask, _ x: Int, _ y: Int) throws {
        let r = root(140, 140)
        r.addSublayer(box(Rect(x: 20, y: 20, width: 100, height: 100), radius: 30, corners: corner))
        let image = try makeRenderer().render(layer: r, pixelWidth: 140, pixelHeight: 140, scale: 1)
        for (cx, cy) in [(21, 21), (118, 21), (21, 118), (118, 118)] {
            #expect(image.rgba(cx, cy) == (cx == x && cy == y ? Self.white : Self.black), "corner pixel (\(cx), \(cy))")
        }
    }

    /// Where the two curves part most: the continuous corner leaves the side 1.53 radii
    /// from the corner and, 0.87 radii from it, is 0.0211 radii in from the side, where
    /// the quarter circle is only 1 - sqrt(1 - 0.13^2) = 0.0085 radii in. A 200 pt square
    /// at (20, 20) with radius 60 (1.53 x 60 = 92 < 100, room for the curve) at 3x: at
    /// x = 20 + 0.87 x 60 = 72.2 pt (pixel 216) the circle's edge is at 20.51 pt (pixel
    /// 61.5) and the continuous one at 20 + 1.263 = 21.26 pt (pixel 63.8): pixel row 62
    /// (centre 62.5) is a pixel inside the circle's edge and 1.3 pixels outside the
    /// continuous one.
    @Test func continuousCornersBendEarlierThanCircularOnes() throws {
        func render(_ curve: CornerCurve) throws -> Image {
            let r = root(240, 240)
            r.addSublayer(box(Rect(x: 20, y: 20, width: 200, height: 200), radius: 60, curve: curve))
            return try makeRenderer().render(layer: r, pixelWidth: 720, pixelHeight: 720, scale: 3)
        }
        let circular = try render(.circular), continuous = try render(.continuous)
        #expect(circular.rgba(216, 62) == Self.black)
        #expect(continuous.rgba(216, 62) == Self.white)
        // The same by symmetry at each corner: (719 - 216, 62) mirrors it left to right.
        #expect(circular.rgba(719 - 216, 719 - 62) == Self.black)
        #expect(continuous.rgba(719 - 216, 719 - 62) == Self.white)
        // Along the diagonal the two nearly meet (0.2915 against 0.2929 radii in): the
        // pixel (20 + 0.2929 x 60 + 0.6) x 3 = 116.5 lies inside both.
        #expect(circular.rgba(116, 116) == Self.black)
        #expect(continuous.rgba(116, 116) == Self.black)
    }

    /// The shader's continuous corner against Cairo's fill of `Path.continuousRoundedRect`
    /// (a shape layer over the same rectangle): at every radius and scale, no pixel's
    /// coverage differs by more than 1/8 (measured: 11 to 25 of 255, anti-aliasing
    /// as a distance field and as area coverage round differently), and the mean by less than 1/2550.
    @Test(arguments: [(8.0, 1.0), (8.0, 3.0), (24.0, 2.0), (44.0, 1.0), (44.0, 3.0), (60.0, 2.0)])
    func continuousCornersMatchThePathFilledByCairo(_ radius: Double, _ scale: Double) throws {
        let frame = Rect(x: 10, y: 10, width: 180, height: 140)
        func render(_ layer: Layer) throws -> Image {
            let r = root(200, 160)
            r.addSublayer(layer)
            return try makeRenderer().render(layer: r, pixelWidth: Int(200 * scale), pixelHeight: Int(160 * scale), scale: scale)
        }
        let analytic = try render(box(frame, radius: radius, curve: .continuous))
        let shape = ShapeLayer()
        shape.frame = frame
        shape.path = Path.continuousRoundedRect(Rect(origin: .zero, size: frame.size), cornerRadius: radius)
        shape.fillColor = .black
        shape.strokeColor = nil
        let cairo = try render(shape)
        var worst = 0, sum = 0
        for y in 0..<analytic.height {
            for x in 0..<analytic.width {
                let d = abs(analytic.rgba(x, y).r - cairo.rgba(x, y).r)
                worst = max(worst, d)
                sum += d
            }
        }
        let mean = Double(sum) / Double(analytic.width * analytic.height)
        #expect(worst <= 32, "radius \(radius) at \(scale)x: worst pixel differs by \(worst)/255")
        #expect(mean < 0.1, "radius \(radius) at \(scale)x: mean difference \(mean)/255")
    }

    /// Continuous and per-corner shapes apply to the background, the border, the
    /// masksToBounds clip and the shadow alike.
    @Test func gallery() throws {
        let r = root(480, 320)
        r.backgroundColor = Color(white: 0.94)
        func card(_ x: Double, _ y: Double, _ corners: CornerMask, _ curve: CornerCurve) -> Layer {
            let l = box(Rect(x: x, y: y, width: 130, height: 110), radius: 28, corners: corners, curve: curve)
            l.backgroundColor = .white
            l.borderWidth = 4
            l.borderColor = Color(red: 0, green: 0.48, blue: 1)
            l.shadowOpacity = 0.35
            l.shadowRadius = 8
            l.shadowOffset = Size(width: 0, height: 6)
            l.masksToBounds = false
            let inner = Layer()
            inner.frame = Rect(x: -20, y: -20, width: 90, height: 90)
            inner.backgroundColor = Color(red: 1, green: 0.58, blue: 0)
            let clip = box(Rect(x: x + 8, y: y + 8, width: 114, height: 94), radius: 24, corners: corners, curve: curve)
            clip.backgroundColor = nil
            clip.masksToBounds = true
            clip.addSublayer(inner)
            let group = Layer()
            group.frame = r.bounds
            group.addSublayer(l)
            group.addSublayer(clip)
            return group
        }
        r.addSublayer(card(20, 30, .all, .circular))
        r.addSublayer(card(175, 30, .all, .continuous))
        r.addSublayer(card(330, 30, [.layerMinXMinYCorner, .layerMaxXMinYCorner], .continuous))
        r.addSublayer(card(20, 180, [.layerMinXMinYCorner, .layerMaxXMaxYCorner], .circular))
        r.addSublayer(card(175, 180, [.layerMaxXMinYCorner, .layerMinXMaxYCorner], .continuous))
        r.addSublayer(card(330, 180, [], .continuous))
        let image = try makeRenderer().render(layer: r, pixelWidth: 960, pixelHeight: 640, scale: 2)
        try expectMatchesReference(image, "corners/gallery")
    }
}

/// The shadow takes the corners too: the shadow of a continuous corner, moved clear of
/// its layer, bends where the layer's own edge does.
@Suite(.serialized, .tags(.gl)) struct CornerShadowRenderTests {
    /// The square of `continuousCornersBendEarlierThanCircularOnes` (200 pt at (20, 20),
    /// radius 60, 3x), casting a black shadow 220 pt below it at the least blur the mask
    /// keeps (sigma 0.25 pt, 0.75 px): the shadow's pixel (216, 62 + 660) lies a pixel
    /// inside the circular corner's edge (over 1.3 sigma: dark) and 1.3 pixels outside
    /// the continuous one (1.7 sigma: nearly white).
    @Test func aContinuousCornersShadowBendsAsItsLayerDoes() throws {
        func render(_ curve: CornerCurve) throws -> Image {
            let r = Layer()
            r.bounds = Rect(x: 0, y: 0, width: 240, height: 460)
            r.backgroundColor = .white
            let l = Layer()
            l.frame = Rect(x: 20, y: 20, width: 200, height: 200)
            l.backgroundColor = .black
            l.cornerRadius = 60
            l.cornerCurve = curve
            l.shadowOpacity = 1
            l.shadowRadius = 0
            l.shadowOffset = Size(width: 0, height: 220)
            r.addSublayer(l)
            return try makeRenderer().render(layer: r, pixelWidth: 720, pixelHeight: 1380, scale: 3)
        }
        let circular = try render(.circular), continuous = try render(.continuous)
        #expect(circular.rgba(216, 722).r < 64, "\(circular.rgba(216, 722))")
        #expect(continuous.rgba(216, 722).r > 200, "\(continuous.rgba(216, 722))")
        // Well inside either shadow.
        #expect(circular.rgba(360, 1020) == RGBA(0, 0, 0) && continuous.rgba(360, 1020) == RGBA(0, 0, 0))
    }
}
