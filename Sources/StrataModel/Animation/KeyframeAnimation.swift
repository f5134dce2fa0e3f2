/// CAKeyframeAnimation: through a list of values at given fractions of the duration.
///
/// Time, as Core Animation does it: the animation's `timingFunction` eases the whole
/// simple duration first; the eased fraction then picks the segment between the two
/// keyTimes around it; a segment's entry in `timingFunctions` (if any) eases the time
/// within that segment; the values are interpolated as `calculationMode` says.
public struct KeyframeAnimation: PropertyAnimation {
    /// kCAAnimationLinear, Discrete, Paced, Cubic, CubicPaced.
    public enum CalculationMode: String, CaseIterable, Sendable {
        /// Straight between neighbouring values.
        case linear
        /// Each value held until the next keyTime, no interpolation.
        case discrete
        /// keyTimes and timingFunctions ignored: times chosen so the value moves at a
        /// constant rate (by the distance between values), interpolated linearly.
        case paced
        /// A Kochanek-Bartels spline through the values (Catmull-Rom with the default
        /// tension, continuity and bias of 0), tangents scaled for uneven keyTimes.
        case cubic
        /// Paced times on the cubic spline.
        case cubicPaced
    }

    public var keyPath: String
    public var values: [AnimationValue] { didSet { cachedKeyTimes = nil } }
    /// One per value (discrete also takes one more), starting at 0, ending at 1,
    /// never decreasing; otherwise ignored, as Core Animation ignores it, and the values
    /// are spread evenly.
    public var keyTimes: [Double]? { didSet { cachedKeyTimes = nil } }
    /// One per segment (values.count - 1); a missing entry is linear.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear { didSet { cachedKeyTimes = nil } }
    /// Kochanek-Bartels parameters per value for the cubic modes; missing entries are 0.
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?
    /// CAKeyframeAnimation.path: the curve a point property (`position`, `anchorPoint`)
    /// follows; when set, `values` are ignored (`KeyframePath` says how it is followed).
    /// With `linear` and `cubic` each line or curve takes its share of keyTimes (one per
    /// keyframe: the first point and each element's end) along its own curve; `paced`
    /// and `cubicPaced` move at one speed along the arc length; `discrete` jumps between
    /// the keyframes.
    public var path: Path? {
        didSet {
            track = path.map(KeyframePath.init)
            cachedKeyTimes = nil
        }
    }
    /// CAAnimationRotationMode: with a `path`, the layer also turns to the path's tangent.
    public enum RotationMode: String, CaseIterable, Sendable {
        /// The layer's x axis along the direction of travel.
        case auto
        /// Turned half a turn from it: the x axis points back along the path.
        case autoReverse
    }
    /// nil (the default): the layer does not turn. With a path, the tangent's angle is a
    /// rotation about z applied before the presentation's `transform` (so it turns the
    /// layer in its own plane about its anchor point).
    public var rotationMode: RotationMode?
    public var isAdditive = false
    public var isCumulative = false

    public var timing = MediaTiming()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: AnimationDelegate?
    public var completion: ((_ finished: Bool) -> Void)?

    /// `effectiveKeyTimes`, worked out once when the animation is added to a layer (the
    /// stored copy never changes), so frames do not validate keyTimes again.
    private var cachedKeyTimes: [Double]?
    /// The path, measured once when it is set.
    private var track: KeyframePath?

    /// How many keyframes there are: the values, or the path's points.
    var keyframeCount: Int { track?.keyframes.count ?? values.count }

    public init(keyPath: String, values: [AnimationValue] = [], keyTimes: [Double]? = nil) {
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = keyTimes
    }

    /// `keyTimes` if Core Animation would use them, else nil.
    public var validKeyTimes: [Double]? {
        guard let k = keyTimes else { return nil }
        let n = keyframeCount
        let allowed = calculationMode == .discrete ? [n, n + 1] : [n]
        guard allowed.contains(k.count), k.count >= 2, k.first == 0, k.last == 1,
              k.allSatisfy({ $0.isFinite && (0...1).contains($0) }),
              zip(k, k.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        return k
    }

    public func resolved(duration: Double, timingFunction: TimingFunction?) -> KeyframeAnimation {
        var copy = self
        if copy.timing.duration <= 0 { copy.timing.duration = duration }
        if copy.timingFunction == nil { copy.timingFunction = timingFunction }
        copy.cachedKeyTimes = nil
        copy.cachedKeyTimes = copy.effectiveKeyTimes
        return copy
    }

    /// The fractions of the (eased) duration at which each value is reached.
    public var effectiveKeyTimes: [Double] {
        if let cachedKeyTimes { return cachedKeyTimes }
        let n = keyframeCount
        guard n > 1 else { return n == 1 ? [0] : [] }
        switch calculationMode {
        case .paced, .cubicPaced:
            if let track {
                if track.totalLength > 0 { return track.cumulative.map { $0 / track.totalLength } }
                break
            }
            var cumulative = [0.0]
            for (a, b) in zip(values, values.dropFirst()) { cumulative.append(cumulative.last! + a.distance(to: b)) }
            let total = cumulative.last!
            if total > 0 { return cumulative.map { $0 / total } }
        default:
            if let k = validKeyTimes { return k }
        }
        return (0..<n).map { Double($0) / Double(n - 1) }
    }

    public func value(at state: TimingState, underlying: AnimationValue) -> AnimationValue? {
        if let track {
            guard case .point = underlying, let end = track.keyframes.last,
                  let place = pathPlace(at: state.fraction, track) else { return nil }
            return accumulated(.point(track.point(at: place)), end: .point(end), state: state)
        }
        guard let last = values.last, values.allSatisfy({ $0.isSameKind(as: underlying) }) else { return nil }
        return accumulated(keyframeValue(at: state.fraction), end: last, state: state)
    }

    /// The value at eased fraction `f` of the simple duration.
    func keyframeValue(at f: Double) -> AnimationValue {
        switch position(at: f, times: effectiveKeyTimes) {
        case .at(let i): return values[i]
        case .between(let i, let s):
            switch calculationMode {
            case .cubic, .cubicPaced: return cubicValue(segment: i, s: s, times: effectiveKeyTimes)
            default: return values[i].interpolated(to: values[i + 1], fraction: s)
            }
        }
    }

    /// CAPropertyAnimation's apply, then, with a `rotationMode`, the turn to the tangent.
    public func apply(_ state: TimingState, to layer: Layer) {
        guard let property = type(of: layer).animatableProperties[keyPath] else { return }
        apply(state, to: layer, through: property)
        guard let rotationMode, let track, let place = pathPlace(at: state.fraction, track) else { return }
        let angle = track.angle(at: place) + (rotationMode == .autoReverse ? Double.pi : 0)
        layer.transform = Transform3D.makeRotation(angle, 0, 0, 1).concatenating(layer.transform)
    }

    /// Where on the path the value is at eased fraction `f`: along the arc length for the
    /// paced modes, else on the segment `position(at:times:)` picks (a keyframe is the
    /// start of the segment after it, the last the end of the last).
    func pathPlace(at f: Double, _ track: KeyframePath) -> KeyframePath.Place? {
        let segments = track.segments.count
        guard segments > 0 else { return nil }
        if calculationMode == .paced || calculationMode == .cubicPaced, track.totalLength > 0 {
            return track.place(atLength: min(max(f, 0), 1) * track.totalLength)
        }
        switch position(at: f, times: effectiveKeyTimes) {
        case .at(let i):
            return i < segments ? .init(segment: i, parameter: 0) : .init(segment: segments - 1, parameter: 1)
        case .between(let i, let s):
            return .init(segment: i, parameter: s)
        }
    }

    /// Where eased fraction `f` falls among the values: on one, or a fraction `s` of the
    /// way from value i to value i + 1 (`timingFunctions` applied). `times` are
    /// `effectiveKeyTimes`; there is at least one value.
    func position(at f: Double, times: [Double]) -> KeyframePosition {
        let n = keyframeCount
        if n == 1 { return .at(0) }

        if calculationMode == .discrete {
            var i = 0
            while i + 1 < min(times.count, n) && times[i + 1] <= f { i += 1 }
            return .at(i)
        }

        if f <= times[0] { return .at(0) }
        if f >= times[n - 1] { return .at(n - 1) }
        var i = 0
        while i < n - 2 && times[i + 1] <= f { i += 1 }
        let span = times[i + 1] - times[i]
        var s = span > 0 ? (f - times[i]) / span : 1
        if calculationMode != .paced && calculationMode != .cubicPaced,
           let functions = timingFunctions, i < functions.count {
            s = functions[i].solve(s)
        }
        return .between(i, s)
    }

    enum KeyframePosition { case at(Int), between(Int, Double) }

    /// Hermite interpolation on segment i with Kochanek-Bartels tangents. Transforms,
    /// whose elements do not interpolate meaningfully, fall back to the linear path.
    private func cubicValue(segment i: Int, s: Double, times: [Double]) -> AnimationValue {
        let p0 = values[i], p1 = values[i + 1]
        if case .transform = p0 { return p0.interpolated(to: p1, fraction: s) }
        guard p0.shape == p1.shape else { return p0.interpolated(to: p1, fraction: s) }
        let n = values.count
        func point(_ k: Int) -> [Double] {
            let v = values[max(0, min(n - 1, k))]
            return v.shape == p0.shape ? v.components : p0.components
        }
        func param(_ a: [Double]?, _ k: Int) -> Double { a.flatMap { k < $0.count ? $0[k] : nil } ?? 0 }
        let a = point(i), b = point(i + 1), before = point(i - 1), after = point(i + 2)
        // Chords; the ends repeat their point, so the chord beyond an end is zero.
        let dPrev = zip(a, before).map { $0 - $1 }, d = zip(b, a).map { $0 - $1 }
        let dNext = zip(after, b).map { $0 - $1 }

        let (t0, c0, b0) = (param(tensionValues, i), param(continuityValues, i), param(biasValues, i))
        let (t1, c1, b1) = (param(tensionValues, i + 1), param(continuityValues, i + 1), param(biasValues, i + 1))
        let span = times[i + 1] - times[i]
        let spanPrev = i > 0 ? times[i] - times[i - 1] : span
        let spanNext = i + 2 < n ? times[i + 2] - times[i + 1] : span
        let k0 = spanPrev + span > 0 ? 2 * span / (spanPrev + span) : 1
        let k1 = span + spanNext > 0 ? 2 * span / (span + spanNext) : 1
        let outgoing = (0..<a.count).map { j in
            k0 * ((1 - t0) * (1 + c0) * (1 + b0) / 2 * dPrev[j] + (1 - t0) * (1 - c0) * (1 - b0) / 2 * d[j])
        }
        let incoming = (0..<a.count).map { j in
            k1 * ((1 - t1) * (1 - c1) * (1 + b1) / 2 * d[j] + (1 - t1) * (1 + c1) * (1 - b1) / 2 * dNext[j])
        }
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let r = (0..<a.count).map { j in h00 * a[j] + h10 * outgoing[j] + h01 * b[j] + h11 * incoming[j] }
        return p0.with(components: r)
    }
}
