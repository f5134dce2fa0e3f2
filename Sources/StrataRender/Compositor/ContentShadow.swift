import StrataModel
import StrataShapes

/// The shadow of a layer's composited alpha, as Core Animation casts it when the layer
/// has no `shadowPath` and its shadow is not simply its rounded bounds: a container of
/// sublayers (the union of what they draw, their own shadows included), a text layer's
/// glyphs, a shape layer's fill and stroke. The layer's draws go into a group (an
/// offscreen target of the frame's size); before the group is put back, the renderer
/// blurs the group's alpha (averaged into blocks within sigma / 3, as backdrops are, then
/// a separable Gaussian), tints it, and draws it moved by the offset under the content.
///
/// The blur and the offset are taken to output pixels through the layer's matrix: exact
/// for moves, rotations and uniform scales (a shadow turns and scales with its layer, as
/// in CA); under perspective or a non-uniform scale the blur uses the mean magnification.
public struct ContentShadow: Equatable {
    /// The Gaussian's standard deviation in output pixels.
    public var sigma: Double
    /// shadowOffset in output pixels.
    public var offset: Point
    /// Straight alpha, shadowOpacity and the layer's opacity folded in.
    public var color: Color
    /// The output pixels the group's draws may cover, cut to the frame.
    public var region: PixelRect
    public var name: String?
}

extension ContentShadow {
    /// Whether `layer` casts the shadow of its composited alpha: it casts a visible
    /// shadow, has no shadow path, its shadow is not its bounds' (`castsBoundsShadow`),
    /// and it draws something (sublayers, text, a path).
    static func casts(_ layer: Layer, hasVisibleSublayers: Bool) -> Bool {
        guard layer.shadowOpacity > 0, layer.shadowColor.alpha > 0, layer.shadowPath == nil,
              !ShapeDraw.castsBoundsShadow(layer), (layer as? PageCurlLayer)?.isCurled != true else { return false }
        return hasVisibleSublayers || (layer as? TextLayer)?.hasVisibleText == true || layer.drawsOwnContent
    }

    /// Whether the layer's composited alpha is its rounded bounds, so its shadow is theirs
    /// (drawn in closed form, shadow-mask.frag): an opaque background or gradient (or
    /// contents, taken as filling the bounds), and nothing drawn outside them (every
    /// visible sublayer inside the bounds, casting no shadow and holding nothing that
    /// reaches out; or the layer clips). A translucent fill, a border alone or a badge
    /// sticking out casts the shadow of what is drawn, as in Core Animation.
    static func alphaIsRoundedBounds(_ layer: Layer) -> Bool {
        let opaque = layer.backgroundColor.map { $0.alpha >= 1 } ?? false || layer.contents != nil
            || (layer as? GradientLayer).map { !$0.colors.isEmpty && $0.resolvedStops.allSatisfy { $0.color.alpha >= 1 } } ?? false
        guard opaque else { return false }
        if layer.masksToBounds { return true }
        let b = layer.bounds
        // A shape layer's path may draw outside its bounds.
        if let shape = layer as? ShapeLayer, let e = ShapeGeometry(shape)?.extent,
           !(e.minX >= b.minX && e.minY >= b.minY && e.maxX <= b.maxX && e.maxY <= b.maxY) { return false }
        return layer.sublayers.allSatisfy { s in
            if s.isHidden || s.opacity <= 0 { return true }
            let f = s.frame
            return f.minX >= b.minX && f.minY >= b.minY && f.maxX <= b.maxX && f.maxY <= b.maxY
                && (s.shadowOpacity <= 0 || s.shadowColor.alpha <= 0) && (s.sublayers.isEmpty || s.masksToBounds)
                && !(s is TransformLayer)
        }
    }

    /// The shadow of the group holding `commands`, the draws of `layer` through `m`;
    /// nil when they cover no pixel of a `pixelWidth` x `pixelHeight` frame.
    static func planned(_ layer: Layer, matrix m: Transform3D, commands: ArraySlice<DrawCommand>, opacity: Double,
                        pixelWidth: Int, pixelHeight: Int) -> ContentShadow? {
        let frame = PixelRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)
        guard let drawn = pixelBounds(of: commands, in: frame) else { return nil }
        let region = PixelRect(x0: max(drawn.x0, 0), y0: max(drawn.y0, 0),
                               x1: min(drawn.x1, pixelWidth), y1: min(drawn.y1, pixelHeight))
        guard !region.isEmpty else { return nil }
        // The linear part (row vectors: x' = x m11 + y m21), w folded in at the anchor.
        let w = m.m44 != 0 && m.m44.isFinite ? m.m44 : 1
        let a = m.m11 / w, b = m.m12 / w, c = m.m21 / w, d = m.m22 / w
        let magnification = abs(a * d - b * c).squareRoot()
        let radius = layer.shadowRadius.isFinite ? max(0, layer.shadowRadius) : 0
        let o = layer.shadowOffset
        // At most 512 pixels (a blur wider than most frames): the blocks' cost stays bounded.
        let sigma = min(radius * magnification, 512)
        let offset = Point(x: o.width * a + o.height * c, y: o.width * b + o.height * d)
        guard sigma.isFinite, offset.x.isFinite, offset.y.isFinite,
              abs(offset.x) < 1e6, abs(offset.y) < 1e6, sigma < 1e5 else { return nil }
        let color = layer.shadowColor.withAlphaComponent(layer.shadowColor.alpha * layer.shadowOpacity * opacity)
        return ContentShadow(sigma: sigma, offset: offset, color: color, region: region,
                             name: layer.name.map { $0 + ".shadow" })
    }

    /// The pixel rectangle holding every draw of `commands`; the whole frame for one
    /// whose extent is unknown (crossing the eye plane).
    static func pixelBounds(of commands: ArraySlice<DrawCommand>, in frame: PixelRect) -> PixelRect? {
        var box: PixelRect?
        func add(_ q: Quad) {
            let r = OcclusionCulling.bounds(of: q, in: frame) ?? frame
            box = box.map { PixelRect(x0: min($0.x0, r.x0), y0: min($0.y0, r.y0), x1: max($0.x1, r.x1), y1: max($0.y1, r.y1)) } ?? r
        }
        for command in commands {
            switch command {
            case .layer(let d): add(d.quad)
            case .shadow(let d): add(d.quad)
            case .shadowPath(let d): add(d.quad)
            case .stack(let d): add(d.quad)
            case .shape(let d): add(d.quad)
            case .backdrop(let d): add(d.quad)
            case .text(let d):
                // Glyphs may stand out of the box: each line's ink within a line height of it.
                let h = d.layout.lineHeight
                for line in d.layout.lines {
                    add(Quad(matrix: d.matrix, rect: Rect(x: d.bounds.minX + line.x - h, y: d.bounds.minY + line.baseline - 1.5 * h,
                                                          width: line.width + 2 * h, height: 3 * h)))
                }
            case .endGroup(let c):
                if let curl = c.curl { add(curl.quad) }
            case .beginGroup, .endMask:
                break
            }
        }
        return box
    }
}
