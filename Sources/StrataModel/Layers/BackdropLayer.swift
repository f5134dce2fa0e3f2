/// Core Animation's backdrop layer: it draws what has been drawn behind it, through its
/// `material` (blurred, saturated, tinted), clipped to its rounded bounds; its own
/// background, contents, sublayers and border come on top, as a layer's do.
///
/// Backdrop layers with the same `groupName` share one capture of what is behind the
/// first of them drawn in a frame (CABackdropLayer's groupName): the hairlines of an
/// alert sample the scene behind the alert's box, not the box.
open class BackdropLayer: Layer {
    /// nil draws no backdrop: the layer is an ordinary one.
    public var material: Material?
    public var groupName: String?

    public override init() { super.init() }

    open override var drawsOwnContent: Bool { super.drawsOwnContent || material != nil }

    open override class var declaration: LayerClassDeclaration { backdropDeclaration }

    private static let backdropDeclaration = LayerClassDeclaration("CABackdropLayer", inheriting: Layer.declaration,
                                                                   make: { BackdropLayer() }, [
        Declare<BackdropLayer>.property("material", \.material, scene: false, "blur, saturation and tint; nil draws no backdrop"),
        Declare<BackdropLayer>.property("groupName", \.groupName, kind: .name, "layers of one group share one capture"),
    ])
}
