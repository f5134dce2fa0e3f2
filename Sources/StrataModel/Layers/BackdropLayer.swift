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

    open override func copyProperties(from layer: Layer) {
        super.copyProperties(from: layer)
        guard let b = layer as? BackdropLayer else { return }
        material = b.material
        groupName = b.groupName
    }
}
