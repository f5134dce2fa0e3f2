import CPrefetch

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
        case let a as KeyframeAnimation: made = make(a)
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
        let record = AnimationRecord.make(key: key, animation: resolved, beginTime: resolved.timing.beginTime,
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
    ///
    /// The layer keeps the copy it gave last, and the next call rewrites it in place when
    /// nothing else holds it any more (a frame loop drops each frame's copy before the
    /// next): the same values as fresh copies, without allocating, initialising and
    /// freeing ten thousand objects a frame. A copy still held anywhere is left as it was,
    /// and a fresh one takes its place.
    public func presentation(at time: Double) -> Self {
        if lastPresentation != nil, isKnownUniquelyReferenced(&lastPresentation), let last = lastPresentation as? Self {
            last.refresh(from: self, at: time)
            return last
        }
        // The copy given last is held elsewhere: no longer kept here, it holds this layer
        // as other copies hold their models.
        if let held = lastPresentation {
            held.modelLayerReference = self
            held.keptBy = nil
        }
        let copy = freshPresentation(at: time)
        // The kept copy must not keep its model alive: the model keeps it.
        copy.modelLayerReference = nil
        copy.keptBy = self
        lastPresentation = copy
        return copy
    }

    /// A new copy of this layer and its subtree, animations applied.
    private func freshPresentation(at time: Double) -> Self {
        let copy = type(of: self).init(layer: self)
        copy.isPresentation = true
        copy.modelLayerReference = self
        applyAnimations(to: copy, at: time)
        defer { copy.completePresentation(from: self, at: time) }
        guard let models = sublayerList, !models.isEmpty else { return copy }
        copy.sublayerList = copies(of: models, adoptedBy: copy, at: time)
        return copy
    }

    /// A fresh presentation of `model` (another layer's sublayer) at `time`, held by this
    /// copy as its superlayer but not among its sublayers, and kept by no model.
    func detachedPresentation(of model: Layer, at time: Double) -> Layer {
        let copy = model.freshPresentation(at: time)
        adopt(copy)
        return copy
    }

    /// Fresh copies of `models`, each made a sublayer of `parent` as it is made (while it
    /// is still in the cache). The models are held by the array, so they are used
    /// without being retained.
    private func copies(of models: [Layer], adoptedBy parent: Layer, at time: Double) -> [Layer] {
        models.withUnsafeBufferPointer { held in
            [Layer](unsafeUninitializedCapacity: held.count) { out, count in
                for i in held.indices {
                    Layer.prefetch(held, nil, after: i)
                    let c = Unmanaged.passUnretained(held[i])._withUnsafeGuaranteedRef { $0.freshPresentation(at: time) }
                    parent.adopt(c)
                    (out.baseAddress! + i).initialize(to: c)
                }
                count = held.count
            }
        }
    }

    /// This copy, which nothing but its model (or its parent copy) holds, made equal to a
    /// fresh copy of `model` at `time`: its properties copied again, animations applied,
    /// and each sublayer copy refreshed the same way when it is still the copy of the same
    /// model layer and held by nothing else, else replaced by a fresh one.
    private func refresh(from model: Layer, at time: Double) {
        defer { completePresentation(from: model, at: time) }
        isCopying = true
        copyProperties(from: model)
        isCopying = false
        if recordList != nil { recordList = nil }
        if attachedClock != nil { attachedClock = nil }
        model.applyAnimations(to: self, at: time)
        guard let models = model.sublayerList, !models.isEmpty else {
            if sublayerList != nil { releaseSublayers() }
            return
        }
        guard sublayerList?.count == models.count else {
            if sublayerList != nil { releaseSublayers() }
            sublayerList = copies(of: models, adoptedBy: self, at: time)
            return
        }
        models.withUnsafeBufferPointer { held in
            sublayerList!.withUnsafeMutableBufferPointer { slots in
                for i in held.indices {
                    Layer.prefetch(held, slots, after: i)
                    Unmanaged.passUnretained(held[i])._withUnsafeGuaranteedRef { m in
                        if slots[i].modelLayerReference === m, isKnownUniquelyReferenced(&slots[i]) {
                            slots[i].refresh(from: m, at: time)
                        } else {
                            slots[i].orphan()
                            slots[i] = m.freshPresentation(at: time)
                            adopt(slots[i])
                        }
                    }
                }
            }
        }
    }

    /// True when this layer or one below it holds an animation (running, waiting, or
    /// ended but kept by its fill mode): otherwise the presentation equals the model.
    public var subtreeHasAnimations: Bool {
        !animationRecords.isEmpty || sublayers.contains { $0.subtreeHasAnimations }
    }

    /// The presentation at the clock's current time (time 0 when the tree has no clock).
    public func presentation() -> Self { presentation(at: clock?.now ?? 0) }

    /// CALayer.model(): for a presentation copy, the layer it was made from; else self.
    public func model() -> Layer { modelLayerReference ?? keptBy ?? self }

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
        if let sole = soleRecord {
            sole._withUnsafeGuaranteedRef { record in
                if record.applies(at: time) { record.apply(at: time, to: target) }
            }
            return
        }
        guard let records = recordList else { return }
        records.withUnsafeBufferPointer { held in
            for i in held.indices {
                Unmanaged.passUnretained(held[i])._withUnsafeGuaranteedRef { record in
                    if record.applies(at: time) { record.apply(at: time, to: target) }
                }
            }
        }
    }

    /// Asks for the cache lines that copying a few sublayers on will read: models (and
    /// the copies being refreshed) far ahead, then the record of one whose model has
    /// arrived by then. Objects scattered through memory otherwise cost a wait on memory
    /// each, for each of ten thousand layers.
    private static func prefetch(_ models: UnsafeBufferPointer<Layer>, _ copies: UnsafeMutableBufferPointer<Layer>?,
                                 after i: Int) {
        let far = i + 8, near = i + 4
        if far < models.count {
            prefetchObject(Unmanaged.passUnretained(models[far]).toOpaque(), forWriting: false)
            if let copies, far < copies.count {
                prefetchObject(Unmanaged.passUnretained(copies[far]).toOpaque(), forWriting: true)
            }
        }
        if near < models.count, let record = models[near].soleRecord {
            prefetchObject(record.toOpaque(), forWriting: false)
        }
    }

    /// The first five cache lines of an object: a layer's header, placement and links.
    private static func prefetchObject(_ p: UnsafeMutableRawPointer, forWriting: Bool) {
        for offset in stride(from: 0, to: 320, by: 64) {
            if forWriting { strata_prefetch_for_writing(p + offset) } else { strata_prefetch(p + offset) }
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
