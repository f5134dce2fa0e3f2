/// CATransformLayer: its sublayers share one 3D space instead of being flattened into
/// this layer's plane. As in Core Animation, its own background, border, contents and
/// shadow are not drawn, and its opacity applies to each sublayer separately.
open class TransformLayer: Layer {
    open override var drawsOwnContent: Bool { false }

    open override class var declaration: LayerClassDeclaration { transformDeclaration }

    private static let transformDeclaration = LayerClassDeclaration("CATransformLayer", inheriting: Layer.declaration,
                                                                    make: { TransformLayer() }, [])
}
