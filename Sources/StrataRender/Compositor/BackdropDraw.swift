import StrataModel

/// A backdrop layer's material: what its capture holds (blurred), saturated and tinted,
/// clipped to the rounded shape; drawn where the layer's fill would be, before it.
public struct BackdropDraw: Equatable {
    public var quad: Quad
    public var shape: RoundedRect
    public var material: Material
    public var opacity: Double
    /// The layer's groupName: draws of one group share a capture.
    public var groupName: String?
    /// Index in `DrawList.backdropCaptures`.
    public var capture: Int
    public var name: String?
}

/// What is behind one or more backdrop draws, read from the targets when the first of
/// them is drawn and blurred once.
public struct BackdropCapture: Equatable {
    /// Output pixels read: the pixel bounds of its draws, grown by three sigma, inside
    /// the frame.
    public var x: Int, y: Int, width: Int, height: Int
    /// The Gaussian's standard deviation in output pixels: the first draw's blur radius
    /// at the output scale, at most the frame's longer side (the capture is cut to the
    /// frame, so a wider blur shows nothing more, and its time stays bounded).
    public var sigma: Double
}

extension DrawListBuilder {
    /// The backdrop of `layer`, its capture not yet assigned (see `assignBackdropCaptures`).
    func backdropDraw(_ layer: BackdropLayer, material: Material, shape: RoundedRect, matrix m: Transform3D,
                      opacity: Double) -> BackdropDraw {
        BackdropDraw(quad: Quad(matrix: m, rect: grownForAntialiasing(layer.bounds, m)), shape: shape,
                     material: material, opacity: opacity, groupName: layer.groupName, capture: -1,
                     name: layer.name.map { $0 + ".backdrop" })
    }

    /// Gives every backdrop draw its capture: one per group name (the first draw's blur),
    /// one for each unnamed draw; each capture covers all its draws and their blur.
    func assignBackdropCaptures(_ list: inout DrawList) {
        var byGroup: [String: Int] = [:]
        var bounds: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for i in list.commands.indices {
            guard case .backdrop(var d) = list.commands[i] else { continue }
            let b = pixelBounds(d.quad)
            if let g = d.groupName, let c = byGroup[g] {
                d.capture = c
                bounds[c] = (min(bounds[c].minX, b.minX), min(bounds[c].minY, b.minY),
                             max(bounds[c].maxX, b.maxX), max(bounds[c].maxY, b.maxY))
            } else {
                d.capture = list.backdropCaptures.count
                if let g = d.groupName { byGroup[g] = d.capture }
                bounds.append(b)
                let sigma = min(max(0, d.material.blurRadius * scale), Double(max(pixelWidth, pixelHeight)))
                list.backdropCaptures.append(BackdropCapture(x: 0, y: 0, width: 0, height: 0, sigma: sigma))
            }
            list.commands[i] = .backdrop(d)
        }
        for (c, b) in bounds.enumerated() {
            let margin = 3 * list.backdropCaptures[c].sigma
            // Bounds of 1e308 points clamp to the frame instead of trapping.
            let x0 = max(0, Checked.clampedInt((b.minX - margin).rounded(.down))), y0 = max(0, Checked.clampedInt((b.minY - margin).rounded(.down)))
            let x1 = min(pixelWidth, Checked.clampedInt((b.maxX + margin).rounded(.up))), y1 = min(pixelHeight, Checked.clampedInt((b.maxY + margin).rounded(.up)))
            list.backdropCaptures[c].x = x0
            list.backdropCaptures[c].y = y0
            list.backdropCaptures[c].width = max(0, x1 - x0)
            list.backdropCaptures[c].height = max(0, y1 - y0)
        }
    }

    /// The output pixels a quad covers; the whole frame when it crosses the eye plane.
    private func pixelBounds(_ q: Quad) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let r = q.rect
        let vs = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)].map { q.matrix.apply(x: $0.0, y: $0.1) }
        guard vs.allSatisfy({ $0.w > 0 }) else { return (0, 0, Double(pixelWidth), Double(pixelHeight)) }
        let xs = vs.map { $0.x / $0.w }, ys = vs.map { $0.y / $0.w }
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }
}
