import Foundation
import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// x'' = -(k x + c x') / m from x = 1, x' = -v0, integrated with RK4 in small steps: a
/// reference for the closed form.
private func integratedProgress(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double,
                                at time: Double) -> Double {
    var x = 1.0, v = -v0
    let n = 20_000
    let h = time / Double(n)
    func a(_ x: Double, _ v: Double) -> Double { -(k * x + c * v) / m }
    for _ in 0..<n {
        let k1x = v, k1v = a(x, v)
        let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return 1 - x
}

@Suite struct AnimationSpringTests {
    @Test func closedFormMatchesIntegration() {
        // Under-, critically and over-damped, with and without initial velocity.
        let cases: [(Double, Double, Double, Double)] = [
            (1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 40, 0), (2, 300, 15, 5), (1, 200, 60, -3),
        ]
        for (m, k, c, v0) in cases {
            var s = SpringAnimation(keyPath: "position.x")
            s.mass = m; s.stiffness = k; s.damping = c; s.initialVelocity = v0
            for t in [0.05, 0.2, 0.5, 1.0] {
                #expect(near(s.progress(at: t), integratedProgress(mass: m, stiffness: k, damping: c, velocity: v0, at: t), 1e-7),
                        "m \(m) k \(k) c \(c) v0 \(v0) t \(t)")
            }
            #expect(near(s.progress(at: 0), 0, 1e-12))
        }
    }

    @Test func settles() {
        let s = SpringAnimation(keyPath: "position.x")
        // Envelope e^(-5 t) · |(1, 1/√3)| < 0.001 from t = ln(1154.7) / 5.
        #expect(near(s.settlingDuration, log(1000 * (4.0 / 3).squareRoot()) / 5, 1e-12))
        #expect(near(s.settlingDuration, 1.41, 0.005))
        // Underdamped: overshoots, then stays within the tolerance after settling.
        let samples = stride(from: 0.0, through: 3, by: 0.01).map { s.progress(at: $0) }
        #expect(samples.max()! > 1.1)
        for t in stride(from: s.settlingDuration, through: 5, by: 0.01) { #expect(abs(s.progress(at: t) - 1) < 0.001) }

        // Critically damped: no overshoot, monotonic.
        var critical = SpringAnimation(keyPath: "position.x")
        critical.damping = 20
        let cs = stride(from: 0.0, through: 3, by: 0.01).map { critical.progress(at: $0) }
        #expect(cs.max()! <= 1 && zip(cs, cs.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(critical.progress(at: critical.settlingDuration) - 1) < 0.001)
        #expect(abs(critical.progress(at: critical.settlingDuration - 0.05) - 1) >= 0.001)
    }

    @Test func springOnALayer() throws {
        let layer = Layer()
        var s = SpringAnimation(keyPath: "position.x", fromValue: 0, toValue: 100)
        s.duration = s.settlingDuration
        s.fillMode = .forwards
        s.isRemovedOnCompletion = false
        try layer.add(s, forKey: "spring")
        #expect(near(layer.presentation(at: 0.1).position.x, 100 * s.progress(at: 0.1)))
        #expect(near(layer.presentation(at: 10).position.x, 100, 0.1))
    }
}

@Suite struct AnimationGroupTests {
    @Test func childrenRunOnTheGroupsClock() throws {
        let layer = Layer()
        layer.opacity = 0.5
        layer.position = Point(x: 7, y: 0)
        var fade = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        fade.duration = 1
        var move = BasicAnimation(keyPath: "position.x", fromValue: 0, toValue: 100)
        move.duration = 1
        move.beginTime = 1
        var group = AnimationGroup(animations: [fade, move])
        group.duration = 2
        group.beginTime = 10
        try layer.add(group, forKey: "group")
        var seen = layer.presentation(at: 10.5)
        #expect(near(seen.opacity, 0.5) && seen.position.x == 7)
        seen = layer.presentation(at: 11.5)
        #expect(seen.opacity == 0.5 && near(seen.position.x, 50))
        // The group's end cuts everything off.
        #expect(layer.presentation(at: 12).position.x == 7)
    }

    @Test func childWithoutDurationTakesTheGroupsAndGroupTimingDrivesChildren() throws {
        let layer = Layer()
        var move = BasicAnimation(keyPath: "position.x", fromValue: 0, toValue: 100)
        move.timingFunction = nil
        var group = AnimationGroup(animations: [move])
        group.duration = 4
        group.speed = 2
        try layer.add(group, forKey: "g")
        // Speed 2: one parent second is two group seconds, half of the child's four.
        #expect(near(layer.presentation(at: 1).position.x, 50))
        #expect(layer.animationRecords[0].endTime == 2)
        let stored = layer.animation(forKey: "g") as? AnimationGroup
        #expect(stored?.animations.first?.duration == 4)
    }

    @Test func onlyTheGroupReportsCompletion() throws {
        let clock = SceneClock()
        let layer = Layer()
        clock.attach(layer)
        var calls: [String] = []
        var child = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        child.duration = 0.5
        child.completion = { _ in calls.append("child") }
        var group = AnimationGroup(animations: [child])
        group.duration = 1
        group.completion = { calls.append("group \($0)") }
        try layer.add(group, forKey: "g")
        clock.advance(to: 2)
        #expect(calls == ["group true"])
    }
}
