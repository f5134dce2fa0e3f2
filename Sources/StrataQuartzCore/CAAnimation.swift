import StrataModel

/// CAAnimationDelegate; both methods are optional, as on iOS.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// CAAnimation with CAMediaTiming's properties. A class, as on iOS; `layer.add` turns a
/// copy of it into one of Strata's animation values (`makeStrataAnimation()`).
open class CAAnimation: NSObject {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    open var isRemovedOnCompletion = true
    /// Held strongly, as on iOS.
    open var delegate: CAAnimationDelegate?

    public required override init() { super.init() }

    /// A copy, as `layer.add(_:forKey:)` makes on iOS.
    open func copyAnimation() -> CAAnimation {
        let c = type(of: self).init()
        c.copyProperties(from: self)
        return c
    }

    open func copyProperties(from a: CAAnimation) {
        beginTime = a.beginTime; duration = a.duration; speed = a.speed; timeOffset = a.timeOffset
        repeatCount = a.repeatCount; repeatDuration = a.repeatDuration; autoreverses = a.autoreverses
        fillMode = a.fillMode; timingFunction = a.timingFunction
        isRemovedOnCompletion = a.isRemovedOnCompletion; delegate = a.delegate
    }

    var strataTiming: MediaTiming {
        var t = MediaTiming()
        t.beginTime = beginTime; t.duration = duration; t.speed = Double(speed); t.timeOffset = timeOffset
        t.repeatCount = Double(repeatCount); t.repeatDuration = repeatDuration
        t.autoreverses = autoreverses; t.fillMode = fillMode.strata
        return t
    }

    /// The Strata animation this one runs as; nil for a bare CAAnimation.
    open func makeStrataAnimation() throws -> (any Animation)? { nil }

    /// Fills in what every Strata animation shares.
    func configure<A: Animation>(_ a: inout A) {
        a.timing = strataTiming
        a.timingFunction = timingFunction?.strataFunction
        a.isRemovedOnCompletion = isRemovedOnCompletion
        if delegate != nil { a.delegate = DelegateBridge(self) }
    }
}

/// Tells a CAAnimationDelegate, with the CAAnimation (the copy added), what Strata's
/// clock reports.
final class DelegateBridge: AnimationDelegate {
    let animation: CAAnimation
    init(_ animation: CAAnimation) { self.animation = animation }
    func animationDidStart(_ a: any Animation) { animation.delegate?.animationDidStart(animation) }
    func animationDidStop(_ a: any Animation, finished: Bool) {
        animation.delegate?.animationDidStop(animation, finished: finished)
    }
}

/// CAPropertyAnimation: an animation of one key path.
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyProperties(from a: CAAnimation) {
        super.copyProperties(from: a)
        guard let p = a as? CAPropertyAnimation else { return }
        keyPath = p.keyPath; isAdditive = p.isAdditive; isCumulative = p.isCumulative
    }
}

/// CABasicAnimation: from/to/by values, given as iOS code gives them (see `AnimationValue(any:)`).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    open override func copyProperties(from a: CAAnimation) {
        super.copyProperties(from: a)
        guard let b = a as? CABasicAnimation else { return }
        fromValue = b.fromValue; toValue = b.toValue; byValue = b.byValue
    }

    func convertedValues() throws -> (AnimationValue?, AnimationValue?, AnimationValue?) {
        (try fromValue.map(AnimationValue.init(any:)), try toValue.map(AnimationValue.init(any:)),
         try byValue.map(AnimationValue.init(any:)))
    }

    open override func makeStrataAnimation() throws -> (any Animation)? {
        let (from, to, by) = try convertedValues()
        var a = BasicAnimation(keyPath: keyPath ?? "", fromValue: from, toValue: to, byValue: by)
        a.isAdditive = isAdditive; a.isCumulative = isCumulative
        configure(&a)
        return a
    }
}

/// CASpringAnimation over Strata's SpringAnimation.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0

    open override func copyProperties(from a: CAAnimation) {
        super.copyProperties(from: a)
        guard let s = a as? CASpringAnimation else { return }
        mass = s.mass; stiffness = s.stiffness; damping = s.damping; initialVelocity = s.initialVelocity
    }

    /// iOS 17's spring by its feel: mass 1, stiffness (2π / perceptualDuration)², damping
    /// ratio 1 - bounce (1 / (1 + bounce) for a negative bounce), duration the settling
    /// duration (`SpringAnimation.init(keyPath:perceptualDuration:bounce:)`).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringAnimation(keyPath: "", perceptualDuration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(spring.mass); stiffness = CGFloat(spring.stiffness); damping = CGFloat(spring.damping)
        duration = spring.duration
    }

    /// The undamped period, 2π √(mass / stiffness).
    open var perceptualDuration: CFTimeInterval { strataSpring(nil, nil, nil).perceptualDuration }
    /// 1 - damping ratio (1 / ratio - 1 when overdamped).
    open var bounce: CGFloat { CGFloat(strataSpring(nil, nil, nil).bounce) }

    /// How long the spring takes to settle, for `duration`, as on iOS.
    open var settlingDuration: CFTimeInterval { strataSpring(nil, nil, nil).settlingDuration }

    private func strataSpring(_ from: AnimationValue?, _ to: AnimationValue?, _ by: AnimationValue?) -> SpringAnimation {
        var a = SpringAnimation(keyPath: keyPath ?? "", fromValue: from, toValue: to, byValue: by)
        a.mass = Double(mass); a.stiffness = Double(stiffness); a.damping = Double(damping)
        a.initialVelocity = Double(initialVelocity)
        a.isAdditive = isAdditive; a.isCumulative = isCumulative
        return a
    }

    open override func makeStrataAnimation() throws -> (any Animation)? {
        let (from, to, by) = try convertedValues()
        var a = strataSpring(from, to, by)
        configure(&a)
        return a
    }
}

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// CAKeyframeAnimation (values or a path, keyTimes, timingFunctions, calculationMode,
/// rotationMode).
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    /// A point property follows it; `values` are then ignored (`KeyframeAnimation.path`).
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// With a path, the layer turns to its tangent.
    open var rotationMode: CAAnimationRotationMode?

    open override func copyProperties(from a: CAAnimation) {
        super.copyProperties(from: a)
        guard let k = a as? CAKeyframeAnimation else { return }
        values = k.values; keyTimes = k.keyTimes; timingFunctions = k.timingFunctions; calculationMode = k.calculationMode
        path = k.path; rotationMode = k.rotationMode
    }

    open override func makeStrataAnimation() throws -> (any Animation)? {
        var a = KeyframeAnimation(keyPath: keyPath ?? "", values: path != nil ? [] : try (values ?? []).map(AnimationValue.init(any:)),
                                  keyTimes: keyTimes?.map(\.doubleValue))
        a.path = path?.strataPath
        a.rotationMode = rotationMode.flatMap { KeyframeAnimation.RotationMode(rawValue: $0.rawValue) }
        a.timingFunctions = timingFunctions?.map(\.strataFunction)
        a.calculationMode = KeyframeAnimation.CalculationMode(rawValue: calculationMode.rawValue) ?? .linear
        a.isAdditive = isAdditive; a.isCumulative = isCumulative
        configure(&a)
        return a
    }
}

/// CAAnimationGroup: its animations run on the group's time.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    open override func copyProperties(from a: CAAnimation) {
        super.copyProperties(from: a)
        guard let g = a as? CAAnimationGroup else { return }
        animations = g.animations?.map { $0.copyAnimation() }
    }

    open override func makeStrataAnimation() throws -> (any Animation)? {
        var g = AnimationGroup(animations: try (animations ?? []).compactMap { try $0.makeStrataAnimation() })
        configure(&g)
        return g
    }
}
