#if canImport(QuartzCore)
import QuartzCore
#else
import StrataQuartzCore
#endif
import QuartzCodeExamples
import StrataModel
import StrataRender
import StrataTestSupport
import Testing

/// Issue 24's animations through QuartzCore's names: a keyframe path with its modes, a
/// CATransition, iOS 17's spring by feel.
@Suite(.serialized) struct TransitionAndPathTests {
    /// Paced along an L (300 right, 100 down: 400 pt) the corner is reached at 300/400 of
    /// the 2 s, 1.5 s; rotating to the tangent, the layer is turned a quarter on the way down.
    @Test func keyframePathPacedWithRotation() throws {
        let root = CALayer(), dot = CALayer()
        root.addSublayer(dot)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 300, y: 0))
        path.addLine(to: CGPoint(x: 300, y: 100))
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = path
        follow.duration = 2
        follow.calculationMode = .paced
        follow.rotationMode = .rotateAuto
        dot.add(follow, forKey: "follow")
        #expect((dot.animation(forKey: "follow") as? CAKeyframeAnimation)?.rotationMode == .rotateAuto)
        advanceClock(of: root, to: 1.5)
        let corner = try #require(dot.presentation())
        #expect(abs(corner.position.x - 300) < 1e-9 && abs(corner.position.y) < 1e-9)
        advanceClock(of: root, to: 1.75)
        let down = try #require(dot.presentation())
        #expect(abs(down.position.y - 50) < 1e-6)
        // A quarter turn about z: m11 = cos = 0, m12 = sin = 1.
        #expect(abs(down.transform.m11) < 1e-9 && abs(down.transform.m12 - 1) < 1e-9)
    }

    /// perceptualDuration 1, bounce 0.5: stiffness 4π², damping 2 x 0.5 x 2π = 2π.
    @Test func springByFeel() {
        let spring = CASpringAnimation(perceptualDuration: 1, bounce: 0.5)
        #expect(abs(spring.stiffness - 4 * .pi * .pi) < 1e-9 && abs(spring.damping - 2 * .pi) < 1e-9 && spring.mass == 1)
        #expect(abs(spring.perceptualDuration - 1) < 1e-9 && abs(spring.bounce - 0.5) < 1e-9)
        #expect(spring.duration == spring.settlingDuration)
    }

    /// The push example halfway through its transition (0.5 s to 1 s, eased in and out:
    /// at 0.75 s exactly half way): the old blue page 80 pt left of its place, the new
    /// orange one 80 pt right of its place, the card's clip cutting both. The card spans
    /// x 40...200, y 40...160 of the 240 x 200 scene (2 px a point).
    @Test(.tags(.gl)) func pushIsHalfWayAtHandComputedOffsets() throws {
        let scene = QuartzScene(name: "push", size: CGSize(width: 240, height: 200), scale: 2) { root in
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            addTransitionPush(to: root)
        }.descriptor
        let made = try scene.makeScene(viewSize: scene.defaultViewSize, scale: scene.defaultScale)
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        func frame(_ t: Double) throws -> Image {
            made.advance(to: t)
            return try renderer.render(layer: made.presentationLayer, pixelWidth: 480, pixelHeight: 400, scale: 2)
        }
        let blue = RGBA(0, 122, 255), orange = RGBA(255, 149, 0), white = RGBA(255, 255, 255)
        // Before (the clock only moves forwards): page 1 fills the card.
        let before = try frame(0.3)
        #expect(before.rgba(2 * 190, 2 * 140).isClose(to: blue, within: 2))
        let mid = try frame(0.75)
        // The old page now covers card x -80...80 → scene x -40...120: blue at x 60 and 110
        // (clipped left of 40); the new one card x 80...240 → scene 120...280: orange at 130
        // and 190 (clipped right of 200). y 140 is clear of the numbers and the bar.
        for x in [60, 110] { #expect(mid.rgba(2 * x, 2 * 140).isClose(to: blue, within: 2), "x \(x)") }
        for x in [130, 190] { #expect(mid.rgba(2 * x, 2 * 140).isClose(to: orange, within: 2), "x \(x)") }
        // Outside the card nothing moved in: the clip holds.
        #expect(mid.rgba(2 * 30, 2 * 140) == white && mid.rgba(2 * 210, 2 * 140) == white)
        // After, page 2 fills it.
        let after = try frame(1.2)
        #expect(after.rgba(2 * 60, 2 * 140).isClose(to: orange, within: 2))
    }
}
