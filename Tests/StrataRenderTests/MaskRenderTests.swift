import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// CALayer.mask: the mask's alpha (its own drawing and its sublayers') cuts the masked
/// layer's content and sublayers, in the masked layer's coordinates; its animations run
/// (a shimmer: a gradient mask whose `locations` move). Probes at pixels worked out by
/// hand, red on white; a gallery against its reference.
@Suite(.serialized, .tags(.gl)) struct MaskRenderTests {
    static let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), white = RGBA(255, 255, 255)

    func scene(_ configure: (Layer) -> Void) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 240, height: 140)
        root.backgroundColor = .white
        let masked = Layer()
        masked.name = "masked"
        masked.frame = Rect(x: 20, y: 20, width: 200, height: 100)
        masked.backgroundColor = .red
        configure(masked)
        root.addSublayer(masked)
        return root
    }

    func render(_ root: Layer) throws -> Image {
        try makeRenderer().render(layer: root, pixelWidth: 240, pixelHeight: 140, scale: 1)
    }

    /// A mask that draws nothing itself: its sublayer, the left half (local x 0...100),
    /// is its alpha. The red layer at (20, 20) shows at x 20...120 and not beyond; its
    /// own sublayers are cut the same way: a green square at local (50, 10) shows, one at
    /// local (150, 10) does not.
    @Test func aMasksSublayersAreItsAlphaAndCutTheSublayersToo() throws {
        let root = scene { masked in
            let mask = Layer()
            mask.frame = masked.bounds
            let half = Layer()
            half.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            half.backgroundColor = .black
            mask.addSublayer(half)
            masked.mask = mask
            for x in [50.0, 150.0] {
                let square = Layer()
                square.frame = Rect(x: x, y: 10, width: 30, height: 30)
                square.backgroundColor = .green
                masked.addSublayer(square)
            }
        }
        let image = try render(root)
        #expect(image.rgba(70, 90) == Self.red, "local (50, 70): under the mask's sublayer")
        #expect(image.rgba(160, 90) == Self.white, "local (140, 70): no mask there")
        #expect(image.rgba(119, 90) == Self.red, "the mask's last column, local 99.5")
        #expect(image.rgba(120, 90) == Self.white, "the first column past it")
        #expect(image.rgba(85, 45) == Self.green, "the left green square, local (65, 25)")
        #expect(image.rgba(185, 45) == Self.white, "the right green square is cut")
        #expect(root.sublayers[0].mask?.superlayer == nil, "a mask is no sublayer")
    }

    /// The mask lies in the masked layer's coordinates: a 40 x 40 opaque mask at local
    /// (100, 30) shows the layer at (120...160, 50...90) only; half the mask's alpha and
    /// the layer's opacity 0.5 multiply: 255 x (1 - 0.5 x 0.5) = 191 for green and blue.
    @Test func theMaskIsPlacedInTheLayersSpaceAndItsAlphaMultipliesTheOpacity() throws {
        let root = scene { masked in
            let mask = Layer()
            mask.frame = Rect(x: 100, y: 30, width: 40, height: 40)
            mask.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
            masked.mask = mask
            masked.opacity = 0.5
        }
        let image = try render(root)
        #expect(image.rgba(140, 70).isClose(to: RGBA(255, 191, 191), within: 1), "\(image.rgba(140, 70))")
        #expect(image.rgba(119, 70) == Self.white)
        #expect(image.rgba(160, 70) == Self.white)
        #expect(image.rgba(140, 49) == Self.white)
        #expect(image.rgba(140, 90) == Self.white)
    }

    /// A shimmer: a horizontal gradient mask, clear-black-clear, whose locations move
    /// from [0, 0.1, 0.2] to [0.8, 0.9, 1] over 2 s, linearly. At t = 0 the band's peak is
    /// at 0.1 of the 200 pt width (x = 20 + 20 = 40) and 0.5 (x = 120) is past the last
    /// stop (clear); at t = 1 the locations are [0.4, 0.5, 0.6]: the peak is at x = 120
    /// and x = 40 is before the first stop (clear).
    @Test func aGradientMaskWhoseLocationsAnimateMovesTheBand() throws {
        let root = scene { masked in
            let mask = GradientLayer()
            mask.frame = masked.bounds
            mask.startPoint = Point(x: 0, y: 0.5)
            mask.endPoint = Point(x: 1, y: 0.5)
            mask.colors = [.clear, .black, .clear]
            mask.locations = [0, 0.1, 0.2]
            var a = BasicAnimation(keyPath: "locations", fromValue: .doubles([0, 0.1, 0.2]), toValue: .doubles([0.8, 0.9, 1]))
            a.timing.duration = 2
            a.timingFunction = .linear
            try? mask.add(a, forKey: "shimmer")
            masked.mask = mask
        }
        #expect(root.subtreeHasAnimations, "the mask's animation is the tree's")
        #expect(root.hasRunningAnimations(at: 1))
        let start = try render(root.presentation(at: 0)), middle = try render(root.presentation(at: 1))
        #expect(start.rgba(40, 70).isClose(to: Self.red, within: 12), "\(start.rgba(40, 70))")
        #expect(start.rgba(120, 70) == Self.white)
        #expect(middle.rgba(120, 70).isClose(to: Self.red, within: 12), "\(middle.rgba(120, 70))")
        #expect(middle.rgba(40, 70) == Self.white)
    }

    /// A gallery: a masked layer with a border and a shadow (both cut), a rounded
    /// masksToBounds layer under a circular mask, a mask with its own mask.
    @Test func gallery() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        root.backgroundColor = Color(white: 0.94)

        let card = Layer()
        card.frame = Rect(x: 30, y: 40, width: 180, height: 120)
        card.backgroundColor = Color(red: 0.2, green: 0.6, blue: 1)
        card.borderWidth = 6
        card.borderColor = .black
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        let star = ShapeLayer()
        star.frame = card.bounds
        var p = Path()
        p.addLines(between: (0..<5).map { k in
            let a = (-90.0 + 144.0 * Double(k)) * Double.pi / 180
            return Point(90 + 70 * cos(a), 66 + 70 * sin(a))
        })
        p.closeSubpath()
        star.path = p
        star.fillColor = .black
        card.mask = star
        root.addSublayer(card)

        let photo = GradientLayer()
        photo.frame = Rect(x: 260, y: 30, width: 180, height: 140)
        photo.colors = [.red, .yellow, Color(red: 0, green: 0.7, blue: 0.3)]
        photo.startPoint = Point(x: 0, y: 0)
        photo.endPoint = Point(x: 1, y: 1)
        photo.cornerRadius = 20
        photo.masksToBounds = true
        let dot = Layer()
        dot.frame = Rect(x: 40, y: 20, width: 100, height: 100)
        dot.cornerRadius = 50
        dot.backgroundColor = .black
        let hole = Layer()
        hole.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        hole.backgroundColor = Color(white: 0, alpha: 0.4)
        dot.mask = hole
        photo.mask = dot
        root.addSublayer(photo)

        let text = GradientLayer()
        text.frame = Rect(x: 30, y: 200, width: 420, height: 80)
        text.colors = [Color(white: 0.2), Color(white: 0.2)]
        let bars = Layer()
        bars.frame = text.bounds
        for i in 0..<6 {
            let bar = Layer()
            bar.frame = Rect(x: Double(i) * 70 + 5, y: 10 + Double(i % 2) * 20, width: 60, height: 40)
            bar.cornerRadius = 8
            bar.backgroundColor = Color(white: 0, alpha: 0.3 + 0.14 * Double(i))
            bars.addSublayer(bar)
        }
        text.mask = bars
        root.addSublayer(text)

        let image = try makeRenderer().render(layer: root, pixelWidth: 480, pixelHeight: 320, scale: 1)
        try expectMatchesReference(image, "masks/gallery")
    }
}

/// The draw list of a masked layer, no GL: the layer's drawing in a group, the mask's in
/// a second, closed together by `endMask` with the layer's opacity; culling never lets
/// the mask's draws hide the layer's.
@Suite struct MaskDrawListTests {
    @Test func aMaskedLayerIsTwoGroupsClosedByOneMaskComposite() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let masked = Layer()
        masked.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        masked.backgroundColor = .red
        masked.opacity = 0.5
        let mask = Layer()
        mask.frame = Rect(x: 5, y: 0, width: 20, height: 50)
        mask.backgroundColor = .black
        masked.mask = mask
        root.addSublayer(masked)
        let list = try DrawListBuilder(pixelWidth: 100, pixelHeight: 100, scale: 1).build(root: root)
        guard list.commands.count == 5, case .beginGroup = list.commands[0], case .layer(let fill) = list.commands[1],
              case .beginGroup = list.commands[2], case .layer(let m) = list.commands[3],
              case .endMask(let opacity) = list.commands[4] else {
            Issue.record("\(list.commands)")
            return
        }
        #expect(fill.opacity == 1 && opacity == 0.5, "the composite takes the opacity")
        // The mask is placed in the masked layer's space: its origin at (10 + 5, 10).
        #expect(m.quad.matrix.m41 == 15 && m.quad.matrix.m42 == 10)
        // Both opaque, but neither hides the other.
        #expect(OcclusionCulling.visibility(of: list).allSatisfy { $0 == .whole })
    }
}
