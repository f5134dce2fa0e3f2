import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// A root attached to a clock with one sublayer: a running scene in miniature.
private final class Scene {
    let clock = SceneClock()
    let root = Layer()
    let layer = Layer()
    init() {
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        clock.attach(root)
    }
}

@Suite struct AnimationTransactionTests {
    @Test func layersWithoutAClockChangeAtOnce() {
        let layer = Layer()
        layer.opacity = 0
        layer.position = Point(x: 5, y: 5)
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.clock == nil)
        #expect(layer.presentation(at: 0.1).opacity == 0)
    }

    @Test func implicitAnimationDefaultsToAQuarterSecondWithTheDefaultCurve() {
        let s = Scene()
        s.clock.advance(to: 1)
        s.layer.opacity = 0
        #expect(s.layer.opacity == 0)
        let a = s.layer.animation(forKey: "opacity") as? BasicAnimation
        #expect(a?.duration == 0.25 && a?.timingFunction == .default && a?.fromValue == 1 && a?.toValue == nil)
        #expect(a?.beginTime == 1)
        #expect(s.layer.presentation(at: 1).opacity == 1)
        // Halfway in time: 1 - default(0.5).
        #expect(near(s.layer.presentation(at: 1.125).opacity, 1 - 0.802_403_387_584_856_9, 1e-6))
        s.clock.advance(to: 1.25)
        #expect(s.layer.animationKeys().isEmpty)
        #expect(s.layer.presentation().opacity == 0)
        #expect(s.clock.isIdle)
    }

    @Test func everyAnimatablePropertyActs() {
        let s = Scene()
        let g = GradientLayer()
        s.root.addSublayer(g)
        s.layer.position = Point(x: 1, y: 1)
        s.layer.bounds = Rect(x: 0, y: 0, width: 1, height: 1)
        s.layer.anchorPoint = .zero
        s.layer.zPosition = 3
        s.layer.transform = .makeScale(2, 2, 1)
        s.layer.sublayerTransform = .makeScale(2, 2, 1)
        s.layer.backgroundColor = .red
        s.layer.cornerRadius = 4
        s.layer.borderWidth = 1
        s.layer.borderColor = .blue
        s.layer.shadowColor = .red
        s.layer.shadowOpacity = 1
        s.layer.shadowRadius = 2
        s.layer.shadowOffset = .zero
        s.layer.anchorPointZ = 1
        g.colors = [.red, .blue]
        g.locations = [0, 0.5]
        g.startPoint = .zero
        g.endPoint = Point(x: 1, y: 1)
        #expect(Set(s.layer.animationKeys()) == ["position", "bounds", "anchorPoint", "zPosition", "transform",
                                                 "sublayerTransform", "backgroundColor", "cornerRadius", "borderWidth",
                                                 "borderColor", "shadowColor", "shadowOpacity", "shadowRadius",
                                                 "shadowOffset", "anchorPointZ"])
        #expect(Set(g.animationKeys()) == ["colors", "locations", "startPoint", "endPoint"])
        // Not animatable: no action.
        s.layer.isHidden = true
        s.layer.masksToBounds = true
        s.layer.name = "x"
        #expect(s.layer.animationKeys().count == 15)
    }

    @Test func disabledActionsAndZeroDuration() throws {
        let s = Scene()
        Transaction.begin()
        Transaction.setDisableActions(true)
        #expect(Transaction.disableActions())
        s.layer.opacity = 0.5
        Transaction.commit()
        #expect(s.layer.animationKeys().isEmpty)
        #expect(!Transaction.disableActions())

        // Duration 0 (seed 000's animate): nothing animates; a running animation of the
        // property is replaced, so the new value shows at once.
        var finished: Bool?
        s.layer.opacity = 1
        var long = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        long.duration = 10
        long.completion = { finished = $0 }
        try s.layer.add(long, forKey: "opacity")
        Transaction.perform(animationDuration: 0) {
            s.layer.opacity = 0.25
        }
        #expect(s.layer.animationKeys().isEmpty)
        #expect(finished == false)
        #expect(s.layer.presentation().opacity == 0.25)
    }

    @Test func durationAndTimingFunctionAndNesting() {
        let s = Scene()
        Transaction.begin()
        Transaction.setAnimationDuration(1)
        Transaction.setAnimationTimingFunction(.linear)
        s.layer.opacity = 0
        Transaction.begin()
        #expect(Transaction.animationDuration() == 1)
        Transaction.setAnimationDuration(2)
        s.layer.cornerRadius = 8
        Transaction.commit()
        #expect(Transaction.animationDuration() == 1)
        s.layer.borderWidth = 2
        Transaction.commit()
        #expect(Transaction.animationDuration() == 0.25)
        #expect(Transaction.animationTimingFunction() == nil)
        #expect(s.layer.animation(forKey: "opacity")?.duration == 1)
        #expect(s.layer.animation(forKey: "cornerRadius")?.duration == 2)
        #expect(s.layer.animation(forKey: "borderWidth")?.duration == 1)
        #expect(s.layer.animation(forKey: "opacity")?.timingFunction == .linear)
        #expect(near(s.layer.presentation(at: 0.5).opacity, 0.5))
        #expect(near(s.layer.presentation(at: 0.5).cornerRadius, 2))
    }

    @Test func implicitAnimationStartsFromWhatIsSeen() {
        let s = Scene()
        s.layer.position = .zero
        s.layer.removeAllAnimations()
        Transaction.perform(animationDuration: 1) {
            Transaction.setAnimationTimingFunction(.linear)
            s.layer.position = Point(x: 100, y: 0)
        }
        s.clock.advance(to: 0.5)
        #expect(s.layer.presentation().position.x == 50)
        Transaction.perform(animationDuration: 1) {
            Transaction.setAnimationTimingFunction(.linear)
            s.layer.position = Point(x: 0, y: 0)
        }
        // Turns round where it is, without a jump.
        #expect(s.layer.presentation().position.x == 50)
        #expect(near(s.layer.presentation(at: 1).position.x, 25))
    }

    @Test func completionBlockWaitsForTheTransactionsAnimations() {
        let s = Scene()
        var done: [Double] = []
        Transaction.begin()
        Transaction.setAnimationDuration(1)
        Transaction.setCompletionBlock { done.append(s.clock.now) }
        s.layer.opacity = 0
        Transaction.begin()
        Transaction.setAnimationDuration(2)
        s.layer.cornerRadius = 3  // a nested transaction's animation counts for the outer block
        Transaction.commit()
        Transaction.commit()
        #expect(done.isEmpty)
        s.clock.advance(to: 1.5)
        #expect(done.isEmpty)
        s.clock.advance(to: 3)
        #expect(done == [2])

        // No animation: the block runs at commit.
        var ran = false
        Transaction.begin()
        Transaction.setCompletionBlock { ran = true }
        Transaction.commit()
        #expect(ran)

        // A removed animation counts as stopped.
        var removedDone = false
        Transaction.begin()
        Transaction.setCompletionBlock { removedDone = true }
        s.layer.opacity = 1
        Transaction.commit()
        #expect(!removedDone)
        s.layer.removeAnimation(forKey: "opacity")
        #expect(removedDone)
    }

    @Test func implicitTransactionSettingsLastUntilFlush() {
        let s = Scene()
        Transaction.setAnimationDuration(3)
        s.layer.opacity = 0
        #expect(s.layer.animation(forKey: "opacity")?.duration == 3)
        // The clock's turn commits the implicit transaction.
        s.clock.advance(to: 0.1)
        #expect(Transaction.animationDuration() == 0.25)
        // An unmatched commit is ignored.
        Transaction.commit()
        #expect(Transaction.animationDuration() == 0.25)
    }

    @Test func explicitAnimationsTakeTheTransactionsDuration() throws {
        let s = Scene()
        try Transaction.perform(animationDuration: 2) {
            try s.layer.add(BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1), forKey: "fade")
        }
        #expect(s.layer.animation(forKey: "fade")?.duration == 2)
    }
}
