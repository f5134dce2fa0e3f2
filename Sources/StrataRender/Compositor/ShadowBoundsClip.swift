import StrataModel

/// `masksToBounds` clips a layer's shadow too, as in Core Animation (where a view that
/// clips to its bounds shows no shadow outside them: the reason iOS code casts a clipped
/// card's shadow from a container layer). The shadow is drawn into a group put back
/// through the rounded bounds; under an opaque fill it is not drawn at all, since the fill
/// hides all of it that the clip leaves.
extension DrawListBuilder {
    /// The shadow drawn into `out` from `start` (nothing, a bounds or a path shadow), cut
    /// to the rounded bounds of `layer`, a layer that masks to its bounds.
    func clipShadowToBounds(_ layer: Layer, drawnFrom start: Int, matrix m: Transform3D, shape: RoundedRect, opacity: Double,
                            _ out: inout [DrawCommand]) {
        guard out.count > start else { return }
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
