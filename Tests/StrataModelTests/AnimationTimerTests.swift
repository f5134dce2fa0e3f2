import Testing
@testable import StrataModel

@Suite struct AnimationTimerTests {
    @Test func oneShotFiresOnceAtItsTime() {
        let clock = SceneClock()
        var fired: [Double] = []
        let timer = clock.after(seconds: 2) { fired.append(clock.now) }
        #expect(timer.fireDate == 2 && timer.isValid && !clock.isIdle)
        clock.advance(to: 1.9)
        #expect(fired.isEmpty)
        clock.advance(to: 2.5)
        #expect(fired == [2])
        #expect(!timer.isValid && clock.isIdle)
        clock.advance(to: 10)
        #expect(fired == [2])
    }

    @Test func repeatingFiresAtTheRightFrames() {
        let clock = SceneClock()
        var frames: [Int] = []
        var frame = 0
        Timer.scheduled(on: clock, interval: 0.25, repeats: true) { _ in frames.append(frame) }
        for k in 1...60 {
            frame = k
            clock.advance(to: Double(k) / 60)
        }
        #expect(frames == [15, 30, 45, 60])
    }

    @Test func aLongStepFiresEveryTickAtItsOwnTime() {
        let clock = SceneClock()
        var times: [Double] = []
        Timer.scheduled(on: clock, interval: 0.25, repeats: true) { _ in times.append(clock.now) }
        clock.advance(to: 1.1)
        #expect(times == [0.25, 0.5, 0.75, 1])
        #expect(clock.now == 1.1)
    }

    /// Issue 28 §5: a 0.1 ms timer (a `drain` of 1e-300, clamped) over an hour fires a
    /// bounded number of times in one advance; the skipped ticks are not made up later,
    /// and the schedule goes on from after the advance.
    @Test func oneAdvanceFiresATimerABoundedNumberOfTimes() {
        let clock = SceneClock()
        var fired = 0
        let timer = Timer.scheduled(on: clock, interval: 1e-300, repeats: true) { _ in fired += 1 }
        #expect(timer.timeInterval == 0.0001)
        clock.advance(to: 3600)
        #expect(fired == SceneClock.maximumTimerFires)
        #expect(timer.isValid && timer.fireDate > 3600 && timer.fireDate <= 3600.0001 + 1e-9)
        clock.advance(to: 3600.0005)
        #expect(fired > SceneClock.maximumTimerFires && fired <= SceneClock.maximumTimerFires + 5)
        // Below the cap every tick still fires at its own time.
        let slow = SceneClock()
        var ticks = 0
        Timer.scheduled(on: slow, interval: 0.01, repeats: true) { _ in ticks += 1 }
        slow.advance(to: 9.995)
        #expect(ticks == 999)
    }

    @Test func invalidateStopsIt() {
        let clock = SceneClock()
        var count = 0
        let timer = Timer.scheduled(on: clock, interval: 0.1, repeats: true) { t in
            count += 1
            if count == 3 { t.invalidate() }
        }
        clock.advance(to: 1)
        #expect(count == 3 && !timer.isValid && clock.isIdle)

        var other = 0
        let t2 = Timer.scheduled(on: clock, interval: 0.5, repeats: true) { _ in other += 1 }
        clock.advance(to: 1.5)
        t2.invalidate()
        clock.advance(to: 5)
        #expect(other == 1)
        #expect(clock.scheduledTimers.isEmpty)
    }

    @Test func fireRunsNowWithoutChangingTheSchedule() {
        let clock = SceneClock()
        var count = 0
        let t = Timer.scheduled(on: clock, interval: 1, repeats: true) { _ in count += 1 }
        t.fire()
        #expect(count == 1 && t.fireDate == 1)
        let once = clock.after(seconds: 1) { count += 10 }
        once.fire()
        #expect(count == 11 && !once.isValid)
    }

    @Test func timersAndAnimationEndsInterleaveInTimeOrder() throws {
        let clock = SceneClock()
        let layer = Layer()
        clock.attach(layer)
        var log: [String] = []
        clock.after(seconds: 0.3) { log.append("timer \(clock.now)") }
        var a = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        a.duration = 0.25
        a.completion = { _ in
            log.append("animation \(clock.now)")
            // Started from a callback: begins at the callback's time, 0.25.
            var b = BasicAnimation(keyPath: "opacity", fromValue: 1, toValue: 0)
            b.duration = 0.25
            b.completion = { _ in log.append("second \(clock.now)") }
            // A completion closure cannot throw; opacity is every layer's.
            try! layer.add(b, forKey: "b")
        }
        try layer.add(a, forKey: "a")
        clock.advance(to: 1)
        #expect(log == ["animation 0.25", "timer 0.3", "second 0.5"])
    }

    @Test func animationsOfALayerInsertedLaterAreSeenByTheClock() throws {
        let clock = SceneClock()
        let root = Layer()
        clock.attach(root)
        clock.advance(to: 1)  // nothing to do: the clock caches that
        let newcomer = Layer()
        var finished: Bool?
        var a = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        a.duration = 0.5
        a.beginTime = 1.2
        a.completion = { finished = $0 }
        try newcomer.add(a, forKey: "a")
        root.addSublayer(newcomer)
        #expect(!clock.isIdle)
        clock.advance(to: 1.5)
        #expect(finished == nil)
        clock.advance(to: 1.7)
        #expect(finished == true && clock.isIdle)
    }

    @Test func clockNeverRunsBackwards() {
        let clock = SceneClock(now: 5)
        clock.advance(to: 3)
        #expect(clock.now == 5)
        clock.advance(to: .nan)
        #expect(clock.now == 5)
    }
}
