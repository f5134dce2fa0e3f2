/// One animation on one layer: the stored copy with its begin time resolved, and what
/// has been reported about it. This class applies any animation through
/// `Animation.apply`; `make` gives the subclasses that do it faster for the kinds most
/// scenes use, each keeping what it reads every frame in the record itself: a
/// presentation of ten thousand animated layers then fetches one record per layer from
/// memory, not a record and the closures it would call.
class AnimationRecord {
    let key: String?
    let animation: any Animation
    /// Scene-clock seconds.
    let beginTime: Double
    /// When its active duration is over (infinite for endless or frozen ones).
    let endTime: Double
    /// Transaction and view-animation completion blocks waiting for it.
    let groups: [CompletionGroup]
    /// Added by a view animation without `.allowUserInteraction`.
    var blocksInteraction = false
    var didStart = false
    private(set) var didStop = false

    init(key: String?, animation: any Animation, beginTime: Double, groups: [CompletionGroup]) {
        self.key = key
        self.animation = animation
        self.beginTime = beginTime
        self.endTime = beginTime + animation.timing.activeParentDuration
        self.groups = groups
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        for g in groups { g.animationAdded() }
    }

    /// The record for `animation` on a layer of `layerClass` (whose key path table the
    /// record uses): in the property's own type where it can (`TypedAnimationApplier`);
    /// for the other property animations that apply the one way `PropertyAnimation` does
    /// (basic, keyframe, spring), with the key path's accessors found once instead of
    /// twice a frame; else the general one.
    static func make(key: String?, animation: any Animation, beginTime: Double, groups: [CompletionGroup],
                     layerClass: Layer.Type) -> AnimationRecord {
        let properties = layerClass.animatableProperties
        func make<A: PropertyAnimation>(_ a: A) -> AnimationRecord? {
            guard let property = properties[a.keyPath] else { return nil }
            if let typed = TypedAnimationApplier.make(a, beginTime: beginTime, property: property, layerClass: layerClass,
                                                      key: key, groups: groups) {
                return typed
            }
            return PropertyAnimationRecord(key: key, animation: a, beginTime: beginTime, groups: groups, property: property)
        }
        let made: AnimationRecord?
        switch animation {
        case let a as BasicAnimation: made = make(a)
        // A turn to a path's tangent writes the transform too: the animation's own apply.
        case let a as KeyframeAnimation: made = a.rotationMode != nil && a.path != nil ? nil : make(a)
        case let a as SpringAnimation: made = make(a)
        default: made = nil
        }
        return made ?? AnimationRecord(key: key, animation: animation, beginTime: beginTime, groups: groups)
    }

    /// Writes what the animation shows at `time` into `target`, a copy of the layer
    /// holding the record (so of its class: the same key path table).
    func apply(at time: Double, to target: Layer) {
        if let state = animation.state(elapsed: time - beginTime) { animation.apply(state, to: target) }
    }

    /// True while it changes what is seen at `time`, or will.
    func isRunning(at time: Double) -> Bool {
        !didStop && animation.timing.speed != 0 && time < endTime
    }

    /// Whether it contributes to the presentation at `time`.
    func applies(at time: Double) -> Bool {
        !(isRemovedOnCompletion && time >= endTime)
    }

    /// The stored animation's, read once: `applies(at:)` runs for every layer every frame.
    private let isRemovedOnCompletion: Bool

    func start() {
        guard !didStart else { return }
        didStart = true
        animation.delegate?.animationDidStart(animation)
    }

    /// Tells the delegate, the completion closure and the completion groups, once. A
    /// group the replacing animation also joins (the same animation block setting a
    /// property twice) is not told of an interruption: its work goes on in the new one.
    func stop(finished: Bool, replacementGroups: [CompletionGroup] = []) {
        guard !didStop else { return }
        didStop = true
        animation.delegate?.animationDidStop(animation, finished: finished)
        animation.completion?(finished)
        for g in groups {
            g.animationStopped(finished: finished || replacementGroups.contains { $0 === g })
        }
    }
}

/// A basic, keyframe or spring animation applied through its property's accessors,
/// looked up once.
final class PropertyAnimationRecord<A: PropertyAnimation>: AnimationRecord {
    private let stored: A
    private let property: AnimatableProperty

    init(key: String?, animation: A, beginTime: Double, groups: [CompletionGroup], property: AnimatableProperty) {
        stored = animation
        self.property = property
        super.init(key: key, animation: animation, beginTime: beginTime, groups: groups)
    }

    override func apply(at time: Double, to target: Layer) {
        if let state = stored.state(elapsed: time - beginTime) { stored.apply(state, to: target, through: property) }
    }
}
