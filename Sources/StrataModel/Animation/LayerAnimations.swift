/// One animation on one layer: the stored copy with its begin time resolved, and what
/// has been reported about it.
final class AnimationRecord {
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
    /// Writes the animation at a scene time into a copy of the layer, its key path's
    /// accessors looked up once (see `direct(_:beginTime:layerClass:)`), in the property's
    /// own type where it can (`TypedAnimationApplier`), else through `Animation.apply`.
    private let directApply: (Double, Layer) -> Void

    init(key: String?, animation: any Animation, beginTime: Double, groups: [CompletionGroup],
         layerClass: Layer.Type) {
        self.key = key
        self.animation = animation
        self.beginTime = beginTime
        self.endTime = beginTime + animation.timing.activeParentDuration
        self.groups = groups
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        directApply = AnimationRecord.direct(animation, beginTime: beginTime, layerClass: layerClass) ?? { time, layer in
            if let state = animation.state(elapsed: time - beginTime) { animation.apply(state, to: layer) }
        }
        for g in groups { g.animationAdded() }
    }

    /// Writes what the animation shows at `time` into `target`, a copy of the layer
    /// holding the record (so of its class: the same key path table).
    func apply(at time: Double, to target: Layer) {
        directApply(time, target)
    }

    /// For the property animations that apply the one way `PropertyAnimation` does (basic,
    /// keyframe, spring): the same steps, specialised to the animation's type, with the
    /// accessors found once instead of twice a frame by key path. Thousands of layers
    /// animate every frame.
    private static func direct(_ animation: any Animation, beginTime: Double,
                               layerClass: Layer.Type) -> ((Double, Layer) -> Void)? {
        let properties = layerClass.animatableProperties
        func make<A: PropertyAnimation>(_ a: A) -> ((Double, Layer) -> Void)? {
            guard let property = properties[a.keyPath] else { return nil }
            if let typed = TypedAnimationApplier.make(a, beginTime: beginTime, property: property, layerClass: layerClass) {
                return typed
            }
            return { time, layer in
                if let state = a.state(elapsed: time - beginTime) { a.apply(state, to: layer, through: property) }
            }
        }
        switch animation {
        case let a as BasicAnimation: return make(a)
        case let a as KeyframeAnimation: return make(a)
        case let a as SpringAnimation: return make(a)
        default: return nil
        }
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

// CALayer's animation API.
extension Layer {
    /// Adds a copy of `animation`, replacing (and stopping, with finished false) any
    /// animation under the same key; a nil key adds one that cannot be looked up.
    ///
    /// A `beginTime` of 0 means now: the clock's time when the layer's tree has one
    /// (`SceneClock.now`, this world's CACurrentMediaTime()), else 0. A duration of 0
    /// becomes the transaction's (0.25 s by default). The animation joins the completion
    /// blocks of the transactions open now.
    ///
    /// Throws `AnimationError`, adding nothing, when a key path the animation (or any
    /// animation of a group) animates is not one of this layer's class: Core Animation
    /// would run it and never change what is seen.
    public func add(_ animation: any Animation, forKey key: String? = nil) throws {
        let properties = type(of: self).animatableProperties
        if let unknown = animation.animatedKeyPaths.first(where: { properties[$0] == nil }) {
            throw AnimationError(keyPath: unknown, layer: self)
        }
        addRecord(animation, forKey: key)
    }

    @discardableResult
    func addRecord(_ animation: any Animation, forKey key: String?) -> AnimationRecord {
        let stack = TransactionStack.current
        var resolved = animation.resolved(duration: stack.animationDuration, timingFunction: stack.animationTimingFunction)
        let clock = self.clock
        if resolved.timing.beginTime == 0 { resolved.timing.beginTime = clock?.now ?? 0 }
        let groups = stack.activeGroups
        if let key, let i = animationRecords.firstIndex(where: { $0.key == key }) {
            animationRecords.remove(at: i).stop(finished: false, replacementGroups: groups)
        }
        let record = AnimationRecord(key: key, animation: resolved, beginTime: resolved.timing.beginTime,
                                     groups: groups, layerClass: type(of: self))
        animationRecords.append(record)
        clock?.animationsChanged()
        return record
    }

    /// Removes the animation under `key`; its delegate and completion hear finished false.
    public func removeAnimation(forKey key: String) {
        guard let i = animationRecords.firstIndex(where: { $0.key == key }) else { return }
        animationRecords.remove(at: i).stop(finished: false)
    }

    public func removeAllAnimations() {
        let removed = animationRecords
        animationRecords = []
        for r in removed { r.stop(finished: false) }
    }

    /// The stored copy (begin time and duration resolved), or nil.
    public func animation(forKey key: String) -> (any Animation)? {
        animationRecords.first { $0.key == key }?.animation
    }

    /// Keys of the animations on this layer, in the order they were added.
    public func animationKeys() -> [String] { animationRecords.compactMap(\.key) }

    /// The clock of the tree this layer is in: the nearest attached one, walking up.
    public var clock: SceneClock? {
        var layer: Layer? = self
        while let l = layer {
            if let c = l.attachedClock { return c }
            layer = l.superlayer
        }
        return nil
    }

    // MARK: Presentation

    /// CALayer.presentation() at scene time `time`: a copy of this layer and its whole
    /// subtree with every animation applied; the model is untouched. Renderers draw this.
    /// The copies keep their class (through `init(layer:)`) and hold no animations.
    public func presentation(at time: Double) -> Self {
        let copy = type(of: self).init(layer: self)
        copy.isPresentation = true
        copy.modelLayerReference = self
        applyAnimations(to: copy, at: time)
        if let sublayerList, !sublayerList.isEmpty { copy.adoptSublayers(sublayerList.map { $0.presentation(at: time) }) }
        return copy
    }

    /// True when this layer or one below it holds an animation (running, waiting, or
    /// ended but kept by its fill mode): otherwise the presentation equals the model.
    public var subtreeHasAnimations: Bool {
        !animationRecords.isEmpty || sublayers.contains { $0.subtreeHasAnimations }
    }

    /// The presentation at the clock's current time (time 0 when the tree has no clock).
    public func presentation() -> Self { presentation(at: clock?.now ?? 0) }

    /// CALayer.model(): for a presentation copy, the layer it was made from; else self.
    public func model() -> Layer { modelLayerReference ?? self }

    /// What is seen of one key path at `time`: `modelValue` (or the current model value)
    /// with this layer's animations applied.
    public func presentationValue(forKeyPath keyPath: String, at time: Double,
                                  modelValue: AnimationValue? = nil) -> AnimationValue? {
        guard !animationRecords.isEmpty else { return modelValue ?? animatableValue(forKeyPath: keyPath) }
        let scratch = type(of: self).init(layer: self)
        scratch.isPresentation = true
        if let modelValue { scratch.setAnimatableValue(modelValue, forKeyPath: keyPath) }
        applyAnimations(to: scratch, at: time)
        return scratch.animatableValue(forKeyPath: keyPath)
    }

    func applyAnimations(to target: Layer, at time: Double) {
        // `records` keeps every record alive, whatever an animation does to the layer's
        // list, so each is used without being retained: atomic operations on the model's
        // objects, for every layer of every frame, cost more than applying the animation.
        guard let records = recordList else { return }
        records.withUnsafeBufferPointer { held in
            for i in held.indices {
                Unmanaged.passUnretained(held[i])._withUnsafeGuaranteedRef { record in
                    if record.applies(at: time) { record.apply(at: time, to: target) }
                }
            }
        }
    }

    // MARK: Running

    /// True when an animation in this subtree still changes (or will change) what is seen
    /// after `time`: not ended, not frozen at speed 0. Endless repeats always run.
    public func hasRunningAnimations(at time: Double) -> Bool {
        if animationRecords.contains(where: { $0.isRunning(at: time) }) { return true }
        return sublayers.contains { $0.hasRunningAnimations(at: time) }
    }

    /// True while a view animation without `.allowUserInteraction` runs on this layer.
    func isInteractionBlocked(at time: Double) -> Bool {
        animationRecords.contains { $0.blocksInteraction && $0.isRunning(at: time) && time >= $0.beginTime }
    }
}
