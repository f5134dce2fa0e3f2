import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// The linear fraction u at which `f(u) == y`, by bisection: a reference independent of
/// the solver's inverse direction.
private func inverse(_ f: TimingFunction, _ y: Double) -> Double {
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if f.solve(mid, epsilon: 1e-12) < y { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
}

/// position.x on a detached layer (begins at 0) at time t of a 1 s keyframe animation.
private func sample(_ animation: KeyframeAnimation, _ t: Double) -> Double {
    let layer = Layer()
    var a = animation
    if a.duration == 0 { a.duration = 1 }
    // Recorded rather than thrown, so that the helper reads inside #expect.
    do { try layer.add(a, forKey: "k") } catch { Issue.record(error) }
    return layer.presentation(at: t).position.x
}

@Suite struct AnimationKeyframeTests {
    static let shakeValues: [AnimationValue] = [0, 15, -12, 9, -6, 6, 0]
    static let shakeKeyTimes = [0, 0.225, 0.425, 0.6, 0.75, 0.875, 1]

    func shake() -> KeyframeAnimation {
        var a = KeyframeAnimation(keyPath: "transform.translation.x", values: Self.shakeValues, keyTimes: Self.shakeKeyTimes)
        a.duration = 0.5
        a.timingFunction = .easeInEaseOut
        return a
    }

    func translationX(_ a: KeyframeAnimation, at t: Double) -> Double {
        let layer = Layer()
        do { try layer.add(a, forKey: "shake") } catch { Issue.record(error) }
        return layer.presentation(at: t).transform.m41
    }

    /// AFViewShaker sets the animation's single `timingFunction`, which in Core Animation
    /// eases the whole duration before the keyframe segment is found (per-segment easing
    /// is `timingFunctions`). So a value is reached when the eased fraction equals its
    /// keyTime.
    @Test func shakeReachesEachValueWhenTheEasedClockReachesItsKeyTime() {
        for (value, keyTime) in zip(Self.shakeValues, Self.shakeKeyTimes) {
            let u = inverse(.easeInEaseOut, keyTime)
            #expect(near(translationX(shake(), at: u * 0.5), value.doubleValue!, 1e-4), "keyTime \(keyTime)")
        }
        // keyTime 0.225 is reached at u ≈ 0.3284, t ≈ 0.1642 s of 0.5 s.
        #expect(near(inverse(.easeInEaseOut, 0.225), 0.328_440_299_522_101, 1e-9))
    }

    @Test func shakeBetweenKeyframesIsLinearOnTheEasedClock() {
        // t = 0.1125 s: u = 0.225 of the duration; easeInEaseOut(0.225) = 0.1040380083,
        // in the first segment (0...0.225): 15 * 0.1040380083 / 0.225 = 6.935867218.
        #expect(near(translationX(shake(), at: 0.1125), 6.935_867_217_897_6, 1e-5))
        // Halfway between keyTimes 0.6 (+9) and 0.75 (-6) on the eased clock: 1.5.
        #expect(near(translationX(shake(), at: inverse(.easeInEaseOut, 0.675) * 0.5), 1.5, 1e-4))
    }

    @Test func invalidKeyTimesAreIgnored() {
        let values: [AnimationValue] = [0, 10, 40]
        // Evenly spread when ignored: 0 at 0, 10 at 0.5, 40 at 1 → 5 at 0.25.
        for keyTimes in [[0, 0.9, 0.5], [0, 0.5], [0.1, 0.5, 1], [0, 0.5, 0.9], [0, 0.5, 1.2], [0, .nan, 1]] {
            var a = KeyframeAnimation(keyPath: "position.x", values: values, keyTimes: keyTimes)
            #expect(a.validKeyTimes == nil)
            #expect(near(sample(a, 0.25), 5), "\(keyTimes)")
            a.keyTimes = nil
            #expect(near(sample(a, 0.25), 5))
        }
        let valid = KeyframeAnimation(keyPath: "position.x", values: values, keyTimes: [0, 0.8, 1])
        #expect(near(sample(valid, 0.4), 5) && near(sample(valid, 0.9), 25))
        // Repeated keyTimes are allowed (non-decreasing): a jump.
        let jump = KeyframeAnimation(keyPath: "position.x", values: [0, 10, 20, 30], keyTimes: [0, 0.5, 0.5, 1])
        #expect(near(sample(jump, 0.25), 5) && near(sample(jump, 0.75), 25))
    }

    @Test func perSegmentTimingFunctions() {
        var a = KeyframeAnimation(keyPath: "position.x", values: [0, 10, 20])
        a.timingFunctions = [.easeIn, .linear]
        // Segment 0 halfway: 10 * easeIn(0.5).
        #expect(near(sample(a, 0.25), 3.153_568_125_725_394, 1e-5))
        #expect(near(sample(a, 0.75), 15))
    }

    @Test func discrete() {
        var a = KeyframeAnimation(keyPath: "position.x", values: [0, 10, 20])
        a.calculationMode = .discrete
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        #expect(sample(a, 0.2) == 0 && sample(a, 0.5) == 10 && sample(a, 0.9) == 10 && sample(a, 1) == 20)
        // One more keyTime than values, as Core Animation documents for discrete.
        a.keyTimes = [0, 0.25, 0.5, 1]
        #expect(a.validKeyTimes != nil)
        #expect(sample(a, 0.1) == 0 && sample(a, 0.3) == 10 && sample(a, 0.6) == 20)
    }

    @Test func pacedMovesAtAConstantRate() throws {
        // Distances 10 and 30: keyTimes 0, 0.25, 1 whatever keyTimes says.
        var a = KeyframeAnimation(keyPath: "position.x", values: [0, 10, 40], keyTimes: [0, 0.9, 1])
        a.calculationMode = .paced
        a.timingFunctions = [.easeIn, .easeIn]
        #expect(a.effectiveKeyTimes == [0, 0.25, 1])
        for t in [0.1, 0.25, 0.5, 0.8] { #expect(near(sample(a, t), 40 * t)) }

        // On points: legs of 50 and 40 pt.
        var p = KeyframeAnimation(keyPath: "position",
                                  values: [.point(Point(0, 0)), .point(Point(30, 40)), .point(Point(30, 0))])
        p.calculationMode = .paced
        p.duration = 9
        let layer = Layer()
        try layer.add(p, forKey: "p")
        #expect(layer.presentation(at: 2.5).position == Point(x: 15, y: 20))
        #expect(layer.presentation(at: 5).position == Point(x: 30, y: 40))
        #expect(layer.presentation(at: 7).position == Point(x: 30, y: 20))
    }

    @Test func cubicPassesThroughTheValuesSmoothly() {
        var a = KeyframeAnimation(keyPath: "position.x", values: [0, 1, 2, 3])
        a.calculationMode = .cubic
        // Through every value.
        for (i, t) in [0.0, 1.0 / 3, 2.0 / 3].enumerated() { #expect(near(sample(a, t), Double(i), 1e-12)) }
        // Catmull-Rom on evenly spaced collinear points is linear inside...
        #expect(near(sample(a, 0.5), 1.5, 1e-12))
        // ...and eases out of the first point, whose tangent sees a repeated end point:
        // Hermite with tangents 0.5 and 1 at s = 0.5 gives 0.4375.
        #expect(near(sample(a, 1.0 / 6), 0.4375, 1e-12))

        // A peak: the curve overshoots a linear path near it but meets it at the keys.
        var peak = KeyframeAnimation(keyPath: "position.x", values: [0, 10, 0, 10])
        peak.calculationMode = .cubic
        #expect(near(sample(peak, 1.0 / 3), 10, 1e-9))
        #expect(sample(peak, 0.25) > 7.5)

        // Tension 1 flattens the tangents to zero: an ease between keys.
        var tense = KeyframeAnimation(keyPath: "position.x", values: [0, 1, 2, 3])
        tense.calculationMode = .cubic
        tense.tensionValues = [1, 1, 1, 1]
        #expect(near(sample(tense, 0.5), 1.5, 1e-12))
        // s = 0.2 into the middle segment: h01(0.2) = 3 s² - 2 s³ = 0.104.
        #expect(near(sample(tense, 0.4), 1.104, 1e-9))
    }

    @Test func cumulativeKeyframes() {
        var a = KeyframeAnimation(keyPath: "position.x", values: [0, 5, 10])
        a.repeatCount = 2
        a.isCumulative = true
        #expect(near(sample(a, 1.25), 12.5))
    }
}
