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
