import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// Frames drawn only where they differ from the frame before (`FrameDamage`): the damage
/// found without GL, the lists drawn whole, and frame after frame the same bytes as frames
/// drawn whole, for every kind of draw.
@Suite(.serialized, .tags(.gl)) struct FrameDamageTests {
    let builder = DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1)

    /// A card that masks to its bounds, a shadowed square moving and fading in it, a text
    /// layer, and a turned square (a backing store) outside the card.
    private func scene(x: Double, text: String = "Hello", fade: Double = 1) -> Layer {
        let card = square(Rect(x: 40, y: 40, width: 300, height: 200), Color(white: 0.9, alpha: 1), radius: 10)
        card.masksToBounds = true
        let moving = square(Rect(x: x, y: 30, width: 50, height: 40), .blue, radius: 6)
        moving.shadowOpacity = 0.6
        moving.shadowRadius = 5
        moving.opacity = fade
        card.addSublayer(moving)
        card.addSublayer(label(Rect(x: 20, y: 120, width: 200, height: 40), text))
        let turned = square(Rect(x: 380, y: 100, width: 60, height: 60), .orange, radius: 4)
        turned.transform = .makeRotation(0.4, 0, 0, 1)
        return root([card, turned])
    }

    /// A yellow square masked (`CALayer.mask`) by a black rounded rectangle.
    private func maskedSquare(_ frame: Rect, mask maskFrame: Rect, radius: Double) -> Layer {
        let masked = square(frame, .yellow)
        masked.mask = square(maskFrame, .black, radius: radius)
        return masked
    }

    private func reach(_ list: DrawList) -> [PixelRect?] {
        FrameDamage.reach(of: list) { _, _ in PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
    }

    @Test func theDamageIsWhereTheMovedLayerWasAndIs() throws {
        let a = try builder.build(root: scene(x: 20)), b = try builder.build(root: scene(x: 30))
        let damage = try #require(FrameDamage.damage(from: a, reach(a), to: b, reach(b)))
        // The square at card x 20 and 30 is at frame x 60...110 and 70...120, y 70...110; its
        // shadow (radius 5, grown to 3 sigma and more) and the quads' rims widen that, the
        // card's mask and the turned square stay out.
        #expect(damage.x0 < 60 && damage.x1 > 120 && damage.y0 < 70 && damage.y1 > 110)
        #expect(damage.x0 >= 30 && damage.x1 <= 200 && damage.y1 <= 160, "\(damage)")
        // A list of another shape, or another clear colour: drawn whole.
        let c = try builder.build(root: root([square(Rect(x: 0, y: 0, width: 480, height: 320), .red)]))
        #expect(FrameDamage.damage(from: a, reach(a), to: c, reach(c)) == nil)
        let dark = scene(x: 20)
        dark.backgroundColor = .black
        let d = try builder.build(root: dark)
        #expect(FrameDamage.damage(from: a, reach(a), to: d, reach(d)) == nil)
        // A fade of the square alone damages only its pixels.
        let faded = try builder.build(root: scene(x: 20, fade: 0.5))
        let fadeDamage = try #require(FrameDamage.damage(from: a, reach(a), to: faded, reach(faded)))
        #expect(fadeDamage.x0 >= 30 && fadeDamage.x1 <= 140, "\(fadeDamage)")
        // Nothing differs: no damage.
        #expect(FrameDamage.damage(from: a, reach(a), to: a, reach(a))?.isEmpty == true)
    }

    /// Draws that read pixels other than those they write: the list is drawn whole.
    @Test func listsWithDrawsThatReadAroundThemAreDrawnWhole() throws {
        let backdrop = BackdropLayer()
        backdrop.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        backdrop.material = Material(blurRadius: 10)
        // A layer with no background casting the shadow of its sublayers (a content shadow).
        let casting = Layer()
        casting.frame = Rect(x: 200, y: 150, width: 80, height: 80)
        casting.shadowOpacity = 0.5
        casting.shadowRadius = 8
        casting.shadowOffset = Size(width: 0, height: 6)
        casting.addSublayer(square(Rect(x: 10, y: 10, width: 40, height: 40), .green))
        for (what, extra) in [("a backdrop", backdrop as Layer), ("a content shadow", casting)] {
            let make = { (x: Double) in try self.builder.build(root: root([extra, square(Rect(x: x, y: 100, width: 20, height: 20), .blue)])) }
            let a = try make(100), b = try make(110)
            #expect(FrameDamage.drawsWhole(b), "\(what)")
            #expect(FrameDamage.damage(from: a, reach(a), to: b, reach(b)) == nil, "\(what)")
        }
    }

    /// A mask's end composites the whole target: when it differs the frame is drawn whole;
    /// when only a draw inside the masked layer does, only that draw's pixels.
    @Test func aMaskedLayerIsDamagedWhereItsDrawsDiffer() throws {
        func make(x: Double, opacity: Double) throws -> DrawList {
            let masked = maskedSquare(Rect(x: 60, y: 60, width: 200, height: 150), mask: Rect(x: 20, y: 20, width: 160, height: 110), radius: 30)
            masked.opacity = opacity
            masked.addSublayer(square(Rect(x: x, y: 40, width: 30, height: 30), .red))
            return try builder.build(root: root([masked]))
        }
        let a = try make(x: 40, opacity: 1), moved = try make(x: 50, opacity: 1), faded = try make(x: 40, opacity: 0.9)
        #expect(a.commands.contains { if case .endMask = $0 { true } else { false } })
        let damage = try #require(FrameDamage.damage(from: a, reach(a), to: moved, reach(moved)))
        // The red square at 100...130 then 110...140 x 100...130, and its anti-aliasing rims.
        #expect(damage.x0 < 100 && damage.x1 > 140 && damage.x0 >= 90 && damage.x1 <= 150, "\(damage)")
        #expect(FrameDamage.damage(from: a, reach(a), to: faded, reach(faded)) == nil)
    }

    /// A square moving inside a masked card, with a shadow, fading, then out of the card;
    /// the text changing: each frame drawn over the last equals the frame drawn whole.
    @Test func framesDrawnOverTheLastAreByteIdentical() throws {
        var frames: [Layer] = (0..<8).map { scene(x: 20 + Double($0) * 3.3) }
        frames += [scene(x: 46.4, fade: 0.5), scene(x: 46.4, text: "Hullo", fade: 0.5), scene(x: 280.25), scene(x: 290.5, text: "Hullo")]
        try expectDrawnOverTheLastAsWhole(frames, partial: frames.count - 2)
    }

    /// The other kinds of draw: a shadow path and a shape layer moving, a masked layer
    /// (`CALayer.mask`) whose sublayer moves, contents (an image), stacked copies, and an
    /// opacity group: the same bytes as frames drawn whole.
    @Test func everyKindOfDrawIsByteIdenticalDrawnOverTheLast() throws {
        let image = Image(width: 4, height: 4, pixels: (0..<64).map { UInt8(($0 * 37) % 256) | ($0 % 4 == 3 ? 255 : 0) })
        // Each frame moves one of them (step k of kind k % 6), so the damage is one draw's.
        func make(_ steps: [Double]) -> Layer {
            let pathShadow = square(Rect(x: 20 + 7.25 * steps[0], y: 20, width: 60, height: 40), .cyan)
            pathShadow.shadowPath = .ellipse(in: Rect(x: -10, y: 0, width: 80, height: 50))
            pathShadow.shadowOpacity = 0.8
            pathShadow.shadowRadius = 6
            pathShadow.shadowOffset = Size(width: 4, height: 9)
            let shape = ShapeLayer()
            shape.frame = Rect(x: 300, y: 20 + 3.5 * steps[1], width: 80, height: 60)
            shape.path = .roundedRect(Rect(x: 0, y: 0, width: 80, height: 60), cornerWidth: 12, cornerHeight: 12)
            shape.fillColor = .purple
            shape.strokeColor = .black
            shape.lineWidth = 3
            let masked = maskedSquare(Rect(x: 40, y: 120, width: 180, height: 150), mask: Rect(x: 10, y: 10, width: 150, height: 120), radius: 40)
            masked.addSublayer(square(Rect(x: 10 + 11 * steps[2], y: 30, width: 40, height: 40), .red, radius: 5))
            let picture = Layer()
            picture.frame = Rect(x: 260 + 5.5 * steps[3], y: 150, width: 60, height: 60)
            picture.contents = image
            let group = Layer()
            group.frame = Rect(x: 330, y: 220, width: 120, height: 80)
            group.opacity = 0.6
            group.addSublayer(square(Rect(x: 5 * steps[4], y: 10, width: 50, height: 50), .blue, radius: 8))
            group.addSublayer(square(Rect(x: 40, y: 20, width: 50, height: 50), .green))
            let copies = (0..<5).map { _ -> Layer in
                let copy = square(Rect(x: 240, y: 240 - 2 * steps[5], width: 40, height: 30), Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 1), radius: 6)
                copy.shadowOpacity = 0.3
                copy.shadowRadius = 3
                return copy
            }
            return root([pathShadow, shape, masked, picture, group] + copies)
        }
        var steps = [Double](repeating: 0, count: 6), frames = [make(steps)]
        for k in 0..<12 {
            steps[k % 6] += 1
            frames.append(make(steps))
        }
        let list = try builder.build(root: frames[0])
        #expect(!FrameDamage.drawsWhole(list) && list.commands.contains { if case .stack = $0 { true } else { false } })
        try expectDrawnOverTheLastAsWhole(frames, partial: 12)
    }

    /// Renders `frames` in order with damage (each over the last) and whole: the same
    /// bytes, at least `partial` of them drawn in part.
    private func expectDrawnOverTheLastAsWhole(_ frames: [Layer], partial: Int,
                                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let damaged = try makeRenderer(), whole = try makeRenderer()
        whole.redrawsOnlyDamage = false
        for (i, root) in frames.enumerated() {
            let a = try damaged.render(layer: root, pixelWidth: 480, pixelHeight: 320, scale: 1)
            let b = try whole.render(layer: root, pixelWidth: 480, pixelHeight: 320, scale: 1)
            let differing = differingBytes(a.pixels, b.pixels)
            #expect(differing == 0, "frame \(i): \(differing) bytes differ", sourceLocation: sourceLocation)
        }
        #expect(damaged.partialFrameCount >= partial, "\(damaged.partialFrameCount) of \(frames.count) drawn in part",
                sourceLocation: sourceLocation)
        #expect(whole.partialFrameCount == 0, sourceLocation: sourceLocation)
    }
}
