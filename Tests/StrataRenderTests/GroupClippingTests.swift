import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// Masked groups cleared and drawn only inside their mask (`GroupClipping`): which draws
/// are cut (without GL), and that frames come out byte for byte as with whole targets.
@Suite(.serialized, .tags(.gl)) struct GroupClippingTests {
    let builder = DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1)

    private func named(_ layer: Layer, _ name: String) -> Layer {
        layer.name = name
        return layer
    }

    private func masked(_ frame: Rect, radius: Double, _ sublayers: [Layer]) -> Layer {
        let group = named(square(frame, Color(white: 0.9, alpha: 1), radius: radius), "group")
        group.masksToBounds = true
        for s in sublayers { group.addSublayer(s) }
        return group
    }

    private func clips(_ list: DrawList, _ visibility: inout [DrawVisibility]) -> [Int: PixelRect] {
        GroupClipping.clip(list, &visibility, reach: FrameDamage.reach(of: list) { _, _ in nil })
    }

    @Test func drawsInsideAMaskedGroupAreCutToItsBounds() throws {
        // The group covers pixels 40..<140 x 40..<100; its mask's quad is 1.5 px wider all
        // round for anti-aliasing (38.5...141.5 x 38.5...101.5), and its bounds a pixel wider
        // than that once rounded out (OcclusionCulling.bounds): 37..<143 x 37..<103.
        let big = named(square(Rect(x: -30, y: -30, width: 400, height: 300), .orange), "big")
        let small = named(square(Rect(x: 10, y: 10, width: 20, height: 20), .blue), "small")
        let list = try builder.build(root: root([masked(Rect(x: 40, y: 40, width: 100, height: 60), radius: 8, [big, small])]))
        var visibility = OcclusionCulling.visibility(of: list)
        let clips = clips(list, &visibility)
        let begin = try #require(list.commands.firstIndex { if case .beginGroup = $0 { true } else { false } })
        #expect(clips == [begin: PixelRect(x0: 37, y0: 37, x1: 143, y1: 103)])
        let byName = Dictionary(zip(list.commands, visibility).compactMap { c, v -> (String, DrawVisibility)? in
            if case .layer(let d) = c, let n = d.name { return (n, v) } else { return nil }
        }, uniquingKeysWith: { a, _ in a })
        // The big square is cut to the group's bounds, less where the small opaque one
        // covers it (culling's own pieces, 53..<67 square: its interior 3 px in); the small
        // one lies inside and stays whole.
        #expect(byName["big"] == .pieces([PixelRect(x0: 37, y0: 37, x1: 143, y1: 53), PixelRect(x0: 37, y0: 67, x1: 143, y1: 103),
                                          PixelRect(x0: 37, y0: 53, x1: 53, y1: 67), PixelRect(x0: 67, y0: 53, x1: 143, y1: 67)]))
        #expect(byName["small"] == .whole)
    }

    @Test func aTextOrShapeReachingNothingInsideTheDamageIsLeftOut() throws {
        // Two labels and a shape layer; the damage is a box round the first label only.
        let near = label(Rect(x: 20, y: 20, width: 100, height: 24), "Near")
        let far = label(Rect(x: 300, y: 250, width: 100, height: 24), "Far")
        let shape = ShapeLayer()
        shape.frame = Rect(x: 300, y: 100, width: 60, height: 60)
        shape.path = .ellipse(in: Rect(x: 0, y: 0, width: 60, height: 60))
        shape.fillColor = .purple
        let list = try builder.build(root: root([near, far, shape]))
        // Texts given a reach (FrameDamage's from their glyphs; here their layers' frames).
        let frames = [PixelRect(x0: 20, y0: 20, x1: 120, y1: 44), PixelRect(x0: 300, y0: 250, x1: 400, y1: 274)]
        let reach = FrameDamage.reach(of: list) { n, _ in frames[n] }
        var visibility = OcclusionCulling.visibility(of: list)
        _ = GroupClipping.clip(list, &visibility, reach: reach, within: PixelRect(x0: 10, y0: 10, x1: 130, y1: 50))
        let kinds = zip(list.commands, visibility).compactMap { c, v -> (String, DrawVisibility)? in
            switch c {
            case .text(let d): return (d.glyphs.isEmpty ? "?" : "text", v)
            case .shape: return ("shape", v)
            default: return nil
            }
        }
        #expect(kinds.map(\.0) == ["text", "text", "shape"])
        #expect(kinds.map(\.1) == [.whole, .hidden, .hidden])
        // Without damage nothing is left out.
        var whole = OcclusionCulling.visibility(of: list)
        _ = GroupClipping.clip(list, &whole, reach: reach)
        #expect(whole.allSatisfy { $0 != .hidden })
    }

    @Test func aListWithABackdropIsNotCut() throws {
        let backdrop = BackdropLayer()
        backdrop.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        backdrop.material = Material(blurRadius: 10)
        let list = try builder.build(root: root([masked(Rect(x: 40, y: 40, width: 100, height: 60), radius: 8, [backdrop])]))
        var visibility = OcclusionCulling.visibility(of: list)
        let before = visibility
        #expect(clips(list, &visibility).isEmpty)
        #expect(visibility == before)
    }

    /// A group casting the shadow of its content reads its target around each pixel: inside
    /// a masked group it is not cut, and nothing in it is.
    @Test func aContentShadowGroupIsNotCutInside() throws {
        let casting = named(Layer(), "casting")
        casting.frame = Rect(x: 10, y: 10, width: 60, height: 40)
        casting.shadowOpacity = 0.5
        casting.shadowRadius = 6
        casting.addSublayer(named(square(Rect(x: -40, y: 5, width: 300, height: 20), .green), "wide"))
        let list = try builder.build(root: root([masked(Rect(x: 40, y: 40, width: 100, height: 60), radius: 8, [casting])]))
        #expect(list.commands.contains { if case .endGroup(let c) = $0 { c.shadow != nil } else { false } })
        var visibility = OcclusionCulling.visibility(of: list)
        let clips = clips(list, &visibility)
        #expect(clips.count == 1, "\(clips)")
        let wide = try #require(zip(list.commands, visibility).first { c, _ in if case .layer(let d) = c { d.name == "wide" } else { false } })
        #expect(wide.1 == .whole)
    }

    /// Nested masked groups (one turned), an opacity group inside one, a group partly off
    /// the frame, shadows inside, a `CALayer.mask` and a content shadow inside: the same
    /// bytes as with every group target whole, after a frame that left colour all over the
    /// group targets.
    @Test func clippedGroupsAreByteIdentical() throws {
        let renderer = try makeRenderer()
        let stale = root([masked(Rect(x: 0, y: 0, width: 480, height: 320), radius: 0, [
            masked(Rect(x: 0, y: 0, width: 480, height: 320), radius: 0, [
                masked(Rect(x: 0, y: 0, width: 480, height: 320), radius: 0, [
                    masked(Rect(x: 0, y: 0, width: 480, height: 320), radius: 0, [square(Rect(x: 0, y: 0, width: 480, height: 320), .purple)])])])])])
        renderer.cullsHiddenDraws = false
        _ = try renderer.render(layer: stale, pixelWidth: 480, pixelHeight: 320, scale: 1)
        renderer.cullsHiddenDraws = true

        let shadowed = square(Rect(x: 20, y: 10, width: 60, height: 40), .green, radius: 6)
        shadowed.shadowOpacity = 0.7
        shadowed.shadowRadius = 6
        let faded = Layer()
        faded.frame = Rect(x: 10, y: 60, width: 120, height: 70)
        faded.opacity = 0.5
        faded.addSublayer(square(Rect(x: -20, y: -20, width: 100, height: 100), .red, radius: 10))
        let inner = masked(Rect(x: 100, y: 30, width: 90, height: 80), radius: 14, [
            square(Rect(x: -40, y: -40, width: 200, height: 90), .blue),
            square(Rect(x: 30, y: 50, width: 100, height: 100), .orange, radius: 20),
        ])
        inner.transform = .makeRotation(0.3, 0, 0, 1)
        let maskedLayer = square(Rect(x: 150, y: 100, width: 140, height: 100), .cyan)
        maskedLayer.mask = square(Rect(x: -20, y: 20, width: 120, height: 60), .black, radius: 25)
        maskedLayer.addSublayer(square(Rect(x: 60, y: -30, width: 40, height: 200), .magenta))
        let casting = Layer()
        casting.frame = Rect(x: 20, y: 130, width: 80, height: 40)
        casting.shadowOpacity = 0.6
        casting.shadowRadius = 5
        casting.shadowOffset = Size(width: 30, height: -20)
        casting.addSublayer(square(Rect(x: -30, y: 0, width: 300, height: 25), .brown, radius: 8))
        let outer = masked(Rect(x: 30.5, y: 20.25, width: 260, height: 180), radius: 12, [shadowed, faded, inner, maskedLayer, casting,
            square(Rect(x: 200, y: 120, width: 200, height: 200), Color(red: 0.2, green: 0.6, blue: 0.4, alpha: 0.8))])
        let offFrame = masked(Rect(x: 400, y: 250, width: 150, height: 120), radius: 20, [
            square(Rect(x: -10, y: -10, width: 120, height: 60), .blue, radius: 4)])
        try expectSameBytes(renderer, root([outer, offFrame]), "nested masked groups", toggling: \.cullsHiddenDraws)
    }
}
