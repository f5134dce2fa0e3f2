/// CAAnimation: something a layer runs between its model values and what is drawn.
///
/// Animations are values: `layer.add(_:forKey:)` stores a copy (as Core Animation copies
/// the object), so changing an animation after adding it changes nothing on screen. The
/// timing properties (`beginTime`, `duration`, `speed`, ...) live in `timing` and are also
/// readable and settable under their Core Animation names.
public protocol Animation {
    var timing: MediaTiming { get set }
    /// Eases each iteration of the simple duration; nil is linear.
    var timingFunction: TimingFunction? { get set }
    /// True (the default) removes the animation from its layer when it ends; with false
    /// it stays, and with a forwards fill its final value stays on screen.
    var isRemovedOnCompletion: Bool { get set }
    /// Told when the animation starts and stops. Held strongly, as CAAnimation holds its
    /// delegate.
    var delegate: AnimationDelegate? { get set }
    /// Called once when the animation stops: `finished` is true when it ran to its end,
    /// false when it was removed or replaced first (the closure form of the delegate's
    /// `animationDidStop(_:finished:)`).
    var completion: ((_ finished: Bool) -> Void)? { get set }

    /// Writes the animation's value(s) at `state` into `layer`, a presentation copy that
    /// already holds the model values and every earlier animation's result.
    func apply(_ state: TimingState, to layer: Layer)

    /// Fills in what was left to the context when the animation is added: a zero duration
    /// becomes `duration`, a missing timing function `timingFunction`.
    func resolved(duration: Double, timingFunction: TimingFunction?) -> Self

    /// Every key path the animation writes, so that adding it to a layer can check them.
    var animatedKeyPaths: [String] { get }
}

/// CAAnimationDelegate.
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ animation: any Animation)
    func animationDidStop(_ animation: any Animation, finished: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ animation: any Animation) {}
    public func animationDidStop(_ animation: any Animation, finished: Bool) {}
}

// CAMediaTiming's properties under their own names.
extension Animation {
    public var beginTime: Double {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    public var duration: Double {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    public var speed: Double {
        get { timing.speed }
        set { timing.speed = newValue }
    }
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    public var repeatCount: Double {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }
    public var repeatDuration: Double {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    public var fillMode: FillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }

    /// Where the animation is `elapsed` parent seconds after its begin time.
    public func state(elapsed: Double) -> TimingState? {
        timing.state(elapsed: elapsed, timingFunction: timingFunction)
    }

    public func resolved(duration: Double, timingFunction: TimingFunction?) -> Self {
        var copy = self
        if copy.timing.duration <= 0 { copy.timing.duration = duration }
        if copy.timingFunction == nil { copy.timingFunction = timingFunction }
        return copy
    }
}

/// CAPropertyAnimation: an animation of one key path of a layer.
public protocol PropertyAnimation: Animation {
    /// A key path such as "position", "opacity" or "transform.translation.x": one of the
    /// layer class's `animatableProperties` (from its `declaration`).
    var keyPath: String { get set }
    /// The value is added to the underlying one (the model value after earlier
    /// animations) instead of replacing it.
    var isAdditive: Bool { get set }
    /// Each iteration starts where the previous one ended: iteration k adds k times the
    /// end value (SMIL's accumulate="sum", which Core Animation follows).
    var isCumulative: Bool { get set }

    /// The animation's own value at `state`, before `isAdditive` is applied; nil when it
    /// cannot be formed (a value of the wrong kind for the key path).
    func value(at state: TimingState, underlying: AnimationValue) -> AnimationValue?
}

extension PropertyAnimation {
    public var animatedKeyPaths: [String] { [keyPath] }

    public func apply(_ state: TimingState, to layer: Layer) {
        guard let property = type(of: layer).animatableProperties[keyPath] else { return }
        apply(state, to: layer, through: property)
    }

    /// `apply(_:to:)` with the key path's accessors already found.
    func apply(_ state: TimingState, to layer: Layer, through property: AnimatableProperty) {
        guard let underlying = property.value(of: layer), let v = value(at: state, underlying: underlying) else { return }
        if isAdditive {
            if let sum = underlying.adding(v) { property.setValue(sum, of: layer) }
        } else {
            property.setValue(v, of: layer)
        }
    }

    /// v plus the offset a cumulative animation has built up by `state.iteration`.
    func accumulated(_ v: AnimationValue, end: AnimationValue, state: TimingState) -> AnimationValue {
        guard isCumulative, state.iteration > 0 else { return v }
        return v.adding(end.repeated(state.iteration)) ?? v
    }
}
