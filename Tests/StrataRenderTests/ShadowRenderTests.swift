import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// Shadows Core Animation casts beyond a layer's rounded bounds (issue 24 §4): a
/// `shadowPath` (not clipped to the bounds), the composited alpha of a container of
/// sublayers, a text layer's glyphs, a shape layer's fill and stroke; animated
/// `shadowOpacity` and `shadowPath` seen mid-animation. Black shadows on a white root at
/// scale 1, so a pixel's red is 255 (1 - coverage); probes at pixels worked out by hand.
@Suite(.serialized, .tags(.gl)) struct ShadowRenderTests {
    static let black = RGBA(0, 0, 0), white = RGBA(255, 255, 255)

    func root() -> Layer {
        let r = Layer()
        r.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        r.backgroundColor = .white
        return r
    }

    func render(_ layers: [Layer], scale: Double = 1) throws -> Image {
        let r = root()
        layers.forEach { r.addSublayer($0) }
        return try makeRenderer().render(layer: r, pixelWidth: Int(480 * scale), pixelHeight: Int(320 * scale), scale: scale)
    }

    /// A layer casting a hard shadow (radius 0, offset 0, opacity 1, black).
    static func caster(frame: Rect, radius: Double = 0, offset: Size = Size(width: 0, height: 0)) -> Layer {
        let l = Layer()
        l.frame = frame
        l.shadowOpacity = 1
        l.shadowRadius = radius
        l.shadowOffset = offset
        return l
    }

    /// 255 (1 - Φ(d / sigma)): the red of a pixel whose centre is d points inside (d > 0)
    /// or outside a long straight edge of a black shadow blurred by sigma.
    static func edgeRed(inside d: Double, sigma: Double) -> Double {
        255 * (1 - 0.5 * (1 + erf(d / sigma / 2.0.squareRoot())))
    }

    /// A layer at (40, 40) 100 x 60 with no background and a shadowPath to its right,
    /// rect (120, 0, 80, 40) in its points, so (160, 40)...(240, 80) on screen: black
    /// there, white inside the bounds (the path is not the bounds, nor clipped to them).
    @Test func aShadowPathCastsItsShapeNotTheBounds() throws {
        let l = Self.caster(frame: Rect(x: 40, y: 40, width: 100, height: 60))
        l.shadowPath = .rect(Rect(x: 120, y: 0, width: 80, height: 40))
        let image = try render([l])
        #expect(image.rgba(200, 60) == Self.black)
        #expect(image.rgba(160, 40) == Self.black, "the path's first pixel")
        #expect(image.rgba(239, 79) == Self.black, "its last")
        #expect(image.rgba(159, 60) == Self.white && image.rgba(240, 60) == Self.white && image.rgba(200, 80) == Self.white)
        #expect(image.rgba(90, 70) == Self.white, "the bounds cast nothing")
    }

    /// shadowRadius is the Gaussian's sigma, as CA (and CSS's blur / 2) take it: a path
    /// (40, 40)...(240, 140), radius 4, offset (0, 10) puts the shadow's right edge at
    /// x = 240 for rows 50...150. Along row 100 a pixel centre x + 0.5 is 240 - x - 0.5
    /// inside: 199 (0.5 inside) is 255 (1 - Φ(0.125)) = 115, 203 (3.5 outside) 206,
    /// 235 (4.5 inside, 1.125 sigma) 33; from 3 sigma out white, from 3 sigma in black.
    @Test func theBlurIsAGaussianOfSigmaShadowRadius() throws {
        let l = Self.caster(frame: Rect(x: 0, y: 0, width: 480, height: 320), radius: 4, offset: Size(width: 0, height: 10))
        l.shadowPath = .rect(Rect(x: 40, y: 40, width: 200, height: 100))
        let image = try render([l])
        for x in [199, 203, 235, 243, 230] {
            let expected = Self.edgeRed(inside: 240 - (Double(x) + 0.5), sigma: 4)
            #expect(abs(Double(image.rgba(x, 100).r) - expected) <= 3, "x = \(x): \(image.rgba(x, 100)) against \(expected)")
        }
        #expect(image.rgba(253, 100) == Self.white)
        #expect(image.rgba(120, 100) == Self.black)
        // The offset: the top edge is at y = 50, so row 49 (0.5 outside) is 255 (1 - Φ(-0.125)) = 140.
        #expect(abs(Double(image.rgba(120, 49).r) - Self.edgeRed(inside: -0.5, sigma: 4)) <= 3)
    }

    /// A container with no background casts its sublayers' shadow, offset (10, 10): two
    /// red squares (20, 20)...(60, 60) and (100, 20)...(140, 60) shadow (30, 30)...(70, 70)
    /// and (110, 30)...(150, 70). Black at (65, 65) and (145, 65) below-right of each,
    /// white in the gap (85, 50) and above the shadows (65, 25).
    @Test func aContainerCastsTheShadowOfItsSublayers() throws {
        let container = Self.caster(frame: Rect(x: 0, y: 0, width: 200, height: 100), offset: Size(width: 10, height: 10))
        for x in [20.0, 100] {
            let square = Layer()
            square.frame = Rect(x: x, y: 20, width: 40, height: 40)
            square.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
            container.addSublayer(square)
        }
        let image = try render([container])
        #expect(image.rgba(65, 65) == Self.black && image.rgba(145, 65) == Self.black)
        #expect(image.rgba(40, 40) == RGBA(255, 0, 0), "the squares stay on top")
        #expect(image.rgba(85, 50) == Self.white && image.rgba(65, 25) == Self.white && image.rgba(40, 72) == Self.white)
    }

    /// Blurred, a container's shadow is the same Gaussian: sigma 3 at pixel (145, 65),
    /// whose centre (145.5, 65.5) is 4.5 points in from the right and bottom edges of the
    /// square's shadow (110, 30)...(150, 70), is 255 (1 - Φ(1.5)^2) = 33.
    @Test func aContainersShadowIsBlurredBySigma() throws {
        let container = Self.caster(frame: Rect(x: 0, y: 0, width: 200, height: 100), radius: 3, offset: Size(width: 10, height: 10))
        let square = Layer()
        square.frame = Rect(x: 100, y: 20, width: 40, height: 40)
        square.backgroundColor = .black
        container.addSublayer(square)
        let image = try render([container])
        let phi = 0.5 * (1 + erf(4.5 / 3 / 2.0.squareRoot()))
        #expect(abs(Double(image.rgba(145, 65).r) - 255 * (1 - phi * phi)) <= 3, "\(image.rgba(145, 65))")
        #expect(image.rgba(160, 80) == Self.white, "3 sigma past both edges")
    }

    /// A text layer's glyphs cast their own shadow: red, offset (12, 0), hard. Every
    /// pixel the glyphs leave white whose pixel 12 to the left is fully inked is red;
    /// every pixel white in both is white.
    @Test func textCastsTheShadowOfItsGlyphs() throws {
        func text(shadow: Bool) -> TextLayer {
            let t = TextLayer()
            t.frame = Rect(x: 20, y: 20, width: 400, height: 120)
            t.string = "Hi!"
            t.fontSize = 96
            t.foregroundColor = .black
            if shadow {
                t.shadowOpacity = 1
                t.shadowRadius = 0
                t.shadowOffset = Size(width: 12, height: 0)
                t.shadowColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
            }
            return t
        }
        let plain = try render([text(shadow: false)]), shadowed = try render([text(shadow: true)])
        var shadowPixels = 0
        for y in 20..<140 {
            for x in 32..<420 where plain.rgba(x, y) == Self.white {
                if plain.rgba(x - 12, y) == Self.black {
                    #expect(shadowed.rgba(x, y) == RGBA(255, 0, 0), "(\(x), \(y))")
                    shadowPixels += 1
                } else if plain.rgba(x - 12, y) == Self.white {
                    #expect(shadowed.rgba(x, y) == Self.white, "(\(x), \(y))")
                }
            }
        }
        #expect(shadowPixels > 200)
    }

    /// A shape layer without a background casts its path's shadow: a circle of radius 30
    /// at (100, 100), offset (0, 20): (100, 145) is 25 from the shadow's centre and 45
    /// from the circle's: black; (100, 155) white. Stroked only (width 6), the shadow is
    /// a ring: its centre (100, 120) stays white, (100, 150) on it is black.
    @Test func aShapeCastsTheShadowOfItsFillAndStroke() throws {
        func circle(filled: Bool, x: Double) -> ShapeLayer {
            let s = ShapeLayer()
            s.frame = Rect(x: 0, y: 0, width: 480, height: 320)
            s.path = .ellipse(in: Rect(x: x - 30, y: 70, width: 60, height: 60))
            s.fillColor = filled ? .black : nil
            s.strokeColor = filled ? nil : .black
            s.lineWidth = 6
            s.shadowOpacity = 1
            s.shadowRadius = 0
            s.shadowOffset = Size(width: 0, height: 20)
            return s
        }
        let image = try render([circle(filled: true, x: 100), circle(filled: false, x: 300)])
        #expect(image.rgba(100, 145) == Self.black && image.rgba(100, 155) == Self.white)
        #expect(image.rgba(300, 120) == Self.white && image.rgba(300, 150) == Self.black)
    }

    /// Animated: shadowOpacity 0 -> 1 over 1 s, linear, at 0.5 s is 0.5 (red 127 or 128
    /// deep inside); shadowPath from (40, 40, 100, 60) to (240, 40, 100, 60) at 0.5 s is
    /// (140, 40, 100, 60): black at (230, 70), white at (130, 70) and (250, 70).
    @Test func shadowOpacityAndShadowPathAnimate() throws {
        let fading = Self.caster(frame: Rect(x: 0, y: 160, width: 480, height: 160))
        fading.shadowPath = .rect(Rect(x: 40, y: 40, width: 100, height: 60))
        var fade = BasicAnimation(keyPath: "shadowOpacity", fromValue: .double(0), toValue: .double(1))
        fade.duration = 1
        fade.timingFunction = .linear
        try fading.add(fade, forKey: "fade")
        let moving = Self.caster(frame: Rect(x: 0, y: 0, width: 480, height: 160))
        moving.shadowPath = .rect(Rect(x: 40, y: 40, width: 100, height: 60))
        var move = BasicAnimation(keyPath: "shadowPath", fromValue: .path(.rect(Rect(x: 40, y: 40, width: 100, height: 60))),
                                  toValue: .path(.rect(Rect(x: 240, y: 40, width: 100, height: 60))))
        move.duration = 1
        move.timingFunction = .linear
        try moving.add(move, forKey: "move")
        let r = root()
        r.addSublayer(fading)
        r.addSublayer(moving)
        let image = try makeRenderer().render(layer: r.presentation(at: 0.5), pixelWidth: 480, pixelHeight: 320, scale: 1)
        #expect((127...128).contains(image.rgba(90, 230).r), "\(image.rgba(90, 230))")
        #expect(image.rgba(230, 70) == Self.black)
        #expect(image.rgba(130, 70) == Self.white && image.rgba(250, 70) == Self.white)
    }

    /// masksToBounds clips the shadow, as on iOS: an opaque card that clips casts none
    /// outside its bounds (below it at (60, 130), 20 under its bottom edge y = 110, white);
    /// a clear container (200, 40)...(300, 140) that clips shows its 90 pt square's shadow
    /// (offset (20, 20): (220, 60)...(310, 150)) inside the bounds only, and a shadow path
    /// reaching past them ((380, 40)...(460, 140), path 40 wider) is cut at x = 440.
    @Test func masksToBoundsClipsTheShadow() throws {
        let card = Self.caster(frame: Rect(x: 20, y: 40, width: 100, height: 70), offset: Size(width: 0, height: 20))
        card.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        card.masksToBounds = true
        let container = Self.caster(frame: Rect(x: 200, y: 40, width: 100, height: 100), offset: Size(width: 20, height: 20))
        container.masksToBounds = true
        let square = Layer()
        square.frame = Rect(x: 0, y: 0, width: 90, height: 90)
        square.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        container.addSublayer(square)
        let pathed = Self.caster(frame: Rect(x: 340, y: 40, width: 100, height: 100))
        pathed.shadowPath = .rect(Rect(x: 40, y: 0, width: 80, height: 100))
        pathed.masksToBounds = true
        let image = try render([card, container, pathed])
        #expect(image.rgba(60, 120) == Self.white && image.rgba(60, 100) == RGBA(0, 0, 255))
        #expect(image.rgba(295, 135) == Self.black && image.rgba(225, 45) == RGBA(255, 0, 0))
        #expect(image.rgba(305, 100) == Self.white && image.rgba(250, 145) == Self.white, "its shadow past the edges is cut")
        #expect(image.rgba(420, 90) == Self.black && image.rgba(445, 90) == Self.white)
    }

    /// A layer that draws its own content casts the shadow of everything it composites
    /// when that is not its rounded bounds. Hard shadows:
    /// - a blue card (100, 100)...(200, 160) with a badge (190, 90)...(210, 110) sticking
    ///   out, offset (30, 0): the badge's shadow (220, 90)...(240, 110) is black at
    ///   (230, 95), above the card's own (130, 100)...(230, 160), black at (215, 130);
    /// - a black background of alpha 0.5 (20, 20)...(80, 60), offset (0, 60): its shadow
    ///   has alpha 0.5, red 127 or 128 at (50, 100);
    /// - a border alone, 4 wide, (300, 100)...(380, 180), offset (0, 100): a ring, white at
    ///   its centre (340, 240), black on it at (302, 240).
    @Test func ownContentCastsTheShadowOfWhatIsComposited() throws {
        let card = Self.caster(frame: Rect(x: 100, y: 100, width: 100, height: 60), offset: Size(width: 30, height: 0))
        card.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        let badge = Layer()
        badge.frame = Rect(x: 90, y: -10, width: 20, height: 20)
        badge.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        card.addSublayer(badge)
        let glass = Self.caster(frame: Rect(x: 20, y: 20, width: 60, height: 40), offset: Size(width: 0, height: 60))
        glass.backgroundColor = Color(white: 0, alpha: 0.5)
        let ring = Self.caster(frame: Rect(x: 300, y: 100, width: 80, height: 80), offset: Size(width: 0, height: 100))
        ring.borderWidth = 4
        let image = try render([card, glass, ring])
        #expect(image.rgba(230, 95) == Self.black && image.rgba(215, 130) == Self.black && image.rgba(205, 95) == RGBA(255, 0, 0))
        #expect((127...128).contains(image.rgba(50, 100).r), "\(image.rgba(50, 100))")
        #expect(image.rgba(340, 240) == Self.white && image.rgba(302, 240) == Self.black)
    }

    /// Setting shadowPath makes no implicit animation (Apple: CGPath properties do not).
    @Test func settingShadowPathDoesNotAnimate() throws {
        let p = try #require(Layer.declaration.property(named: "shadowPath"))
        #expect(!p.hasImplicitAction && p.animatableKeyPaths == ["shadowPath"])
    }

    /// Each kind at 2x against its reference: a card whose shadowPath is a wider rounded
    /// rectangle below it, a container of three tiles, a text layer, a shape layer's star
    /// and a stroked ring, turned and scaled containers included.
    @Test func galleryMatchesItsReference() throws {
        let card = Layer()
        card.frame = Rect(x: 24, y: 24, width: 120, height: 80)
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.shadowOpacity = 0.35
        card.shadowRadius = 8
        card.shadowOffset = Size(width: 0, height: 8)
        card.shadowPath = .roundedRect(Rect(x: 8, y: 40, width: 104, height: 48), cornerWidth: 12, cornerHeight: 12)

        let tiles = Layer()
        tiles.frame = Rect(x: 180, y: 24, width: 120, height: 80)
        tiles.shadowOpacity = 0.5
        tiles.shadowRadius = 4
        tiles.shadowOffset = Size(width: 4, height: 6)
        tiles.transform = .makeRotation(0.2, 0, 0, 1)
        for (i, color) in [Color.systemBlue, .systemGreen, .systemOrange].enumerated() {
            let tile = Layer()
            tile.frame = Rect(x: Double(i) * 42, y: Double(i) * 12, width: 36, height: 36)
            tile.backgroundColor = color
            tile.cornerRadius = 8
            tiles.addSublayer(tile)
        }

        let text = TextLayer()
        text.frame = Rect(x: 330, y: 30, width: 140, height: 70)
        text.string = "Aa"
        text.fontSize = 48
        text.foregroundColor = .systemBlue
        text.shadowOpacity = 0.6
        text.shadowRadius = 2
        text.shadowOffset = Size(width: 2, height: 3)

        let star = ShapeLayer()
        star.frame = Rect(x: 40, y: 150, width: 140, height: 140)
        star.path = ShapeRenderTests.star(center: Point(70, 70), radius: 60)
        star.fillColor = .systemYellow
        star.shadowOpacity = 0.5
        star.shadowRadius = 5
        star.shadowOffset = Size(width: 0, height: 6)

        let ring = ShapeLayer()
        ring.frame = Rect(x: 220, y: 150, width: 140, height: 140)
        ring.path = .ellipse(in: Rect(x: 20, y: 20, width: 100, height: 100))
        ring.fillColor = nil
        ring.strokeColor = .systemRed
        ring.lineWidth = 10
        ring.shadowColor = .systemRed
        ring.shadowOpacity = 0.8
        ring.shadowRadius = 6
        ring.shadowOffset = Size(width: 0, height: 0)
        ring.transform = .makeScale(1.2, 1.2, 1)

        let image = try render([card, tiles, text, star, ring], scale: 2)
        try expectMatchesReference(image, "shadows/gallery@2x")
    }
}
