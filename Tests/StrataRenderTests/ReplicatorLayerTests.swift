import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// CAReplicatorLayer: copies through the instance transform about the bounds centre, the
/// copy colour (instanceColor plus offsets), delayed animations per copy; positions and
/// colours below are worked out by hand.
@Suite struct ReplicatorLayerTests {
    /// A 100 x 100 replicator at the origin of a white 100 x 100 root; one 10 x 10 black
    /// dot centred at (50, 10): 40 above the centre. Copy k is the dot turned k x 90 degrees
    /// about (50, 50): CA's rotation about z turns +x towards +y, clockwise on the y-down
    /// screen, so copy 1's centre is at (90, 50), copy 2's at (50, 90), copy 3's at (10, 50).
    private func spinner(count: Int) -> (root: Layer, replicator: ReplicatorLayer, dot: Layer) {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let replicator = ReplicatorLayer()
        replicator.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let dot = Layer()
        dot.frame = Rect(x: 45, y: 5, width: 10, height: 10)
        dot.backgroundColor = .black
        replicator.addSublayer(dot)
        replicator.instanceCount = count
        replicator.instanceTransform = Transform3D.makeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(replicator)
        return (root, replicator, dot)
    }

    @Test func theDefaultsAreCoreAnimations() {
        let r = ReplicatorLayer()
        #expect(r.instanceCount == 1 && r.instanceDelay == 0 && r.instanceTransform == .identity)
        #expect(r.instanceColor == .white && r.instanceAlphaOffset == 0 && !r.preservesDepth)
    }

    /// GL-free: the draw list holds one dot draw per copy, each matrix taking the dot's
    /// centre (5, 5 in its bounds) to where the hand computation puts it.
    @Test func copiesTurnAboutTheCentre() throws {
        let (root, _, _) = spinner(count: 4)
        let list = try DrawListBuilder(pixelWidth: 100, pixelHeight: 100, scale: 1).build(root: root)
        let centres = list.layerDraws.map { d -> Point in
            let v = d.quad.matrix.apply(x: 5, y: 5)
            return Point(x: (v.x / v.w * 1e6).rounded() / 1e6, y: (v.y / v.w * 1e6).rounded() / 1e6)
        }
        #expect(centres == [Point(x: 50, y: 10), Point(x: 90, y: 50), Point(x: 50, y: 90), Point(x: 10, y: 50)])
    }

    @Test func copyColoursAddTheOffsets() {
        let r = ReplicatorLayer()
        r.instanceColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        r.instanceRedOffset = -0.25
        r.instanceAlphaOffset = -0.375
        #expect(r.instanceColor(at: 0) == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(r.instanceColor(at: 2) == Color(red: 0.5, green: 0.5, blue: 0, alpha: 0.25))
        // Clamped to 0...1: copy 3's alpha would be -0.125.
        #expect(r.instanceColor(at: 3).alpha == 0)
    }

    /// Each copy's animations run instanceDelay later: an opacity fade from 1 to 0 over
    /// 1 s, linear, delay 0.25 s, seen at 0.5 s: copy 0 at 0.5, copy 1 at 0.75, copy 2 at
    /// 1 (its fade has just begun), copy 3 before its start (no fill): the model's 1.
    @Test func delayedCopiesAreTheirOwnPresentations() throws {
        let (root, replicator, dot) = spinner(count: 4)
        replicator.instanceDelay = 0.25
        var fade = BasicAnimation(keyPath: "opacity", fromValue: .double(1), toValue: .double(0))
        fade.duration = 1
        fade.timingFunction = .linear
        try dot.add(fade, forKey: "fade")
        let frame = root.presentation(at: 0.5)
        let copy = try #require(frame.sublayers.first as? ReplicatorLayer)
        let opacities = (0..<4).map { copy.sublayers(ofInstance: $0).first!.opacity }
        #expect(opacities.map { ($0 * 1e9).rounded() / 1e9 } == [0.5, 0.75, 1, 1])
        // The model is untouched and its own sublayers are its one dot.
        #expect(replicator.sublayers.count == 1 && replicator.delayedInstances.isEmpty)
    }

    /// Drawn: black at each copy's centre, white between. Then a white dot on black with
    /// instanceGreenOffset -1: copy 0 keeps white, copies 1 and on have green 0 (clamped)
    /// and multiply the dot to magenta (255, 0, 255).
    @Test(.tags(.gl)) func copiesAreDrawnWhereAndHowTheySay() throws {
        let (root, replicator, dot) = spinner(count: 4)
        let renderer = try makeRenderer()
        let image = try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 100, scale: 1)
        for (x, y) in [(50, 10), (90, 50), (50, 90), (10, 50)] { #expect(image.rgba(x, y) == RGBA(0, 0, 0)) }
        #expect(image.rgba(50, 50) == RGBA(255, 255, 255))
        #expect(image.rgba(90, 10) == RGBA(255, 255, 255))
        dot.backgroundColor = .white
        replicator.instanceGreenOffset = -1
        root.backgroundColor = .black
        let tinted = try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 100, scale: 1)
        #expect(tinted.rgba(50, 10) == RGBA(255, 255, 255))
        #expect(tinted.rgba(90, 50) == RGBA(255, 0, 255))
        #expect(tinted.rgba(50, 90) == RGBA(255, 0, 255))
        // No copies at all with instanceCount 0.
        replicator.instanceCount = 0
        let none = try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 100, scale: 1)
        #expect(none.rgba(50, 10) == RGBA(0, 0, 0) && none.rgba(90, 50) == RGBA(0, 0, 0))
    }
}
