import StrataModel

/// CATransformLayer over Strata's TransformLayer: sublayers share one 3D space.
open class CATransformLayer: CALayer {
    open override class func makeStrataLayer() -> Layer { TransformLayer() }
}
