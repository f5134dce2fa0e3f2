import Foundation

/// CASpringAnimation: a basic animation whose progress follows a damped spring, the
/// closed-form solution of m x'' + c x' + k x = 0 released from x = 1 (the from value)
/// towards 0 (the to value) with `initialVelocity` (progress per second, positive
/// towards the target). Progress is measured in seconds of the simple duration, so, as in
/// Core Animation, `duration` only cuts the motion off: set it to `settlingDuration`.
public struct SpringAnimation: PropertyAnimation {
    public var keyPath: String
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    public var byValue: AnimationValue?
    public var isAdditive = false
    public var isCumulative = false

    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    public var initialVelocity: Double = 0

    public var timing = MediaTiming()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: AnimationDelegate?
    public var completion: ((_ finished: Bool) -> Void)?

    public init(keyPath: String, fromValue: AnimationValue? = nil, toValue: AnimationValue? = nil,
                byValue: AnimationValue? = nil) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
    }

    /// CASpringAnimation(perceptualDuration:bounce:) (iOS 17, SwiftUI's Spring(duration:bounce:)):
    /// mass 1, stiffness (2π / perceptualDuration)², so the undamped spring's period is
    /// the perceptual duration; damping ratio 1 - bounce for a bounce from 0 (critical)
    /// towards 1 (undamped), 1 / (1 + bounce) below 0 (overdamped). The duration is set to
    /// `settlingDuration`, as Core Animation's initializer sets it.
    public init(keyPath: String, perceptualDuration: Double, bounce: Double,
                fromValue: AnimationValue? = nil, toValue: AnimationValue? = nil) {
        self.init(keyPath: keyPath, fromValue: fromValue, toValue: toValue)
        let d = max(perceptualDuration, 1e-6), b = min(max(bounce, -0.999), 1)
        let omega = 2 * Double.pi / d
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        mass = 1
        stiffness = omega * omega
        damping = 2 * zeta * omega
        duration = settlingDuration
    }

    /// The period of the undamped spring, 2π √(m / k): what `init(perceptualDuration:bounce:)` was given.
    public var perceptualDuration: Double { 2 * Double.pi * (max(mass, 1e-9) / max(stiffness, 1e-9)).squareRoot() }

    /// 1 - ζ for a damping ratio ζ up to 1, 1/ζ - 1 above: what `init(perceptualDuration:bounce:)` was given.
    public var bounce: Double {
        let zeta = damping / (2 * (max(stiffness, 1e-9) * max(mass, 1e-9)).squareRoot())
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)'s
    /// spring: mass 1, damping ratio `dampingRatio` (0 < ratio <= 1), velocity in whole
    /// distances per second, and the stiffness for which the motion settles (within
    /// `settlingTolerance`) at `duration`: UIKit does not publish its mapping, and this is
    /// the one its documentation describes (the animation takes `duration` and ends at rest).
    public init(keyPath: String, dampingRatio: Double, initialVelocity: Double, settlingIn duration: Double,
                fromValue: AnimationValue? = nil, toValue: AnimationValue? = nil) {
        self.init(keyPath: keyPath, fromValue: fromValue, toValue: toValue)
        let zeta = min(max(dampingRatio, 0.001), 1)
        let target = max(duration, 1e-3)
        self.initialVelocity = initialVelocity
        mass = 1
        // The settling time falls as the spring stiffens: bisect on ω (log scale).
        var lo = log(0.01), hi = log(10_000.0)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2, omega = exp(mid)
            stiffness = omega * omega
            damping = 2 * zeta * omega
            if settlingDuration > target { lo = mid } else { hi = mid }
        }
        let omega = exp(hi)
        stiffness = omega * omega
        damping = 2 * zeta * omega
        self.duration = target
    }

    /// How far from the target the motion may stray and still count as settled: a
    /// thousandth of the distance.
    public static let settlingTolerance = 0.001

    /// Seconds until the spring stays within `settlingTolerance` of its target: from
    /// the decay envelope of the solution, so it is an upper bound on the real crossing.
    public var settlingDuration: Double {
        let solver = SpringSolver(self)
        let tolerance = SpringAnimation.settlingTolerance
        switch solver.regime {
        case let .under(a, b, rate, _):
            return max(0, log((a * a + b * b).squareRoot() / tolerance) / rate)
        case .critical, .over:
            // Step forward in frames until the motion and everything after it is small;
            // the decay is monotonic after its last turn, so a run of small samples ends it.
            var t = 0.0, settledSince: Double?
            while t < 600 {
                if abs(1 - solver.progress(at: t)) < tolerance {
                    if settledSince == nil { settledSince = t }
                    if t - settledSince! >= 0.5 { return settledSince! }
                } else {
                    settledSince = nil
                }
                t += 1.0 / 600
            }
            return settledSince ?? t
        }
    }

    /// 0 at the start, 1 at rest; may overshoot 1 when underdamped.
    public func progress(at time: Double) -> Double { SpringSolver(self).progress(at: time) }

    public func value(at state: TimingState, underlying: AnimationValue) -> AnimationValue? {
        guard let (a, b) = BasicAnimation.endpoints(from: fromValue, to: toValue, by: byValue, current: underlying)
        else { return nil }
        return accumulated(a.interpolated(to: b, fraction: progress(at: state.time)), end: b, state: state)
    }
}

/// The spring's closed form, as WebKit's SpringSolver, with the overdamped case solved
/// properly rather than as critically damped.
struct SpringSolver {
    enum Regime {
        /// x(t) = e^(-rate t) (a cos(wd t) + b sin(wd t))
        case under(a: Double, b: Double, rate: Double, wd: Double)
        /// x(t) = (a + b t) e^(-w0 t)
        case critical(a: Double, b: Double, w0: Double)
        /// x(t) = c1 e^(r1 t) + c2 e^(r2 t)
        case over(c1: Double, r1: Double, c2: Double, r2: Double)
    }

    let regime: Regime

    init(_ spring: SpringAnimation) {
        let m = max(spring.mass, 1e-9), k = max(spring.stiffness, 1e-9), c = max(spring.damping, 0)
        let v0 = spring.initialVelocity
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if zeta < 1 - 1e-9 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            regime = .under(a: 1, b: (zeta * w0 - v0) / wd, rate: zeta * w0, wd: wd)
        } else if zeta <= 1 + 1e-9 {
            regime = .critical(a: 1, b: w0 - v0, w0: w0)
        } else {
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root, r2 = -zeta * w0 - root
            // x(0) = 1, x'(0) = -v0.
            let c2 = (-v0 - r1) / (r2 - r1)
            regime = .over(c1: 1 - c2, r1: r1, c2: c2, r2: r2)
        }
    }

    /// The displacement x(t) from the target, as a fraction of the whole distance.
    func displacement(at t: Double) -> Double {
        switch regime {
        case let .under(a, b, rate, wd): return exp(-rate * t) * (a * cos(wd * t) + b * sin(wd * t))
        case let .critical(a, b, w0): return (a + b * t) * exp(-w0 * t)
        case let .over(c1, r1, c2, r2): return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    func progress(at t: Double) -> Double { 1 - displacement(at: max(0, t)) }
}
