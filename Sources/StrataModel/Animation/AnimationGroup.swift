/// CAAnimationGroup: animations that run together on one layer, on the group's clock.
///
/// Each child's timing is relative to the group: its `beginTime` counts from the group's
/// start, and its parent time is the group's eased local time, so the group's
/// `timingFunction`, `speed` and repeats drive every child. A child with no duration
/// takes the group's. The group's duration cuts children off; children's delegates and
/// completions are not called (as in Core Animation: only the group's are).
public struct AnimationGroup: Animation {
    public var animations: [any Animation]

    public var timing = MediaTiming()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: AnimationDelegate?
    public var completion: ((_ finished: Bool) -> Void)?

    public init(animations: [any Animation] = []) {
        self.animations = animations
    }

    public var animatedKeyPaths: [String] { animations.flatMap(\.animatedKeyPaths) }

    public func apply(_ state: TimingState, to layer: Layer) {
        for child in animations {
            if let childState = child.state(elapsed: state.time - child.timing.beginTime) {
                child.apply(childState, to: layer)
            }
        }
    }

    public func resolved(duration: Double, timingFunction: TimingFunction?) -> AnimationGroup {
        var copy = self
        if copy.timing.duration <= 0 { copy.timing.duration = duration }
        if copy.timingFunction == nil { copy.timingFunction = timingFunction }
        let groupDuration = copy.timing.duration
        copy.animations = animations.map { $0.resolved(duration: groupDuration, timingFunction: nil) }
        return copy
    }
}
