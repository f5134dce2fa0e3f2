#if canImport(QuartzCore)
import QuartzCore
#else
import StrataQuartzCore
#endif
import Testing

/// An NSObject delegate, as iOS code writes one.
final class Recorder: NSObject, CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start \(CACurrentMediaTime())") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append("stop \(flag) \(CACurrentMediaTime())")
    }
}

@Suite(.serialized) struct AnimationTests {
    /// The presented value of `keyPath` halfway through a linear 1 s animation from
    /// `from` to `to`, given as `Any`.
    private func halfway(_ keyPath: String, from: Any, to: Any, on layer: CALayer = CALayer()) throws -> CALayer {
        let root = CALayer()
        root.addSublayer(layer)
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(animation, forKey: "a")
        #expect(layer.animation(forKey: "a") is CABasicAnimation)
        advanceClock(of: root, to: 0.5)
        return try #require(layer.presentation())
    }

    /// shadowPath takes a CGPath (a UIBezierPath's cgPath in app code) and animates point
    /// by point: (0, 0)-(10, 0) to (0, 0)-(30, 20) is (0, 0)-(20, 10) halfway; the shadow's
    /// other properties in Core Graphics types animate as well.
    @Test func shadowPropertiesAnimate() throws {
        func line(_ x: CGFloat, _ y: CGFloat) -> CGPath {
            let p = CGMutablePath()
            p.move(to: .zero)
            p.addLine(to: CGPoint(x: x, y: y))
            return p
        }
        let layer = CALayer()
        layer.shadowPath = line(10, 0)
        #expect(layer.shadowPath == line(10, 0))
        let shown = try halfway("shadowPath", from: line(10, 0), to: line(30, 20), on: layer)
        #expect(shown.shadowPath == line(20, 10))
        #expect(try halfway("shadowRadius", from: 2, to: 10).shadowRadius == 6)
        #expect(try halfway("shadowOffset", from: CGSize(width: 0, height: 2), to: CGSize(width: 4, height: 10)).shadowOffset
                    == CGSize(width: 2, height: 6))
        #expect(try halfway("shadowColor", from: CGColor(red: 0, green: 0, blue: 0, alpha: 1), to: CGColor(red: 1, green: 1, blue: 1, alpha: 1)).shadowColor?.components
                    == [0.5, 0.5, 0.5, 1])
    }

    @Test func numbersOfEveryKindAnimate() throws {
        #expect(try halfway("opacity", from: NSNumber(value: 0), to: NSNumber(value: 1)).opacity == 0.5)
        #expect(try halfway("opacity", from: CGFloat(0), to: CGFloat(0.5)).opacity == 0.25)
        #expect(try halfway("opacity", from: Double(1), to: Double(0)).opacity == 0.5)
        #expect(try halfway("opacity", from: Float(0), to: Float(1)).opacity == 0.5)
        #expect(try halfway("cornerRadius", from: 0, to: 20).cornerRadius == 10)
        #expect(try halfway("transform.scale", from: 1, to: 3).transform.m11 == 2)
    }

    @Test func geometryColorsAndTransformsAnimate() throws {
        #expect(try halfway("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 20)).position == CGPoint(x: 5, y: 10))
        #expect(try halfway("bounds.size", from: NSValue(cgSize: CGSize(width: 0, height: 0)),
                            to: NSValue(cgSize: CGSize(width: 40, height: 20))).bounds.size == CGSize(width: 20, height: 10))
        #expect(try halfway("bounds", from: NSValue(cgRect: .zero), to: CGRect(x: 0, y: 0, width: 8, height: 4)).bounds
                == CGRect(x: 0, y: 0, width: 4, height: 2))
        let moved = try halfway("transform", from: NSValue(caTransform3D: CATransform3DIdentity),
                                to: NSValue(caTransform3D: CATransform3DMakeTranslation(10, 0, 0)))
        #expect(moved.transform.m41 == 5)
        #expect(try halfway("transform", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(0, 6, 0)).transform.m42 == 3)
        let color = try halfway("backgroundColor", from: CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                                to: CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        #expect(color.backgroundColor?.components == [0.5, 0, 1, 1])
        let gradient = try halfway("locations", from: [0, 0.5], to: [0.5, 1], on: CAGradientLayer()) as! CAGradientLayer
        #expect(gradient.locations == [0.25, 0.75])
    }

    @Test func theDelegateHearsStartAndStopOnTheSceneClock() {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        advanceClock(of: root, to: 1)
        let recorder = Recorder()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        fade.duration = 2
        fade.beginTime = CACurrentMediaTime() + 0.5
        fade.delegate = recorder
        layer.add(fade, forKey: "fade")
        #expect(layer.animationKeys() == ["fade"])
        advanceClock(of: root, to: 1.4)
        #expect(recorder.events.isEmpty)
        advanceClock(of: root, to: 2)
        #expect(recorder.events == ["start 1.5"])
        advanceClock(of: root, to: 10)
        #expect(recorder.events == ["start 1.5", "stop true 3.5"])
        #expect(layer.animation(forKey: "fade") == nil && layer.animationKeys() == nil)
    }

    @Test func removingAnAnimationStopsItUnfinished() {
        let root = CALayer()
        let recorder = Recorder()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = CGFloat.pi * 2
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.delegate = recorder
        root.add(spin, forKey: "spin")
        advanceClock(of: root, to: 100)
        #expect(recorder.events == ["start 0.0"])
        root.removeAnimation(forKey: "spin")
        #expect(recorder.events == ["start 0.0", "stop false 100.0"])
        root.add(spin, forKey: "again")
        root.removeAllAnimations()
        #expect(root.animationKeys() == nil)
    }

    @Test func keyframesSpringsAndGroupsRun() throws {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        let hop = CAKeyframeAnimation(keyPath: "position.y")
        hop.values = [0, 100, 40]
        hop.keyTimes = [0, 0.25, 1]
        hop.duration = 4
        hop.calculationMode = .linear
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1
        pulse.toValue = 0
        pulse.duration = 0.25
        let group = CAAnimationGroup()
        group.animations = [hop, pulse]
        group.duration = 4
        group.repeatCount = HUGE
        layer.add(group, forKey: "group")
        let spring = CASpringAnimation(keyPath: "zPosition")
        spring.fromValue = 0
        spring.toValue = 10
        spring.damping = 15
        spring.duration = spring.settlingDuration
        layer.add(spring, forKey: "spring")
        // Mass 1, stiffness 100, damping 15: w0 = 10, zeta = 0.75, wd = 10 * sqrt(1 - 0.5625);
        // at 0.5 s, 1 - e^(-3.75) (cos(wd/2) + 7.5/wd sin(wd/2)) = 1.02753 of the way.
        advanceClock(of: root, to: 0.5)
        #expect(abs(try #require(layer.presentation()).zPosition - 10.2753) < 0.001)
        advanceClock(of: root, to: 1)
        let shown = try #require(layer.presentation())
        // At 1 s of 4: the keyframe's first segment ends (100); the 0.25 s pulse is over.
        #expect(shown.position.y == 100)
        #expect(shown.opacity == 1)
        // At 3.5 s: 2.5 s into the 3 s segment from 100 to 40.
        advanceClock(of: root, to: 3.5)
        #expect(abs(try #require(layer.presentation()).position.y - 50) < 1e-9)
    }

    @Test func aTransactionsCompletionBlockRunsWhenItsAnimationsEnd() {
        let root = CALayer()
        var done: [CFTimeInterval] = []
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        CATransaction.setCompletionBlock { done.append(CACurrentMediaTime()) }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        root.add(fade, forKey: nil)
        CATransaction.commit()
        advanceClock(of: root, to: 1.9)
        #expect(done.isEmpty)
        advanceClock(of: root, to: 2.5)
        #expect(done == [2])
    }

    @Test func settingAPropertyAnimatesImplicitlyUnlessActionsAreDisabled() throws {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        advanceClock(of: root, to: 1)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.opacity = 0
        CATransaction.commit()
        advanceClock(of: root, to: 2)
        #expect(try #require(layer.presentation()).opacity == 0.5)
        #expect(layer.opacity == 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 50, y: 50)
        CATransaction.commit()
        advanceClock(of: root, to: 2.1)
        #expect(try #require(layer.presentation()).position == CGPoint(x: 50, y: 50))
    }

    @Test func anAnimationOfAKeyPathTheLayerLacksIsNotAdded() {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "colors")
        animation.toValue = [CGColor.black, CGColor.white]
        layer.add(animation, forKey: "colors")
        #expect(layer.animationKeys() == nil && layer.animation(forKey: "colors") == nil)
        let gradient = CAGradientLayer()
        gradient.add(animation, forKey: "colors")
        #expect(gradient.animationKeys() == ["colors"])
    }

    @Test func fillModeAutoreversesAndSpeedTimeAsCoreAnimation() throws {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        layer.add(fade, forKey: "fade")
        let swing = CABasicAnimation(keyPath: "position.x")
        swing.fromValue = 0
        swing.toValue = 100
        swing.duration = 1
        swing.autoreverses = true
        swing.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(swing, forKey: "swing")
        let grow = CABasicAnimation(keyPath: "bounds.size.width")
        grow.fromValue = 0
        grow.toValue = 40
        grow.duration = 1
        grow.speed = 2
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(grow, forKey: "grow")
        advanceClock(of: root, to: 0.25)
        #expect(try #require(layer.presentation()).bounds.width == 20)
        advanceClock(of: root, to: 1.25)
        // A quarter into the way back from 100 to 0.
        #expect(try #require(layer.presentation()).position.x == 75)
        advanceClock(of: root, to: 5)
        let shown = try #require(layer.presentation())
        #expect(shown.opacity == 0 && shown.position.x == 0)
        #expect(layer.animation(forKey: "fade") != nil && layer.animationKeys() == ["fade"])
    }

    @Test func timingFunctionsHaveTheirControlPoints() {
        var point: [Float] = [0, 0]
        CAMediaTimingFunction(name: .easeIn).getControlPointValues(1, &point)
        #expect(point == [0.42, 0])
        CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.3, 1).getControlPointValues(2, &point)
        #expect(point == [0.3, 1])
    }
}
