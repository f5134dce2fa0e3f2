import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// A detached layer (no clock: animations begin at time 0) with model opacity 0.2,
/// animated linearly over 1 s; returns the opacity seen halfway.
private func halfway(_ animation: BasicAnimation) -> Double {
    let layer = Layer()
    layer.opacity = 0.2
    var a = animation
    a.duration = 1
    // Recorded rather than thrown, so that the helper reads inside #expect.
    do { try layer.add(a, forKey: "a") } catch { Issue.record(error) }
    return layer.presentation(at: 0.5).opacity
}

private final class Recorder: AnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ animation: any Animation) { events.append("start") }
    func animationDidStop(_ animation: any Animation, finished: Bool) { events.append("stop \(finished)") }
}

@Suite struct AnimationBasicTests {
    @Test func fromToByCombinations() {
        // from & to: 0 → 1.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)), 0.5))
        // from & by: 0 → 0.5.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", fromValue: 0, byValue: 0.5)), 0.25))
        // by & to: 0.6 → 1.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", toValue: 1, byValue: 0.4)), 0.8))
        // from only: 0.6 → model 0.2.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", fromValue: 0.6)), 0.4))
        // to only: model 0.2 → 1.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", toValue: 1)), 0.6))
        // by only: model 0.2 → 0.6.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", byValue: 0.4)), 0.4))
        // none: nothing to see.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity")), 0.2))
        // all three: byValue ignored.
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1, byValue: 5)), 0.5))
        // A value of the wrong kind for the key path: ignored. (An unknown key path is
        // refused when added: see AnimatablePropertyTests.)
        #expect(near(halfway(BasicAnimation(keyPath: "opacity", fromValue: .point(.zero), toValue: 1)), 0.2))
    }

    @Test func modelAndPresentationDiffer() throws {
        let layer = Layer()
        layer.position = Point(x: 10, y: 20)
        var a = BasicAnimation(keyPath: "position", fromValue: .point(Point(x: 0, y: 0)), toValue: .point(Point(x: 100, y: 50)))
        a.duration = 2
        try layer.add(a, forKey: "move")
        let seen = layer.presentation(at: 0.5)
        #expect(seen.position == Point(x: 25, y: 12.5))
        #expect(layer.position == Point(x: 10, y: 20))
        #expect(seen !== layer && seen.model() === layer && seen.isPresentation)
        #expect(seen.animationKeys().isEmpty)
        #expect(layer.animationKeys() == ["move"])
    }

    @Test func typesInterpolate() throws {
        let layer = Layer()
        var bounds = BasicAnimation(keyPath: "bounds", fromValue: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                    toValue: .rect(Rect(x: 10, y: 0, width: 30, height: 50)))
        bounds.duration = 1
        try layer.add(bounds, forKey: "bounds")
        var size = BasicAnimation(keyPath: "shadowOffset", fromValue: .size(Size(0, 0)), toValue: .size(Size(4, -8)))
        size.duration = 1
        try layer.add(size, forKey: "shadow")
        // From no background (clear) to red: premultiplied, so it stays red as it fades in.
        var color = BasicAnimation(keyPath: "backgroundColor", toValue: .color(.red))
        color.duration = 1
        try layer.add(color, forKey: "color")
        var width = BasicAnimation(keyPath: "bounds.size.width", toValue: 100)
        width.duration = 1
        width.beginTime = 10
        try layer.add(width, forKey: "width")
        let seen = layer.presentation(at: 0.25)
        #expect(seen.bounds == Rect(x: 2.5, y: 0, width: 15, height: 20))
        #expect(seen.shadowOffset == Size(1, -2))
        #expect(seen.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        #expect(layer.backgroundColor == nil)
        // By 10.5 the bounds animation is over: from the model's width 0, halfway to 100.
        #expect(near(layer.presentation(at: 10.5).bounds.size.width, 50))
    }

    @Test func additiveAddsToTheUnderlyingValue() throws {
        let layer = Layer()
        layer.position = Point(x: 100, y: 0)
        // UIKit's iOS 8 style: the model is already at 100, the animation makes up the
        // difference from -50 to 0.
        var a = BasicAnimation(keyPath: "position.x", fromValue: -50, toValue: 0)
        a.isAdditive = true
        a.duration = 1
        try layer.add(a, forKey: "additive")
        #expect(layer.presentation(at: 0.5).position.x == 75)

        // Additive on top of an earlier animation of the same property.
        var base = BasicAnimation(keyPath: "position.x", fromValue: 0, toValue: 10)
        base.duration = 1
        let l2 = Layer()
        try l2.add(base, forKey: "base")
        var wobble = BasicAnimation(keyPath: "position.x", fromValue: 0, toValue: 4)
        wobble.isAdditive = true
        wobble.duration = 1
        try l2.add(wobble, forKey: "wobble")
        #expect(l2.presentation(at: 0.5).position.x == 7)
    }

    @Test func cumulativeBuildsOnEachIteration() throws {
        let layer = Layer()
        var a = BasicAnimation(keyPath: "position.x", fromValue: 0, toValue: 10)
        a.duration = 1
        a.repeatCount = 3
        a.isCumulative = true
        try layer.add(a, forKey: "walk")
        #expect(near(layer.presentation(at: 0.5).position.x, 5))
        #expect(near(layer.presentation(at: 1.5).position.x, 15))
        #expect(near(layer.presentation(at: 2.5).position.x, 25))

        // Each iteration adds the end value (SMIL accumulate): 5 → 10, then 15 → 20.
        let l2 = Layer()
        var b = BasicAnimation(keyPath: "position.x", fromValue: 5, toValue: 10)
        b.duration = 1
        b.repeatCount = 2
        b.isCumulative = true
        try l2.add(b, forKey: "b")
        #expect(near(l2.presentation(at: 1.5).position.x, 17.5))
    }

    @Test func completionIsFinishedAtTheEnd() throws {
        let clock = SceneClock()
        let layer = Layer()
        clock.attach(layer)
        let recorder = Recorder()
        var stops: [(Bool, Double)] = []
        var a = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        a.duration = 1
        a.delegate = recorder
        a.completion = { finished in stops.append((finished, clock.now)) }
        try layer.add(a, forKey: "fade")
        clock.advance(to: 0.5)
        #expect(recorder.events == ["start"])
        #expect(stops.isEmpty)
        // Advanced past the end: reported at the end's own time, and removed.
        clock.advance(to: 2)
        #expect(recorder.events == ["start", "stop true"])
        #expect(stops.count == 1 && stops[0].0 == true && stops[0].1 == 1)
        #expect(layer.animationKeys().isEmpty)
        #expect(!clock.hasRunningAnimations)
    }

    @Test func completionIsNotFinishedWhenRemovedOrReplaced() throws {
        let clock = SceneClock()
        let layer = Layer()
        clock.attach(layer)
        var results: [String] = []
        func fade(_ name: String) -> BasicAnimation {
            var a = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
            a.duration = 1
            a.completion = { results.append("\(name) \($0)") }
            return a
        }
        try layer.add(fade("first"), forKey: "fade")
        clock.advance(to: 0.3)
        try layer.add(fade("second"), forKey: "fade")
        #expect(results == ["first false"])
        layer.removeAnimation(forKey: "fade")
        #expect(results == ["first false", "second false"])
        clock.advance(to: 5)
        #expect(results == ["first false", "second false"])

        try layer.add(fade("third"), forKey: nil)
        try layer.add(fade("fourth"), forKey: nil)
        layer.removeAllAnimations()
        #expect(results.suffix(2) == ["third false", "fourth false"])
    }

    @Test func notRemovedOnCompletionStaysAndHoldsItsEnd() throws {
        let clock = SceneClock()
        let layer = Layer()
        clock.attach(layer)
        var finished: Bool?
        var a = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 0.4)
        a.duration = 1
        a.isRemovedOnCompletion = false
        a.fillMode = .forwards
        a.completion = { finished = $0 }
        try layer.add(a, forKey: "hold")
        clock.advance(to: 3)
        #expect(finished == true)
        #expect(layer.animationKeys() == ["hold"])
        #expect(layer.presentation().opacity == 0.4)
        #expect(layer.opacity == 1)
        #expect(!clock.hasRunningAnimations)
    }

    @Test func animationsAreCopiedWhenAdded() throws {
        let layer = Layer()
        var a = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        a.duration = 1
        try layer.add(a, forKey: "a")
        a.toValue = 0
        #expect((layer.animation(forKey: "a") as? BasicAnimation)?.toValue == 1)
        #expect(layer.animation(forKey: "missing") == nil)
    }
}
