/// CABasicAnimation: from one value to another over the simple duration.
///
/// Which values it runs between, as Core Animation documents the combinations ("current"
/// is the underlying value: the model value after earlier animations on the layer):
///
/// | set | from | to |
/// | --- | --- | --- |
/// | from, to | fromValue | toValue |
/// | from, by | fromValue | fromValue + byValue |
/// | by, to | toValue - byValue | toValue |
/// | from | fromValue | current |
/// | to | current | toValue |
/// | by | current | current + byValue |
/// | none | current | current (nothing to see; implicit animations set fromValue) |
///
/// Setting all three is unsupported in Core Animation; here byValue is then ignored.
public struct BasicAnimation: PropertyAnimation {
    public var keyPath: String
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    public var byValue: AnimationValue?
    public var isAdditive = false
    public var isCumulative = false

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

    public func value(at state: TimingState, underlying: AnimationValue) -> AnimationValue? {
        guard let (a, b) = BasicAnimation.endpoints(from: fromValue, to: toValue, by: byValue, current: underlying)
        else { return nil }
        return accumulated(a.interpolated(to: b, fraction: state.fraction), end: b, state: state)
    }

    /// The values a from/to/by animation runs between (see the table above); nil when a
    /// value's kind does not match the key path's.
    static func endpoints(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?,
                          current: AnimationValue) -> (AnimationValue, AnimationValue)? {
        let ends: (AnimationValue, AnimationValue)?
        switch (from, to, by) {
        case let (f?, t?, _): ends = (f, t)
        case let (f?, nil, b?): ends = f.adding(b).map { (f, $0) }
        case let (nil, t?, b?): ends = t.subtracting(b).map { ($0, t) }
        case let (f?, nil, nil): ends = (f, current)
        case let (nil, t?, nil): ends = (current, t)
        case let (nil, nil, b?): ends = current.adding(b).map { (current, $0) }
        case (nil, nil, nil): ends = (current, current)
        }
        guard let (a, b) = ends, a.isSameKind(as: current), b.isSameKind(as: current) else { return nil }
        return (a, b)
    }
}
