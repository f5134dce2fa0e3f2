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
    /// At most this many copies are drawn (and presented at their delayed times), whatever
    /// `instanceCount` says: each copy is a whole subtree, so this bounds a frame's cost.
    public static let maximumDrawnInstances = 1_000
    /// The copies drawn: `instanceCount` within 0...`maximumDrawnInstances`.
    public var drawnInstanceCount: Int { min(max(0, instanceCount), ReplicatorLayer.maximumDrawnInstances) }
    /// Each copy's animations run this many seconds after the previous copy's.
    @Observed public var instanceDelay: Double = 0
    /// From one copy to the next, applied about the centre of the replicator's bounds.
    @Observed public var instanceTransform: Transform3D = .identity
    /// Multiplies the first copy's colours; the offsets are added once per later copy.
    @Observed public var instanceColor: Color = .white
    @Observed public var instanceRedOffset: Double = 0
    @Observed public var instanceGreenOffset: Double = 0
    @Observed public var instanceBlueOffset: Double = 0
    @Observed public var instanceAlphaOffset: Double = 0
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

    /// A presentation copy's delayed instances: each copy's sublayers presented at its
    /// own time, made as any presentation of a subtree is.
    override func completePresentation(from model: Layer, at time: Double) {
        super.completePresentation(from: model, at: time)
        guard instanceDelay != 0, drawnInstanceCount > 1, !model.sublayers.isEmpty else {
            if !delayedInstances.isEmpty { delayedInstances = [] }
            return
        }
        delayedInstances = (1..<drawnInstanceCount).map { i in
            model.sublayers.map { detachedPresentation(of: $0, at: time - Double(i) * instanceDelay) }
        }
    }

    open override class var declaration: LayerClassDeclaration { replicatorDeclaration }

    private static let replicatorDeclaration = LayerClassDeclaration("CAReplicatorLayer", inheriting: Layer.declaration,
                                                                     make: { ReplicatorLayer() }, [
        Declare<ReplicatorLayer>.property("instanceCount", \.instanceCount, "copies drawn, the sublayers themselves the first (at most 1,000 drawn)"),
        Declare<ReplicatorLayer>.animatable("instanceDelay", \.instanceDelay, "seconds each copy's animations run after the previous copy's"),
        Declare<ReplicatorLayer>.animatable("instanceTransform", \.instanceTransform, "from one copy to the next, about the bounds centre"),
        Declare<ReplicatorLayer>.animatable("instanceColor", \.instanceColor, "multiplies the first copy's colours (not contents images)"),
        Declare<ReplicatorLayer>.animatable("instanceRedOffset", \.instanceRedOffset, "added to the copy colour's red once per copy"),
        Declare<ReplicatorLayer>.animatable("instanceGreenOffset", \.instanceGreenOffset, "added to the copy colour's green once per copy"),
        Declare<ReplicatorLayer>.animatable("instanceBlueOffset", \.instanceBlueOffset, "added to the copy colour's blue once per copy"),
        Declare<ReplicatorLayer>.animatable("instanceAlphaOffset", \.instanceAlphaOffset, "added to the copy colour's alpha once per copy"),
        Declare<ReplicatorLayer>.property("preservesDepth", \.preservesDepth, "copies keep their z instead of flattening into the replicator"),
    ])
}
