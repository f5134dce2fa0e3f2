// How a `Transition` is drawn, with no help from the renderer: the layer's presentation
// when the transition was added is kept as a still snapshot (a presentation copy, which
// holds no animations), and while the transition runs, the superlayer's presentation copy
// draws that snapshot as a sibling of the layer's own copy, each moved and faded in the
// layer's plane as `Transition.frame` says. The superlayer holds a `TransitionHost`
// record naming the layer, so a presentation looks for transitions only under layers that
// hold animation records.

/// A transition on its layer: what `animation(forKey:)` returns and the delegate hears.
final class TransitionRecord: AnimationRecord {
    let transition: Transition
    /// The layer's presentation when the transition was added.
    let before: Layer

    init(key: String?, transition: Transition, beginTime: Double, groups: [CompletionGroup], before: Layer) {
        self.transition = transition
        self.before = before
        super.init(key: key, animation: transition, beginTime: beginTime, groups: groups)
    }

    /// The transition's frame at `time`, nil before it begins or once it no longer shows.
    func frame(at time: Double, size: Size) -> Transition.Frame? {
        guard applies(at: time), let state = transition.state(elapsed: time - beginTime) else { return nil }
        return transition.frame(progress: transition.progress(at: state), size: size)
    }
}

/// On the superlayer, for as long as the transition runs: which sublayer transitions.
/// It animates nothing itself and tells no one.
final class TransitionHostRecord: AnimationRecord {
    let layer: Layer
    let record: TransitionRecord

    init(layer: Layer, record: TransitionRecord) {
        self.layer = layer
        self.record = record
        var timing = record.transition.timing
        timing.beginTime = record.beginTime
        super.init(key: nil, animation: TransitionHost(timing: timing, isRemovedOnCompletion: record.transition.isRemovedOnCompletion),
                   beginTime: record.beginTime, groups: [])
    }

    /// The host changes nothing on screen by itself: its transition's record keeps the
    /// clock running.
    override func isRunning(at time: Double) -> Bool { false }
}

/// The host record's animation: the transition's timing, nothing applied.
struct TransitionHost: Animation {
    var timing: MediaTiming
    var timingFunction: TimingFunction?
    var isRemovedOnCompletion: Bool
    var delegate: AnimationDelegate?
    var completion: ((_ finished: Bool) -> Void)?
    var animatedKeyPaths: [String] { [] }
    func apply(_ state: TimingState, to layer: Layer) {}

    init(timing: MediaTiming, isRemovedOnCompletion: Bool) {
        self.timing = timing
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }
}

extension Layer {
    /// Adds `transition` with the snapshot of this layer now, and tells the superlayer.
    func addTransitionRecord(_ transition: Transition, forKey key: String?, beginTime: Double,
                             groups: [CompletionGroup]) -> AnimationRecord {
        let record = TransitionRecord(key: key, transition: transition, beginTime: beginTime, groups: groups,
                                      before: freshPresentation(at: clock?.now ?? 0))
        if let parent = superlayer {
            parent.animationRecords.append(TransitionHostRecord(layer: self, record: record))
        }
        return record
    }

    /// For a presentation copy whose `model` hosts transitions of its sublayers: each
    /// running one's snapshot inserted beside the sublayer's copy, both moved and faded.
    func presentTransitions(of model: Layer, at time: Double) {
        guard var copies = sublayerList, copies.count == model.sublayerList?.count else { return }
        let hosts = model.animationRecords.compactMap { $0 as? TransitionHostRecord }
        guard !hosts.isEmpty else { return }
        let models = model.sublayerList ?? []
        // Later sublayers first, so inserting keeps the earlier indices.
        let placed = hosts.compactMap { host -> (Int, TransitionHostRecord)? in
            guard host.layer.superlayer === model, host.layer.animationRecords.contains(where: { $0 === host.record }),
                  let i = models.firstIndex(where: { $0 === host.layer }) else { return nil }
            return (i, host)
        }.sorted { $0.0 > $1.0 }
        guard !placed.isEmpty else { return }
        var changed = false
        for (i, host) in placed {
            let current = copies[i]
            guard let frame = host.record.frame(at: time, size: current.bounds.size) else { continue }
            let old = host.record.before.freshPresentation(at: 0)
            old.name = nil
            old.bounds = current.bounds
            old.position = current.position
            old.anchorPoint = current.anchorPoint
            old.zPosition = current.zPosition
            old.transform = Transform3D.makeTranslation(frame.oldOffset.x, frame.oldOffset.y, 0).concatenating(current.transform)
            old.opacity = current.opacity * frame.oldOpacity
            current.transform = Transform3D.makeTranslation(frame.newOffset.x, frame.newOffset.y, 0)
                .concatenating(current.transform)
            current.opacity *= frame.newOpacity
            adopt(old)
            copies.insert(old, at: frame.oldOnTop ? i + 1 : i)
            changed = true
        }
        if changed { sublayerList = copies }
    }
}
