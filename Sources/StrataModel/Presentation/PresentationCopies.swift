import CPrefetch

// The presentation engine's copies (see `PresentationNode`): a copy of a layer tree with
// its animations applied, rewritten in place frame after frame, the models and records
// prefetched ahead of the walk and used without being retained.
extension Layer {
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
    func freshPresentation(at time: Double) -> Self {
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

    /// Makes a fresh copy (no superlayer, no clock to tell) a sublayer of this
    /// presentation copy, which takes all of them at once (`sublayerList`).
    func adopt(_ copy: Layer) {
        copy.parent = self
    }
}
