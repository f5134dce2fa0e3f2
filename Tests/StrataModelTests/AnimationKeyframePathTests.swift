import Foundation
import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }

/// An L: 300 pt right, then 100 pt down (400 pt in all).
private func lPath() -> Path {
    var p = Path()
    p.move(to: Point(x: 0, y: 0))
    p.addLine(to: Point(x: 300, y: 0))
    p.addLine(to: Point(x: 300, y: 100))
    return p
}

private func follow(_ path: Path, mode: KeyframeAnimation.CalculationMode,
                    rotation: KeyframeAnimation.RotationMode? = nil, keyTimes: [Double]? = nil) -> Layer {
    var a = KeyframeAnimation(keyPath: "position")
    a.path = path
    a.keyTimes = keyTimes
    a.calculationMode = mode
    a.rotationMode = rotation
    a.duration = 1
    let layer = Layer()
    do { try layer.add(a, forKey: "follow") } catch { Issue.record(error) }
    return layer
}

/// The angle of a presentation's transform as a rotation about z (m11 = cos, m12 = sin).
private func angle(_ t: Transform3D) -> Double { atan2(t.m12, t.m11) }

@Suite struct AnimationKeyframePathTests {
    /// Paced: one speed along 400 pt, so the corner (300 pt in) is reached at 300/400 =
    /// 0.75 of the duration; halfway is 200 pt along the first leg; 0.875 is 50 pt down.
    @Test func pacedMovesAtOneSpeedAlongTheArcLength() {
        let layer = follow(lPath(), mode: .paced)
        #expect(layer.presentation(at: 0.75).position == Point(x: 300, y: 0))
        let half = layer.presentation(at: 0.5).position
        #expect(near(half.x, 200) && near(half.y, 0))
        let late = layer.presentation(at: 0.875).position
        #expect(near(late.x, 300) && near(late.y, 50))
        // keyTimes are ignored by the paced modes.
        let given = follow(lPath(), mode: .paced, keyTimes: [0, 0.1, 1])
        #expect(near(given.presentation(at: 0.5).position.x, 200))
    }

    /// Linear: each line is a keyframe segment of equal time whatever its length: the
    /// corner at 0.5, a quarter of the way (150 pt) at 0.25, 50 pt down at 0.75; keyTimes
    /// (one per keyframe: the start and the two ends) move the corner.
    @Test func linearGivesEachSegmentItsKeyTime() {
        let layer = follow(lPath(), mode: .linear)
        #expect(layer.presentation(at: 0.5).position == Point(x: 300, y: 0))
        #expect(near(layer.presentation(at: 0.25).position.x, 150))
        let late = layer.presentation(at: 0.75).position
        #expect(near(late.x, 300) && near(late.y, 50))
        let timed = follow(lPath(), mode: .linear, keyTimes: [0, 0.2, 1])
        #expect(timed.presentation(at: 0.2).position == Point(x: 300, y: 0))
        #expect(near(timed.presentation(at: 0.1).position.x, 150))
        #expect(near(timed.presentation(at: 0.6).position.y, 50))
    }

    /// Discrete: the keyframes only, each held until the next key time (three keyframes
    /// spread evenly: 0, 0.5, 1, so the corner from 0.5 on); keyTimes (one more than the
    /// keyframes, ending at 1) move the jumps.
    @Test func discreteJumpsBetweenTheKeyframes() {
        let layer = follow(lPath(), mode: .discrete)
        #expect(layer.presentation(at: 0.4).position == Point(x: 0, y: 0))
        #expect(layer.presentation(at: 0.6).position == Point(x: 300, y: 0))
        #expect(layer.presentation(at: 0.9).position == Point(x: 300, y: 0))
        let timed = follow(lPath(), mode: .discrete, keyTimes: [0, 0.1, 0.8, 1])
        #expect(timed.presentation(at: 0.2).position == Point(x: 300, y: 0))
        #expect(timed.presentation(at: 0.9).position == Point(x: 300, y: 100))
    }

    /// A curve is followed along itself: a quadratic from (0, 0) to (200, 0) through the
    /// control (100, 100) is at B(0.5) = 0.5 (100, 100) + 0.25 (200, 0) = (100, 50) halfway.
    @Test func curvesAreFollowedAlongTheirParameter() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addQuadCurve(to: Point(x: 200, y: 0), control: Point(x: 100, y: 100))
        let layer = follow(p, mode: .linear, rotation: .auto)
        let mid = layer.presentation(at: 0.5)
        #expect(near(mid.position.x, 100) && near(mid.position.y, 50))
        // B'(t) = 2 (1 - t) (100, 100) + 2 t (100, -100): at 0.5 (200, 0), level.
        #expect(near(angle(mid.transform), 0))
        // At 0.25: (150 + 50, 150 - 50) = (200, 100), atan2(100, 200) = 26.565°.
        #expect(near(angle(layer.presentation(at: 0.25).transform), atan2(100, 200)))
    }

    /// rotationMode auto: the layer's x axis along the travel: level on the first leg,
    /// a quarter turn (clockwise on screen, y down) on the way down; autoReverse half a
    /// turn more. Without a rotation mode the transform is left alone.
    @Test func rotationModeTurnsToTheTangent() {
        let auto = follow(lPath(), mode: .paced, rotation: .auto)
        #expect(near(angle(auto.presentation(at: 0.5).transform), 0))
        #expect(near(angle(auto.presentation(at: 0.875).transform), Double.pi / 2))
        let reverse = follow(lPath(), mode: .paced, rotation: .autoReverse)
        #expect(near(abs(angle(reverse.presentation(at: 0.5).transform)), Double.pi))
        #expect(near(angle(reverse.presentation(at: 0.875).transform), -Double.pi / 2))
        let none = follow(lPath(), mode: .paced)
        #expect(none.presentation(at: 0.875).transform == .identity)
    }

    /// An arc made of cubic curves (a circle's quarter, radius 100 about (0, 0) from
    /// (100, 0) to (0, 100)) paced: halfway along it is at 45°, (70.71, 70.71), and the
    /// tangent there points at 135°.
    @Test func pacedOnACircleIsAtTheArcsMiddle() {
        var p = Path()
        p.move(to: Point(x: 100, y: 0))
        p.addArc(center: Point(x: 0, y: 0), radius: 100, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
        let layer = follow(p, mode: .paced, rotation: .auto)
        let mid = layer.presentation(at: 0.5)
        // CGPath's arc is a cubic within 0.03% of the circle's radius.
        #expect(near(mid.position.x, 100 / 2.0.squareRoot(), 0.05) && near(mid.position.y, 100 / 2.0.squareRoot(), 0.05))
        #expect(near(angle(mid.transform), 3 * Double.pi / 4, 1e-3))
    }

    /// isHidden animates discretely: a basic animation switches at its halfway point,
    /// discrete keyframes at their key times.
    @Test func hiddenAnimatesDiscretely() throws {
        let layer = Layer()
        var basic = BasicAnimation(keyPath: "hidden", fromValue: false.animationValue, toValue: true.animationValue)
        basic.duration = 1
        try layer.add(basic, forKey: "hide")
        #expect(layer.presentation(at: 0.4).isHidden == false)
        #expect(layer.presentation(at: 0.6).isHidden == true)

        let blinking = Layer()
        var blink = KeyframeAnimation(keyPath: "hidden", values: [true.animationValue, false.animationValue],
                                      keyTimes: [0, 0.5, 1])
        blink.calculationMode = .discrete
        blink.duration = 1
        try blinking.add(blink, forKey: "blink")
        #expect(blinking.presentation(at: 0.25).isHidden == true)
        #expect(blinking.presentation(at: 0.75).isHidden == false)
        #expect(blinking.isHidden == false)
    }
}
