import Testing
@testable import StrataModel

private func near(_ a: Double?, _ b: Double, _ tol: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tol
}

/// An opacity animation 0 → 1 over 1 s, linear, on a layer with model opacity 0.5 and no
/// clock (added at time 0); `seen(t)` is the presentation's opacity at t.
private struct Fixture {
    let layer = Layer()
    var animation = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)

    init(_ configure: (inout BasicAnimation) -> Void = { _ in }) {
        layer.opacity = 0.5
        animation.duration = 1
        configure(&animation)
        // A literal key path every layer animates: a fixture has no throwing context.
        try! layer.add(animation, forKey: "fade")
    }

    func seen(_ t: Double) -> Double { layer.presentation(at: t).opacity }
}

@Suite struct AnimationMediaTimingTests {
    @Test func plainRunAndDefaultDuration() throws {
        let f = Fixture()
        #expect(near(f.seen(0), 0) && near(f.seen(0.25), 0.25) && near(f.seen(0.999), 0.999))
        // Removed at its end: the model value shows.
        #expect(f.seen(1) == 0.5 && f.seen(5) == 0.5)
        #expect(f.layer.opacity == 0.5)

        // Duration 0 is the transaction's: 0.25 s.
        let l = Layer()
        try l.add(BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1), forKey: nil)
        #expect(near(l.presentation(at: 0.125).opacity, 0.5))
        #expect(l.animationRecords.first?.animation.duration == 0.25)
    }

    @Test func fillModes() {
        let start = 2.0
        let removed = Fixture { $0.beginTime = start }
        #expect(removed.seen(1) == 0.5)
        #expect(near(removed.seen(2.5), 0.5))

        let backwards = Fixture { $0.beginTime = start; $0.fillMode = .backwards }
        #expect(backwards.seen(1) == 0)
        #expect(backwards.seen(3.5) == 0.5)

        // Forwards only holds the end when the animation is not removed on completion.
        let forwardsRemoved = Fixture { $0.fillMode = .forwards }
        #expect(forwardsRemoved.seen(1.5) == 0.5)
        let forwards = Fixture { $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        #expect(forwards.seen(1.5) == 1)
        #expect(forwards.seen(-1) == 0.5)

        let both = Fixture { $0.beginTime = start; $0.fillMode = .both; $0.isRemovedOnCompletion = false }
        #expect(both.seen(0) == 0 && both.seen(10) == 1)
    }

    @Test func repeatCountAndRepeatDuration() {
        let twice = Fixture { $0.repeatCount = 2; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        #expect(near(twice.seen(0.25), 0.25) && near(twice.seen(1.25), 0.25) && near(twice.seen(1.75), 0.75))
        // The last instant shows the end of the last iteration, not a new start.
        #expect(twice.seen(2) == 1 && twice.seen(3) == 1)

        let fractional = Fixture { $0.repeatCount = 1.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        #expect(near(fractional.seen(1.4), 0.4))
        #expect(near(fractional.seen(1.5), 0.5) && near(fractional.seen(9), 0.5))

        let byDuration = Fixture { $0.repeatDuration = 2.5 }
        #expect(near(byDuration.seen(2.25), 0.25))
        #expect(byDuration.seen(2.5) == 0.5)

        let forever = Fixture { $0.repeatCount = .infinity }
        #expect(near(forever.seen(1000.25), 0.25, 1e-9))
        #expect(forever.layer.hasRunningAnimations(at: 1e6))
    }

    @Test func autoreverses() {
        let f = Fixture { $0.autoreverses = true; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        #expect(near(f.seen(0.5), 0.5) && near(f.seen(1), 1) && near(f.seen(1.25), 0.75) && near(f.seen(1.5), 0.5))
        // Ends where it started, after twice the duration.
        #expect(f.seen(2) == 0 && f.seen(3) == 0)
        #expect(f.animation.timing.activeDuration == 2)

        // The timing function runs backwards on the way back: the return mirrors the
        // outward path in time.
        let eased = Fixture { $0.autoreverses = true; $0.timingFunction = .easeIn }
        #expect(near(eased.seen(0.3), eased.seen(1.7), 1e-12))
        #expect(near(eased.seen(0.5), 0.315_356_812_572_539_4, 1e-6))
    }

    @Test func speedScalesTheActivePeriod() {
        let fast = Fixture { $0.speed = 2 }
        #expect(near(fast.seen(0.25), 0.5))
        #expect(fast.seen(0.5) == 0.5)  // over (and removed) after 0.5 s
        #expect(fast.layer.animationRecords[0].endTime == 0.5)

        let slow = Fixture { $0.speed = 0.5 }
        #expect(near(slow.seen(1), 0.5) && near(slow.seen(1.9), 0.95))
        #expect(slow.layer.animationRecords[0].endTime == 2)

        // Negative speed plays the active duration backwards.
        let reverse = Fixture { $0.speed = -1 }
        #expect(near(reverse.seen(0.25), 0.75))

        // Speed 0 freezes it at its time offset; frozen is not running.
        let frozen = Fixture { $0.speed = 0; $0.timeOffset = 0.3 }
        #expect(near(frozen.seen(0), 0.3) && near(frozen.seen(100), 0.3))
        #expect(!frozen.layer.hasRunningAnimations(at: 0))
    }

    @Test func timeOffsetStartsPartWayAndWrapsRound() {
        let f = Fixture { $0.timeOffset = 0.25 }
        #expect(near(f.seen(0), 0.25) && near(f.seen(0.5), 0.75))
        #expect(near(f.seen(0.8), 0.05))
        // Still as long as without the offset.
        #expect(f.seen(1) == 0.5)

        // With speed 2 the offset is in local time: 0.5 s in, 0.25 parent seconds.
        let fast = Fixture { $0.timeOffset = 0.5; $0.speed = 2 }
        #expect(near(fast.seen(0.1), 0.7))
    }

    @Test func beginTimeOnTheSceneClock() throws {
        let clock = SceneClock(now: 10)
        let layer = Layer()
        layer.opacity = 0.5
        clock.attach(layer)

        var late = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        late.duration = 1
        late.beginTime = clock.now + 1  // CACurrentMediaTime() + 1
        try layer.add(late, forKey: "late")
        #expect(layer.presentation(at: 10.5).opacity == 0.5)
        #expect(near(layer.presentation(at: 11.5).opacity, 0.5))

        // beginTime 0 is resolved to the clock's now when added.
        var now = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        now.duration = 1
        try layer.add(now, forKey: "now")
        #expect(layer.animation(forKey: "now")?.beginTime == 10)
        #expect(near(layer.presentation(at: 10.25).opacity, 0.25))
    }

    @Test func timingStateDirectly() {
        var t = MediaTiming()
        t.duration = 2
        t.repeatCount = 3
        #expect(t.activeDuration == 6)
        let s = t.state(elapsed: 4.5)
        #expect(s?.iteration == 2 && near(s?.linearFraction, 0.25) && near(s?.time, 0.5))
        #expect(t.state(elapsed: -0.1) == nil)
        #expect(t.state(elapsed: 6) == nil)
        t.fillMode = .forwards
        #expect(t.state(elapsed: 6)?.iteration == 2 && t.state(elapsed: 6)?.fraction == 1)
    }
}
