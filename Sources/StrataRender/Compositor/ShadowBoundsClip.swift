import StrataModel

/// Where a layer's shadow enters its walk (`DrawListBuilder.visit`), besides the bounds
/// shadow drawn in closed form: the group of a shadow of what the layer composites
/// (`ContentShadow`), begun before and ended after all the layer draws; its shadow path
/// (`ShadowPathDraw`), drawn after the bounds shadow's place, before any content.
///
/// `masksToBounds` clips a layer's shadow too, as in Core Animation (a view that clips to
/// its bounds shows no shadow outside them: why iOS code casts a clipped card's shadow
/// from a container layer). The shadow is drawn into a group put back through the
/// rounded bounds; under an opaque fill it is not drawn at all, since the fill hides all
/// of it that the clip leaves.
extension DrawListBuilder {
    /// Opens the group of `layer`'s content shadow (inside a clip group when it masks to
    /// its bounds); the index its draws start at, nil when it casts none.
    func beginContentShadow(_ layer: Layer, hasVisibleSublayers: Bool, into out: inout [DrawCommand]) -> Int? {
        guard ContentShadow.casts(layer, hasVisibleSublayers: hasVisibleSublayers) else { return nil }
        if layer.masksToBounds { out.append(.beginGroup) }
        out.append(.beginGroup)
        return out.count
    }

    /// Closes the group `beginContentShadow` opened at `start`, with the shadow of its draws.
    /// The layer's opacity is already in them (its draws or its own group).
    func endContentShadow(_ start: Int?, _ layer: Layer, matrix m: Transform3D, shape: RoundedRect,
                          into out: inout [DrawCommand]) {
        guard let start else { return }
        let shadow = ContentShadow.planned(layer, matrix: m, commands: out[start...], opacity: 1,
                                           pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        out.append(.endGroup(GroupComposite(opacity: 1, mask: nil, shadow: shadow)))
        if layer.masksToBounds { out.append(.endGroup(boundsClip(shape, matrix: m))) }
    }

    /// Appends `layer`'s shadowPath shadow, if it casts one, and clips the bounds or path
    /// shadow just drawn to the rounded bounds when the layer masks to them. A `.shadow`
    /// last in `out` is this layer's: a bounds shadow is always followed by its fill.
    func castShadowPath(_ layer: Layer, matrix m: Transform3D, shape: RoundedRect, opacity: Double,
                        into out: inout [DrawCommand]) {
        var start = out.count
        if let last = out.last, case .shadow = last { start -= 1 }
        if let path = layer.shadowPath, layer.shadowOpacity > 0, layer.shadowColor.alpha > 0,
           let d = ShadowPathDraw.planned(layer, path: path, matrix: m, scale: scale, opacity: opacity) {
            out.append(.shadowPath(d))
        }
        guard layer.masksToBounds, out.count > start else { return }
        if opacity >= 1 && hasOpaqueFill(layer) {
            out.removeSubrange(start...)
            return
        }
        out.insert(.beginGroup, at: start)
        out.append(.endGroup(boundsClip(shape, matrix: m)))
    }

    /// A group composite clipped to the rounded bounds `shape` through `m`.
    func boundsClip(_ shape: RoundedRect, matrix m: Transform3D) -> GroupComposite {
        GroupComposite(opacity: 1, mask: (Quad(matrix: m, rect: grownForAntialiasing(shape.rect, m)), shape))
    }
}
