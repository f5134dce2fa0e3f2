import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

private final class Scene {
    let clock = SceneClock()
    let root = Layer()
    let view = Layer()
    init() {
        root.bounds = Rect(x: 0, y: 0, width: 320, height: 480)
        view.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        root.addSublayer(view)
        clock.attach(root)
    }
}

@Suite struct AnimationViewAnimationTests {
    /// Seed 001: the model value is set at once, what is seen animates, completion(true).
    @Test func modelAtOnceAppearanceAnimates() {
        let s = Scene()
        var result: Bool?
        ViewAnimation.animate(withDuration: 3, delay: 0, options: .beginFromCurrentState,
                              animations: { s.view.opacity = 0 }, completion: { result = $0 })
        #expect(s.view.opacity == 0)
        #expect(s.view.presentation().opacity == 1)
        // curveEaseInOut is the default curve: symmetric, so halfway is halfway.
        #expect(near(s.view.presentation(at: 1.5).opacity, 0.5, 1e-6))
        s.clock.advance(to: 2.9)
        #expect(result == nil)
        s.clock.advance(to: 3)
        #expect(result == true)
        #expect(s.view.animationKeys().isEmpty && s.view.presentation().opacity == 0)
    }

    /// Seed 001: "if someone sets alpha to non-zero within the 3 s, finished is false".
    @Test func interruptedCompletionIsNotFinished() {
        let s = Scene()
        var results: [Bool] = []
        ViewAnimation.animate(withDuration: 3, animations: { s.view.opacity = 0 }, completion: { results.append($0) })
        s.clock.advance(to: 1)
        s.view.opacity = 1  // an implicit action replaces the animation
        #expect(results == [false])
        s.clock.advance(to: 5)
        #expect(results == [false])

        // Interrupted by another block: the first hears false, the second true later.
        var second: [String] = []
        ViewAnimation.animate(withDuration: 1, animations: { s.view.position.x = 200 }, completion: { second.append("a \($0)") })
        s.clock.advance(to: 5.5)
        ViewAnimation.animate(withDuration: 1, animations: { s.view.position.x = 0 }, completion: { second.append("b \($0)") })
        #expect(second == ["a false"])
        s.clock.advance(to: 7)
        #expect(second == ["a false", "b true"])
    }

    @Test func completionWaitsForEveryAnimationOfTheBlock() {
        let s = Scene()
        let other = Layer()
        s.root.addSublayer(other)
        var result: Bool?
        ViewAnimation.animate(withDuration: 1, animations: {
            s.view.opacity = 0.5
            other.position = Point(x: 50, y: 50)
        }, completion: { result = $0 })
        s.clock.advance(to: 0.5)
        other.removeAllAnimations()
        s.clock.advance(to: 2)
        // One of the two was interrupted.
        #expect(result == false)
    }

    @Test func settingAPropertyTwiceInOneBlockStillFinishes() {
        let s = Scene()
        var result: Bool?
        ViewAnimation.animate(withDuration: 1, animations: {
            s.view.opacity = 0.5
            s.view.opacity = 0
        }, completion: { result = $0 })
        #expect((s.view.animation(forKey: "opacity") as? BasicAnimation)?.fromValue == 0.5)
        s.clock.advance(to: 1)
        #expect(result == true)
    }

    @Test func performWithoutAnimation() {
        let s = Scene()
        var result: Bool?
        ViewAnimation.animate(withDuration: 1, animations: {
            ViewAnimation.performWithoutAnimation { s.view.opacity = 0 }
        }, completion: { result = $0 })
        #expect(s.view.animationKeys().isEmpty && s.view.opacity == 0 && result == true)
    }

    @Test func nothingToAnimateCompletesAtOnce() {
        var result: Bool?
        ViewAnimation.animate(withDuration: 1, animations: {}, completion: { result = $0 })
        #expect(result == true)
        // Layers without a clock: immediate, and completed.
        let loose = Layer()
        var looseResult: Bool?
        ViewAnimation.animate(withDuration: 1, animations: { loose.opacity = 0 }, completion: { looseResult = $0 })
        #expect(looseResult == true && loose.animationKeys().isEmpty)
    }

    @Test func delayHoldsTheOldValue() {
        let s = Scene()
        ViewAnimation.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { s.view.opacity = 0 })
        #expect(s.view.presentation(at: 0.25).opacity == 1)
        #expect(near(s.view.presentation(at: 1).opacity, 0.5))
        #expect(s.view.presentation(at: 1.5).opacity == 0)
    }

    @Test func beginFromCurrentState() {
        // Without it the new animation starts from the old model value (where the first
        // was going); with it, from what is seen.
        for (options, expected) in [(ViewAnimation.Options.curveLinear, 100.0), ([.curveLinear, .beginFromCurrentState], 50.0)] {
            let s = Scene()
            s.view.position = Point(x: 0, y: 0)
            s.view.removeAllAnimations()
            ViewAnimation.animate(withDuration: 1, options: .curveLinear, animations: { s.view.position.x = 100 })
            s.clock.advance(to: 0.5)
            #expect(s.view.presentation().position.x == 50)
            ViewAnimation.animate(withDuration: 1, options: options, animations: { s.view.position.x = 200 })
            #expect(s.view.presentation().position.x == expected)
        }
    }

    @Test func curves() {
        let cases: [(ViewAnimation.Options, TimingFunction)] = [
            ([], .easeInEaseOut), (.curveEaseInOut, .easeInEaseOut), (.curveEaseIn, .easeIn),
            (.curveEaseOut, .easeOut), (.curveLinear, .linear), ([.curveEaseIn, .repeat], .easeIn),
        ]
        for (options, function) in cases {
            let s = Scene()
            ViewAnimation.animate(withDuration: 1, options: options, animations: { s.view.opacity = 0 })
            #expect(s.view.animation(forKey: "opacity")?.timingFunction == function)
        }
        #expect(ViewAnimation.Options.curveLinear.rawValue == 3 << 16)
    }

    @Test func repeatAndAutoreverse() {
        let s = Scene()
        var result: Bool?
        ViewAnimation.animate(withDuration: 1, options: [.repeat, .autoreverse, .curveLinear],
                              animations: { s.view.opacity = 0 }, completion: { result = $0 })
        let a = s.view.animation(forKey: "opacity")
        #expect(a?.repeatCount == .infinity && a?.autoreverses == true)
        #expect(near(s.view.presentation(at: 1.5).opacity, 0.5))
        #expect(near(s.view.presentation(at: 100.25).opacity, 0.75))
        s.clock.advance(to: 1000)
        #expect(result == nil && !s.clock.isIdle)
        s.view.removeAllAnimations()
        #expect(result == false && s.clock.isIdle)

        // Autoreverse alone: there and back, then the model value (the classic UIKit jump).
        let t = Scene()
        ViewAnimation.animate(withDuration: 1, options: [.autoreverse, .curveLinear], animations: { t.view.opacity = 0 })
        #expect(near(t.view.presentation(at: 1.5).opacity, 0.5))
        #expect(t.view.presentation(at: 2).opacity == 0)
    }

    @Test func userInteractionDuringAnimation() {
        let s = Scene()
        let inside = Point(x: 50, y: 50)
        #expect(s.root.hitTest(inBounds: inside) === s.view)
        ViewAnimation.animate(withDuration: 1, animations: { s.view.opacity = 0.5 })
        #expect(s.root.hitTest(inBounds: inside) === s.root)
        s.clock.advance(to: 1)
        #expect(s.root.hitTest(inBounds: inside) === s.view)
        ViewAnimation.animate(withDuration: 1, options: .allowUserInteraction, animations: { s.view.opacity = 1 })
        #expect(s.root.hitTest(inBounds: inside) === s.view)
    }

    @Test func transactionSettingsInsideABlockDoNotLeak() {
        let s = Scene()
        ViewAnimation.animate(withDuration: 2, animations: {
            Transaction.setAnimationDuration(7)
            s.view.opacity = 0
        })
        #expect(s.view.animation(forKey: "opacity")?.duration == 2)
        s.clock.advance(to: 0.1)
        #expect(Transaction.animationDuration() == 0.25)
        s.view.opacity = 1
        #expect(s.view.animation(forKey: "opacity")?.duration == 0.25)
    }
}
