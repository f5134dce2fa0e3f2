/// CAReplicatorLayer: draws its sublayers `instanceCount` times, each copy carried by
/// `instanceTransform` once more than the one before (about the replicator's bounds centre,
/// as Core Animation applies it), its colour multiplied by `instanceColor` plus the
/// offsets times the copy's index, and its animations running `instanceDelay` seconds
/// later per copy (a spinner's trail).
///
/// Names and defaults are CAReplicatorLayer's: one instance, the identity transform, no
/// delay, opaque white, zero offsets, `preservesDepth` false (copies flattened into the
/// replicator's plane, as an ordinary layer flattens its sublayers). `instanceDelay`,
/// `instanceTransform`, `instanceColor` and the four offsets animate.
open class ReplicatorLayer: Layer {
    public override init() { super.init() }

    /// Copies drawn, the sublayers themselves the first; 0 or less draws none.
    public var instanceCount = 1
    /// Each copy's animations run this many seconds after the previous copy's.
    public var instanceDelay: Double = 0 {
        didSet { animatablePropertyDidChange("instanceDelay", from: .double(oldValue)) }
    }
    /// From one copy to the next, applied about the centre of the replicator's bounds.
    public var instanceTransform: Transform3D = .identity {
        didSet { animatablePropertyDidChange("instanceTransform", from: .transform(oldValue)) }
    }
    /// Multiplies the first copy's colours; the offsets are added once per later copy.
    public var instanceColor: Color = .white {
        didSet { animatablePropertyDidChange("instanceColor", from: .color(oldValue)) }
    }
    public var instanceRedOffset: Double = 0 {
        didSet { animatablePropertyDidChange("instanceRedOffset", from: .double(oldValue)) }
    }
    public var instanceGreenOffset: Double = 0 {
        didSet { animatablePropertyDidChange("instanceGreenOffset", from: .double(oldValue)) }
    }
    public var instanceBlueOffset: Double = 0 {
        didSet { animatablePropertyDidChange("instanceBlueOffset", from: .double(oldValue)) }
    }
    public var instanceAlphaOffset: Double = 0 {
        didSet { animatablePropertyDidChange("instanceAlphaOffset", from: .double(oldValue)) }
    }
    /// True: the copies keep their z and share the replicator's 3D space, as a transform
    /// layer's sublayers do; false: flattened into the replicator's plane.
    public var preservesDepth = false

    /// In a presentation copy with a delay: for copies 1..<instanceCount, the sublayers'
    /// presentations at the copy's own time (time − index × delay). Empty otherwise: every
    /// copy draws `sublayers`.
    public internal(set) var delayedInstances: [[Layer]] = []

    /// Copy `index`'s matrix in the replicator's bounds space: the instance transform
    /// `index` times, about the bounds centre.
    public func instanceMatrix(_ index: Int) -> Transform3D {
        guard index > 0, instanceTransform != .identity else { return .identity }
        var step = Transform3D.identity
        for _ in 0..<index { step = step.concatenating(instanceTransform) }
        let c = bounds.center
        return Transform3D.makeTranslation(-c.x, -c.y, 0).concatenating(step).concatenating(.makeTranslation(c.x, c.y, 0))
    }

    /// Copy `index`'s colour: `instanceColor` plus `index` times each offset, each
    /// component clamped to 0...1.
    public func instanceColor(at index: Int) -> Color {
        let k = Double(max(0, index))
        func clamp(_ v: Double) -> Double { min(1, max(0, v)) }
        return Color(red: clamp(instanceColor.red + k * instanceRedOffset), green: clamp(instanceColor.green + k * instanceGreenOffset),
                     blue: clamp(instanceColor.blue + k * instanceBlueOffset), alpha: clamp(instanceColor.alpha + k * instanceAlphaOffset))
    }

    /// The sublayers copy `index` draws: their presentations at its delayed time where the
    /// copy has them, else the sublayers themselves.
    public func sublayers(ofInstance index: Int) -> [Layer] {
        index > 0 && index <= delayedInstances.count ? delayedInstances[index - 1] : sublayers
    }

    open override func copyProperties(from layer: Layer) {
        super.copyProperties(from: layer)
        guard let r = layer as? ReplicatorLayer else { return }
        instanceCount = r.instanceCount
        instanceDelay = r.instanceDelay
        instanceTransform = r.instanceTransform
        instanceColor = r.instanceColor
        instanceRedOffset = r.instanceRedOffset
        instanceGreenOffset = r.instanceGreenOffset
        instanceBlueOffset = r.instanceBlueOffset
        instanceAlphaOffset = r.instanceAlphaOffset
        preservesDepth = r.preservesDepth
    }

    /// A presentation copy's delayed instances: each copy's sublayers presented at its
    /// own time, made as any presentation of a subtree is.
    override func completePresentation(from model: Layer, at time: Double) {
        guard instanceDelay != 0, instanceCount > 1, !model.sublayers.isEmpty else {
            if !delayedInstances.isEmpty { delayedInstances = [] }
            return
        }
        delayedInstances = (1..<instanceCount).map { i in
            model.sublayers.map { detachedPresentation(of: $0, at: time - Double(i) * instanceDelay) }
        }
    }

    /// Adds the instance key paths ("instanceDelay", "instanceTransform" with its sub-paths
    /// rotation.z and the like are not split: the whole matrix animates, "instanceColor",
    /// the four offsets) to the layer's key paths.
    open override class var animatableProperties: AnimatableProperties { replicatorAnimatableProperties }

    private static let replicatorAnimatableProperties = AnimatableProperties([
        AnimatableProperty("instanceDelay", \ReplicatorLayer.instanceDelay),
        AnimatableProperty("instanceTransform", \ReplicatorLayer.instanceTransform),
        AnimatableProperty("instanceColor", \ReplicatorLayer.instanceColor),
        AnimatableProperty("instanceRedOffset", \ReplicatorLayer.instanceRedOffset),
        AnimatableProperty("instanceGreenOffset", \ReplicatorLayer.instanceGreenOffset),
        AnimatableProperty("instanceBlueOffset", \ReplicatorLayer.instanceBlueOffset),
        AnimatableProperty("instanceAlphaOffset", \ReplicatorLayer.instanceAlphaOffset),
    ], inheriting: Layer.animatableProperties)
}
