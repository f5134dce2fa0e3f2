import Foundation
import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

@Suite struct AnimationSpringFeelTests {
    /// perceptualDuration 0.5, bounce 0.2: stiffness (2π / 0.5)² = 16π² = 157.9137,
    /// damping ratio 0.8, so damping 2 x 0.8 x 4π = 6.4π = 20.1062; both read back.
    @Test func perceptualDurationAndBounceMapToTheSpring() {
        let s = SpringAnimation(keyPath: "position.x", perceptualDuration: 0.5, bounce: 0.2)
        #expect(s.mass == 1)
        #expect(near(s.stiffness, 16 * Double.pi * Double.pi, 1e-9))
        #expect(near(s.damping, 6.4 * Double.pi, 1e-9))
        #expect(near(s.perceptualDuration, 0.5) && near(s.bounce, 0.2))
        #expect(s.duration == s.settlingDuration && s.duration > 0)
        // Negative bounce: ratio 1 / (1 - 0.5) = 2, damping 2 x 2 x 4π = 16π.
        let over = SpringAnimation(keyPath: "opacity", perceptualDuration: 0.5, bounce: -0.5)
        #expect(near(over.damping, 16 * Double.pi, 1e-9) && near(over.bounce, -0.5))
        // No bounce: critically damped, never past the target.
        let critical = SpringAnimation(keyPath: "opacity", perceptualDuration: 0.5, bounce: 0)
        #expect(stride(from: 0.0, through: 2, by: 0.01).allSatisfy { critical.progress(at: $0) <= 1 + 1e-12 })
    }

    /// The spring settles: at its duration within a thousandth of the way of the target,
    /// and stays there.
    @Test func springSettles() throws {
        let layer = Layer()
        var s = SpringAnimation(keyPath: "position.x", perceptualDuration: 0.4, bounce: 0.3,
                                fromValue: 0, toValue: 200)
        s.fillMode = .forwards
        s.isRemovedOnCompletion = false
        try layer.add(s, forKey: "spring")
        let d = s.duration
        for t in stride(from: d, through: d + 1, by: 0.05) {
            #expect(abs(layer.presentation(at: t).position.x - 200) <= 200 * SpringAnimation.settlingTolerance)
        }
        // Bounce 0.3 is damping ratio 0.7: from rest it overshoots by e^(-π 0.7 / √0.51)
        // = e^(-3.0794) = 4.60% of the 200 pt, to 209.2.
        let peak = stride(from: 0.0, through: d, by: 0.001).map { layer.presentation(at: $0).position.x }.max()!
        #expect(abs(peak - 209.2) < 0.1)
    }

    /// UIView's spring: the block's change runs as a spring that comes to rest at the
    /// duration; damping 0.5 overshoots by about e^(-π 0.5 / √0.75) = 16% of the way.
    @Test func viewSpringAnimation() {
        let clock = SceneClock()
        let root = Layer(), view = Layer()
        root.addSublayer(view)
        clock.attach(root)
        var finished: Bool?
        ViewAnimation.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                              options: [], animations: { view.position.x = 100 }, completion: { finished = $0 })
        #expect(view.position.x == 100)
        #expect(view.animation(forKey: "position") is SpringAnimation)
        let samples = stride(from: 0.0, through: 0.8, by: 0.002).map { view.presentation(at: $0).position.x }
        let peak = samples.max()!
        #expect(abs(peak - 116.3) < 1)
        #expect(abs(view.presentation(at: 0.8).position.x - 100) <= 100 * SpringAnimation.settlingTolerance)
        clock.advance(to: 0.8)
        #expect(finished == true)
    }
}
