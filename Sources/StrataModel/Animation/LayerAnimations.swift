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
        let record = (resolved as? Transition).map {
            addTransitionRecord($0, forKey: key, beginTime: $0.timing.beginTime, groups: groups)
        } ?? AnimationRecord.make(key: key, animation: resolved, beginTime: resolved.timing.beginTime,
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
            layer = l.superlayer ?? l.maskOwner
        }
        return nil
    }

    // MARK: Presentation

    /// True when this layer or one below it holds an animation (running, waiting, or
    /// ended but kept by its fill mode): otherwise the presentation equals the model.
    public var subtreeHasAnimations: Bool {
        !animationRecords.isEmpty || sublayers.contains { $0.subtreeHasAnimations } || mask?.subtreeHasAnimations == true
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

    // MARK: Running

    /// True when an animation in this subtree still changes (or will change) what is seen
    /// after `time`: not ended, not frozen at speed 0. Endless repeats always run.
    public func hasRunningAnimations(at time: Double) -> Bool {
        if animationRecords.contains(where: { $0.isRunning(at: time) }) { return true }
        return sublayers.contains { $0.hasRunningAnimations(at: time) } || mask?.hasRunningAnimations(at: time) == true
    }

    /// True while a view animation without `.allowUserInteraction` runs on this layer.
    func isInteractionBlocked(at time: Double) -> Bool {
        animationRecords.contains { $0.blocksInteraction && $0.isRunning(at: time) && time >= $0.beginTime }
    }
}
