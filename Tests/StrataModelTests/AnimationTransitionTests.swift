import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// A 100 x 50 card in a 320 x 200 root with a clock; blue before the transition, red after.
private final class Stage {
    let clock = SceneClock()
    let root = Layer()
    let card = Layer()
    init() {
        root.bounds = Rect(x: 0, y: 0, width: 320, height: 200)
        card.frame = Rect(x: 20, y: 30, width: 100, height: 50)
        card.backgroundColor = .blue
        root.addSublayer(card)
        clock.attach(root)
    }

    /// Adds `transition` (1 s, linear) at `at`, then turns the card red without an action.
    func run(_ transition: Transition, at start: Double = 0) {
        clock.advance(to: start)
        var t = transition
        t.duration = 1
        do { try card.add(t, forKey: "transition") } catch { Issue.record(error) }
        Transaction.perform(disableActions: true) { card.backgroundColor = .red }
    }
}

/// The x translation a presentation copy's transform adds in its plane.
private func shift(_ layer: Layer) -> Point { Point(x: layer.transform.m41, y: layer.transform.m42) }

@Suite struct AnimationTransitionTests {
    /// Push from the right at a quarter: the new (red) state 100 (1 - 0.25) = 75 pt to the
    /// right of its place, the old (blue) one 100 x 0.25 = 25 pt to the left, drawn below it.
    @Test func pushMovesBothStates() {
        let s = Stage()
        s.run(Transition(type: .push, subtype: .fromRight))
        let frame = s.root.presentation(at: 0.25)
        #expect(frame.sublayers.count == 2)
        let old = frame.sublayers[0], new = frame.sublayers[1]
        #expect(old.backgroundColor == .blue && new.backgroundColor == .red)
        #expect(near(shift(old).x, -25) && near(shift(new).x, 75))
        #expect(old.position == s.card.position && old.bounds == s.card.bounds)
        // From the top: the new state 50 (1 - 0.25) = 37.5 pt above.
        let top = Stage()
        top.run(Transition(type: .push, subtype: .fromTop))
        let t = top.root.presentation(at: 0.25)
        #expect(near(shift(t.sublayers[1]).y, -37.5) && near(shift(t.sublayers[0]).y, 12.5))
        // Over: the card alone again, red, unmoved.
        let after = s.root.presentation(at: 1)
        #expect(after.sublayers.count == 1 && after.sublayers[0].backgroundColor == .red)
        #expect(after.sublayers[0].transform == .identity)
    }

    /// moveIn keeps the old state still under the new; reveal slides the old one off over
    /// the new one, which stays; fade crosses opacities.
    @Test func moveInRevealAndFade() {
        let moveIn = Stage()
        moveIn.run(Transition(type: .moveIn, subtype: .fromLeft))
        let m = moveIn.root.presentation(at: 0.5)
        #expect(m.sublayers[0].backgroundColor == .blue && near(shift(m.sublayers[0]).x, 0))
        #expect(near(shift(m.sublayers[1]).x, -50))

        let reveal = Stage()
        reveal.run(Transition(type: .reveal, subtype: .fromBottom))
        let r = reveal.root.presentation(at: 0.5)
        // The old state on top, leaving upwards: 50 x 0.5 = 25 pt.
        #expect(r.sublayers[1].backgroundColor == .blue && near(shift(r.sublayers[1]).y, -25))
        #expect(r.sublayers[0].backgroundColor == .red && r.sublayers[0].transform == .identity)

        let fade = Stage()
        var t = Transition(type: .fade)
        t.startProgress = 0.2
        t.endProgress = 0.6
        fade.run(t)
        // Progress 0.2 + 0.4 x 0.5 = 0.4 at the middle.
        let f = fade.root.presentation(at: 0.5)
        #expect(near(f.sublayers[0].opacity, 0.6) && near(f.sublayers[1].opacity, 0.4))
    }

    /// The snapshot is the layer when the transition was added: its presentation then,
    /// still, whatever its sublayers do after.
    @Test func theSnapshotIsTheLayerWhenAdded() {
        let s = Stage()
        let label = Layer()
        label.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        label.backgroundColor = .white
        s.card.addSublayer(label)
        s.run(Transition(type: .push, subtype: .fromRight), at: 2)
        label.removeFromSuperlayer()
        let frame = s.root.presentation(at: 2.5)
        #expect(frame.sublayers[0].sublayers.count == 1 && frame.sublayers[1].sublayers.isEmpty)
        // The same presentation asked again (the kept copy rewritten) is the same.
        let again = s.root.presentation(at: 2.5)
        #expect(again.sublayers.count == 2 && near(shift(again.sublayers[0]).x, -50))
    }

    /// Removed early, the snapshot goes with it; the delegate-style completion hears false,
    /// a transition run to its end true; the clock runs while it does.
    @Test func removalAndCompletion() {
        let s = Stage()
        var results: [Bool] = []
        var t = Transition(type: .push, subtype: .fromRight)
        t.completion = { results.append($0) }
        s.run(t)
        #expect(s.root.hasRunningAnimations(at: 0.5))
        s.card.removeAnimation(forKey: "transition")
        #expect(results == [false])
        #expect(s.root.presentation(at: 0.5).sublayers.count == 1)

        let whole = Stage()
        var u = Transition(type: .fade)
        u.completion = { results.append($0) }
        whole.run(u)
        whole.clock.advance(to: 1.5)
        #expect(results == [false, true])
        #expect(!whole.root.hasRunningAnimations(at: 1.5))
    }
}
