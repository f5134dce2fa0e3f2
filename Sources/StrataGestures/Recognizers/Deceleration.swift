import Foundation

/// The glide after a pan's release: the value a pan drives (the carousel's angle, a
/// scene file's option) keeps moving at the release velocity, slowing as UIScrollView's
/// normal deceleration does, until it is barely moving. `CarouselController.Momentum`.
///
/// UIScrollView keeps `decelerationRate` (0.998) of its velocity per millisecond:
/// v(t) = v0 · 0.998^(1000 t), t in seconds. With k = 1000 · ln 0.998 (< 0) that is
/// v0 · e^(k t), so the angle travelled by t is its integral, v0 · (e^(k t) − 1) / k,
/// at most v0 · τ with τ = −1/k ≈ 0.4995 s. The glide stops at the moment T the speed
/// falls to `stopVelocity`: |v0| · e^(k T) = stopVelocity, so T = ln(stopVelocity/|v0|)/k,
/// and by then it has turned (v0 − sign(v0) · stopVelocity) · τ. The speed there is too
/// small to see (1°/s is 0.017° a frame at 60 fps), so stopping leaves no jolt.
///
/// Every value is a function of scene time, never of how often it is sampled: a
/// replay at any frame rate shows the same angles at the same times.
public struct Deceleration: Equatable, Sendable {
    /// UIScrollView.DecelerationRate.normal: the fraction of the velocity kept per ms.
    public static let decelerationRate = 0.998
    /// Degrees per second at which the glide ends (a 2 pt/s drag).
    public static let stopVelocity = 1.0
    /// The exponent k of v0 · e^(k t), per second.
    public static let decay = 1000 * log(decelerationRate)
    /// τ = −1/k: what a glide of unbounded length turns per degree-per-second of v0.
    public static let timeConstant = -1 / decay

    /// Scene time of the release.
    public let startTime: Double
    /// Degrees, at the release.
    public let startAngle: Double
    /// Degrees per second, at the release.
    public let velocity: Double
    /// Seconds until the speed is down to `stopVelocity`.
    public let duration: Double
    /// Where it comes to rest, degrees.
    public let restingAngle: Double

    public var endTime: Double { startTime + duration }

    /// The natural glide for a release at `velocity` (degrees per second); nil when
    /// that is already too slow to glide.
    public init?(startTime: Double, angle: Double, velocity: Double) {
        guard velocity.isFinite, abs(velocity) > Deceleration.stopVelocity else { return nil }
        let travel = (velocity - Deceleration.sign(velocity) * Deceleration.stopVelocity) * Deceleration.timeConstant
        self.init(startTime: startTime, angle: angle, velocity: velocity, restingAngle: angle + travel)
    }

    /// The same kind of glide, its start speed chosen so it comes to rest exactly on
    /// `target` (as UIScrollView does when its delegate changes `targetContentOffset`):
    /// the release travels `target − angle` = (v0 − sign · stopVelocity) · τ, so
    /// v0 = (target − angle)/τ + sign · stopVelocity. Nil when it is already there.
    public init?(startTime: Double, angle: Double, landingOn target: Double) {
        let distance = target - angle
        guard distance != 0, distance.isFinite else { return nil }
        let velocity = distance / Deceleration.timeConstant + Deceleration.sign(distance) * Deceleration.stopVelocity
        self.init(startTime: startTime, angle: angle, velocity: velocity, restingAngle: target)
    }

    private init(startTime: Double, angle: Double, velocity: Double, restingAngle: Double) {
        self.startTime = startTime
        startAngle = angle
        self.velocity = velocity
        duration = log(Deceleration.stopVelocity / abs(velocity)) / Deceleration.decay
        self.restingAngle = restingAngle
    }

    /// Degrees at scene time `time`: the start angle before the release, the resting
    /// angle (exactly, not as the formula rounds it) from `endTime` on.
    public func angle(at time: Double) -> Double {
        if time <= startTime { return startAngle }
        if time >= endTime { return restingAngle }
        let t = time - startTime
        return startAngle + velocity * (exp(Deceleration.decay * t) - 1) / Deceleration.decay
    }

    /// Degrees per second at `time`; 0 once it has come to rest.
    public func velocity(at time: Double) -> Double {
        if time >= endTime { return 0 }
        return velocity * exp(Deceleration.decay * max(0, time - startTime))
    }

    private static func sign(_ x: Double) -> Double { x < 0 ? -1 : 1 }
}
