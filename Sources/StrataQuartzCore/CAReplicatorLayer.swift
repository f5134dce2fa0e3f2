import StrataModel

/// CAReplicatorLayer over Strata's ReplicatorLayer: iOS's types (`instanceCount` an Int,
/// the offsets Floats, `instanceColor` an optional CGColor whose nil is white).
open class CAReplicatorLayer: CALayer {
    open override class func makeStrataLayer() -> Layer { ReplicatorLayer() }
    private var replicator: ReplicatorLayer { strataLayer as! ReplicatorLayer }

    open var instanceCount: Int {
        get { replicator.instanceCount }
        set { replicator.instanceCount = newValue }
    }
    open var instanceDelay: CFTimeInterval {
        get { replicator.instanceDelay }
        set { replicator.instanceDelay = newValue }
    }
    open var instanceTransform: CATransform3D {
        get { CATransform3D(replicator.instanceTransform) }
        set { replicator.instanceTransform = newValue.strataTransform }
    }
    open var instanceColor: CGColor? {
        get { CGColor(replicator.instanceColor) }
        set { replicator.instanceColor = newValue?.strataColor ?? .white }
    }
    open var instanceRedOffset: Float {
        get { Float(replicator.instanceRedOffset) }
        set { replicator.instanceRedOffset = Double(newValue) }
    }
    open var instanceGreenOffset: Float {
        get { Float(replicator.instanceGreenOffset) }
        set { replicator.instanceGreenOffset = Double(newValue) }
    }
    open var instanceBlueOffset: Float {
        get { Float(replicator.instanceBlueOffset) }
        set { replicator.instanceBlueOffset = Double(newValue) }
    }
    open var instanceAlphaOffset: Float {
        get { Float(replicator.instanceAlphaOffset) }
        set { replicator.instanceAlphaOffset = Double(newValue) }
    }
    open var preservesDepth: Bool {
        get { replicator.preservesDepth }
        set { replicator.preservesDepth = newValue }
    }
}
