import Testing
import StrataQuartzCore
import StrataDriver
import StrataModel

/// Layer code as a scene: built once at time 0, driven by the scene's own clock.
@Suite(.serialized) struct QuartzSceneTests {
    /// A dot fading in over 1 s and a second one whose fade begins 0.5 s after
    /// `CACurrentMediaTime()` at build time (0), as loading dots are staggered.
    private static let dots = QuartzScene(name: "dots", size: CGSize(width: 100, height: 40), scale: 1) { root in
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        for i in 0..<2 {
            let dot = CALayer()
            dot.name = "dot\(i)"
            dot.frame = CGRect(x: 20 + 40 * CGFloat(i), y: 10, width: 20, height: 20)
            dot.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            fade.beginTime = CACurrentMediaTime() + 0.5 * CFTimeInterval(i)
            fade.fillMode = .backwards
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            dot.add(fade, forKey: "fade")
            root.addSublayer(dot)
        }
    }

    @Test func theDescriptorMakesTheTreeAndTimeMovesItsAnimations() throws {
        let d = Self.dots.descriptor
        #expect(d.name == "dots" && d.defaultViewSize == Size(width: 100, height: 40) && d.defaultScale == 1)
        let scene = try d.makeScene(viewSize: d.defaultViewSize, scale: 1)
        #expect(scene.rootLayer.bounds == Rect(x: 0, y: 0, width: 100, height: 40))
        // Set-up is the first state, not an implicit animation: only the two fades run.
        #expect(scene.rootLayer.sublayers.map { $0.animationKeys() } == [["fade"], ["fade"]])
        scene.advance(to: 0.75)
        let frame = scene.presentationLayer
        #expect(abs(frame.sublayers[0].opacity - 0.75) < 1e-9)
        #expect(abs(frame.sublayers[1].opacity - 0.25) < 1e-9, "\(frame.sublayers.map(\.opacity))")
        #expect(scene.hasRunningAnimations)
        scene.advance(to: 2)
        #expect(!scene.hasRunningAnimations)
    }

    /// Each made scene starts again at 0, whatever was rendered before.
    @Test func everySceneHasItsOwnClock() throws {
        let d = Self.dots.descriptor
        let first = try d.makeScene(viewSize: d.defaultViewSize, scale: 1)
        first.advance(to: 5)
        let second = try d.makeScene(viewSize: d.defaultViewSize, scale: 1)
        second.advance(to: 0.25)
        #expect(abs(second.presentationLayer.sublayers[0].opacity - 0.25) < 1e-9)
    }
}
