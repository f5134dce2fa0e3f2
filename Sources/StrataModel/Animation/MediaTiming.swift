import Foundation

/// CAMediaTimingFillMode: what an animation shows outside its active duration.
public enum FillMode: String, CaseIterable, Sendable {
    /// Nothing: before and after, the layer shows its model value.
    case removed
    /// The final value stays after the end (with `isRemovedOnCompletion = false`).
    case forwards
    /// The first value shows from the moment the animation is added until it begins.
    case backwards
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// CAMediaTiming for an animation: how the time of its parent (the scene clock, or an
/// animation group's local time) becomes a fraction of its simple duration.
///
/// Time conversion, as Core Animation documents it: with `e` the parent time since
/// `beginTime`, the active local time is `e * speed + timeOffset`. The animation is active
/// for `activeDuration / |speed|` parent seconds from `beginTime` whatever the offset: an
/// offset starts it part-way through and wraps round to the start, so it ends where it
/// began (as Core Animation's timeOffset does). A negative speed plays the active duration
/// backwards; a speed of 0 freezes it at `timeOffset`.
public struct MediaTiming: Hashable, Sendable {
    /// Parent seconds. On an animation added to a layer, 0 means "now" (the scene clock's
    /// time when it is added); in a group, seconds from the group's start.
    public var beginTime: Double = 0
    /// The simple duration, seconds; 0 means the transaction's duration (0.25 s) on a layer,
    /// or the group's duration inside a group.
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// Iterations, fractions allowed; 0 means one; `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// Seconds of repetition; when positive it wins over `repeatCount` (setting both is
    /// undefined in Core Animation).
    public var repeatDuration: Double = 0
    /// Each iteration plays forwards then backwards, so it takes twice `duration`.
    public var autoreverses = false
    public var fillMode: FillMode = .removed

    public init() {}

    /// Core Animation's duration for an animation that sets none (CATransaction's default).
    public static let defaultDuration = 0.25

    var effectiveDuration: Double { duration > 0 && duration.isFinite ? duration : MediaTiming.defaultDuration }

    /// One iteration in local time: the duration, twice with `autoreverses`.
    public var iterationDuration: Double { effectiveDuration * (autoreverses ? 2 : 1) }

    /// The whole active period in local time (infinite for endless repeats).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        return (repeatCount > 0 ? repeatCount : 1) * iterationDuration
    }

    /// The active period in parent time: infinite when frozen (speed 0) or endless.
    public var activeParentDuration: Double {
        speed == 0 ? .infinity : activeDuration / abs(speed)
    }

    /// Where the animation is at parent time `elapsed` seconds after `beginTime`, its
    /// fraction eased by `timingFunction`; nil when it shows nothing (before the start
    /// without backwards fill, after the end without forwards fill).
    public func state(elapsed: Double, timingFunction: TimingFunction? = nil) -> TimingState? {
        let d = effectiveDuration
        let active = activeDuration
        var a: Double
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return nil }
            a = 0
        } else if elapsed >= activeParentDuration {
            guard fillMode.fillsForwards else { return nil }
            a = active
        } else {
            a = elapsed * abs(speed)
        }
        if speed < 0 && active.isFinite { a = active - a }
        if speed == 0 { a = 0 }
        let atEnd = a >= active
        if timeOffset != 0 {
            a += timeOffset
            if active.isFinite && active > 0 {
                a = a.truncatingRemainder(dividingBy: active)
                if a < 0 { a += active }
            }
        }

        let iteration = iterationDuration
        var k = (a / iteration).rounded(.down)
        var within = a - k * iteration
        // The last instant of the active period shows the end of the last iteration, not
        // the start of one that never runs.
        if atEnd && timeOffset == 0 && a > 0 && within <= 1e-12 * max(1, a) {
            k -= 1
            within = iteration
        }
        let simple = autoreverses && within > d ? 2 * d - within : min(within, d)
        let raw = max(0, min(1, simple / d))
        let eased = timingFunction?.solve(raw) ?? raw
        return TimingState(fraction: eased, linearFraction: raw, time: eased * d,
                           iteration: Int(max(0, min(k, Double(Int32.max)))), duration: d)
    }
}

/// Where an animation is within its simple duration at some moment.
public struct TimingState: Hashable, Sendable {
    /// The fraction of the simple duration after the timing function (what values use).
    public var fraction: Double
    /// The same before the timing function.
    public var linearFraction: Double
    /// `fraction * duration`: seconds into the simple duration, on the eased clock.
    public var time: Double
    /// Completed iterations before this one (for `isCumulative`).
    public var iteration: Int
    public var duration: Double

    public init(fraction: Double, linearFraction: Double, time: Double, iteration: Int, duration: Double) {
        self.fraction = fraction; self.linearFraction = linearFraction; self.time = time
        self.iteration = iteration; self.duration = duration
    }
}
