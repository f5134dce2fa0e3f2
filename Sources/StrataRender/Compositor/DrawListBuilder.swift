import StrataModel
import StrataText

/// Walks a layer tree into a `DrawList` with Core Animation's compositing rules:
/// - an ordinary layer flattens its sublayers into its own plane, drawn in sublayer
///   order (stable by zPosition): shadow, fill, sublayers, border;
/// - a TransformLayer's sublayers share one 3D space and are sorted back to front by
///   the depth of their centers; its opacity multiplies into each sublayer;
/// - opacity on a layer with sublayers composites the whole group at once, through an
///   offscreen target; masksToBounds clips sublayers to the rounded bounds the same way;
/// - a layer with isDoubleSided false that faces away is skipped with its sublayers;
/// - a text layer's string is laid out and its glyphs placed here, so the list is a
///   whole description of the frame that GL only rasterises and draws.
public struct DrawListBuilder {
    public let scale: Double
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Lays out text layers' strings (its cache keeps layouts from frame to frame).
    public let fontLibrary: FontLibrary
    /// The root whose background became the clear color, so it is not drawn again.
    private var backgroundAsClear: ObjectIdentifier?

    public init(pixelWidth: Int, pixelHeight: Int, scale: Double, fontLibrary: FontLibrary = .shared) {
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.scale = scale
        self.fontLibrary = fontLibrary
    }

    /// The root stands for the window: its bounds fill the output, whatever its position.
    /// Throws when a text layer's font cannot be loaded.
    public func build(root: Layer) throws -> DrawList {
        var list = DrawList(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        // A draw or so per layer: room for them at once, not grown (and copied) by doubling.
        list.commands.reserveCapacity(Self.layersNearTheTop(root) + 8)
        var builder = self
        // An opaque root background fills the whole frame: clearing to it costs nothing,
        // drawing it costs a full-screen quad.
        if let bg = root.backgroundColor, bg.alpha >= 1, root.opacity >= 1, !root.isHidden,
           root.cornerRadius == 0, root.borderWidth == 0, root.mask == nil, root.contents == nil, !(root is GradientLayer),
           !(root is TransformLayer), root.shadowOpacity == 0 || root.shadowColor.alpha == 0 {
            list.clearColor = bg
            builder.backgroundAsClear = ObjectIdentifier(root)
        }
        try builder.visit(LayerGeometry(root: root, scale: scale), inheritedOpacity: 1, into: &list.commands)
        assignBackdropCaptures(&list)
        StackDraw.coalesce(&list)
        return list
    }

    /// The root, its sublayers and theirs: where the layers of a big tree usually are
    /// (a table's cells, a carousel's planes), counted without walking the whole tree.
    private static func layersNearTheTop(_ root: Layer) -> Int {
        var n = 1
        for s in root.sublayers { n += 1 + s.sublayers.count }
        return n
    }

    /// The local-to-pixel matrix of every layer in the tree, keyed by identity (for
    /// tests): the same matrices the draws use.
    public func matrices(root: Layer) -> [ObjectIdentifier: Transform3D] {
        var out: [ObjectIdentifier: Transform3D] = [:]
        func walk(_ g: LayerGeometry) {
            out[ObjectIdentifier(g.layer)] = g.transform
            for s in g.layer.sublayers { walk(g.sublayer(s)) }
        }
        walk(LayerGeometry(root: root, scale: scale))
        return out
    }

    // MARK: Traversal

    func visit(_ geometry: LayerGeometry, inheritedOpacity: Double, into out: inout [DrawCommand]) throws {
        let layer = geometry.layer, m = geometry.transform
        if layer.isHidden { return }
        let opacity = inheritedOpacity * layer.opacity
        if opacity <= 0 { return }
        if let context = layer as? TransformLayer {
            try visitContext(context, geometry, inheritedOpacity: opacity, into: &out)
            return
        }
        if !layer.isDoubleSided && isBackFacing(layer.bounds, m) { return }

        let hasVisibleSublayers = layer.sublayers.contains { !$0.isHidden && $0.opacity > 0 }
        // The shadow of what the layer composites (ContentShadow): its draws go into a group first.
        let contentShadow = beginContentShadow(layer, hasVisibleSublayers: hasVisibleSublayers, into: &out)
        // A curled page is drawn flat into a group first, then bent as it is put back.
        let curl = (layer as? PageCurlLayer).flatMap { $0.isCurled ? $0 : nil }
        // A mask's composite takes the layer's opacity: no group of its own for it.
        let mask = layer.mask
        let asGroup = (opacity < 1 && hasVisibleSublayers && mask == nil) || curl != nil
        let drawOpacity = asGroup || mask != nil ? 1 : opacity
        if asGroup { out.append(.beginGroup) }
        if mask != nil { out.append(.beginGroup) }

        let shape = RoundedRect(layer: layer)
        if ShapeDraw.castsBoundsShadow(layer) && layer.shadowOpacity > 0 && layer.shadowColor.alpha > 0 {
            var shadow = shadowDraw(layer, shape: shape, matrix: m, opacity: drawOpacity)
            if drawOpacity >= 1 && hasOpaqueFill(layer) {
                // The layer is drawn next and hides this part of its shadow; inset by the
                // corner radius and a point, so rounded and anti-aliased edges stay exact.
                let inset = shape.cornerExtent + 1
                if layer.bounds.width > 2 * inset && layer.bounds.height > 2 * inset {
                    shadow.occluder = layer.bounds.insetBy(dx: inset, dy: inset)
                }
            }
            out.append(.shadow(shadow))
        }
        castShadowPath(layer, matrix: m, shape: shape, opacity: drawOpacity, into: &out)
        if let backdrop = layer as? BackdropLayer, let material = backdrop.material {
            out.append(.backdrop(backdropDraw(backdrop, material: material, shape: shape, matrix: m, opacity: drawOpacity)))
        }
        let text = (layer as? TextLayer).flatMap { $0.hasVisibleText ? $0 : nil }
        let path = (layer as? ShapeLayer).flatMap {
            ShapeDraw.planned($0, matrix: m, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight, opacity: drawOpacity,
                              clip: layer.masksToBounds ? shape : nil)
        }
        let borderAfterSublayers = (hasVisibleSublayers || text != nil || path != nil) && layer.borderWidth > 0
        let fill = fillOf(layer)
        let background = backgroundAsClear == ObjectIdentifier(layer) ? nil : layer.backgroundColor
        let hasFill = fill != .none || (background.map { $0.alpha > 0 } ?? false)
        if hasFill || (layer.borderWidth > 0 && !borderAfterSublayers) {
            var draw = LayerDraw(
                quad: Quad(matrix: m, rect: grownForAntialiasing(layer.bounds, m)), shape: shape,
                backgroundColor: background, fill: fill,
                borderWidth: borderAfterSublayers ? 0 : layer.borderWidth, borderColor: layer.borderColor,
                opacity: drawOpacity, name: layer.name)
            // Contents past the bounds (unclipped) need fragments there too.
            if case .contents(let c) = fill, !c.clipped { draw.quad.rect = grownForAntialiasing(draw.contentExtent, m) }
            out.append(.layer(BackingStorePlan.planned(draw, scale: scale)))
        }
        if let path { out.append(.shape(path)) }
        if let text {
            out.append(.text(try textDraw(text, shape: shape, matrix: m, opacity: drawOpacity)))
        }

        if hasVisibleSublayers {
            let clips = layer.masksToBounds
            if clips { out.append(.beginGroup) }
            if let replicator = layer as? ReplicatorLayer, replicator.instanceCount != 1 {
                try visitInstances(of: replicator, geometry, into: &out)
            } else {
                try geometry.forEachSublayerInDrawingOrder { sub in
                    try visit(sub, inheritedOpacity: 1, into: &out)
                }
            }
            if clips {
                out.append(.endGroup(GroupComposite(
                    opacity: 1, mask: (Quad(matrix: m, rect: grownForAntialiasing(layer.bounds, m)), shape))))
            }
        }

        if borderAfterSublayers {
            out.append(.layer(BackingStorePlan.planned(LayerDraw(
                quad: Quad(matrix: m, rect: grownForAntialiasing(layer.bounds, m)), shape: shape,
                backgroundColor: nil, fill: .none, borderWidth: layer.borderWidth, borderColor: layer.borderColor,
                opacity: drawOpacity, name: layer.name.map { $0 + ".border" }), scale: scale)))
        }
        if let mask {
            // The mask alone in a group of its own, in this layer's space as a sublayer
            // would be: its alpha then masks the group above.
            out.append(.beginGroup)
            try visit(geometry.sublayer(mask), inheritedOpacity: 1, into: &out)
            out.append(.endMask(opacity: asGroup ? 1 : opacity))
        }
        if asGroup {
            out.append(.endGroup(GroupComposite(opacity: opacity, mask: nil, curl: curl.map { curlDraw($0, matrix: m) })))
        }
        endContentShadow(contentShadow, layer, matrix: m, shape: shape, into: &out)
    }

    /// A transform layer draws nothing itself: the layers of its 3D space are drawn back
    /// to front, each as a flat unit, with the opacity of the transform layers above it.
    private func visitContext(_ context: TransformLayer, _ geometry: LayerGeometry,
                              inheritedOpacity: Double, into out: inout [DrawCommand]) throws {
        for participant in geometry.sublayersInDrawingOrder {
            try visit(participant, inheritedOpacity: opacity(of: participant.layer, under: context, inherited: inheritedOpacity),
                  into: &out)
        }
    }

    /// `inherited` times the opacity of each nested transform layer between `context`
    /// and `layer`, outermost first.
    private func opacity(of layer: Layer, under context: TransformLayer, inherited: Double) -> Double {
        var nested: [Layer] = []
        var parent = layer.superlayer
        while let p = parent, p !== context {
            nested.append(p)
            parent = p.superlayer
        }
        return nested.reversed().reduce(inherited) { $0 * $1.opacity }
    }

    // MARK: Pieces

    private func fillOf(_ layer: Layer) -> Fill {
        if let g = layer as? GradientLayer, !g.colors.isEmpty {
            return .gradient(g.type, start: g.startPoint, end: g.endPoint,
                             stops: g.resolvedStops.map { GradientStop(location: $0.location, color: $0.color) })
        }
        if let contents = ContentsDraw.of(layer) { return .contents(contents) }
        return .none
    }

    /// True when the layer's fill covers its whole rounded shape with alpha 1.
    func hasOpaqueFill(_ layer: Layer) -> Bool {
        if let bg = layer.backgroundColor, bg.alpha >= 1 { return true }
        if let g = layer as? GradientLayer, !g.colors.isEmpty {
            return g.resolvedStops.allSatisfy { $0.color.alpha >= 1 }
        }
        return false
    }

    private func shadowDraw(_ layer: Layer, shape: RoundedRect, matrix m: Transform3D, opacity: Double) -> ShadowDraw {
        var moved = shape
        moved.rect.origin.x += layer.shadowOffset.width
        moved.rect.origin.y += layer.shadowOffset.height
        let sigma = max(0, layer.shadowRadius)
        let extent = 3 * sigma
        let grown = moved.rect.insetBy(dx: -extent, dy: -extent)
        let color = layer.shadowColor.withAlphaComponent(layer.shadowColor.alpha * layer.shadowOpacity * opacity)
        return ShadowDraw(quad: Quad(matrix: m, rect: grownForAntialiasing(grown, m)), shape: moved,
                          sigma: sigma, color: color, occluder: nil, name: layer.name.map { $0 + ".shadow" })
    }

    /// CATextLayer draws its string as its content: in the fill's place, in its plane.
    private func textDraw(_ layer: TextLayer, shape: RoundedRect, matrix m: Transform3D, opacity: Double) throws -> TextDraw {
        let s = scale
        let onGrid = abs(m.m11 - s) < 1e-6 && abs(m.m22 - s) < 1e-6 && abs(m.m12) < 1e-9 && abs(m.m21) < 1e-9
            && abs(m.m14) < 1e-12 && abs(m.m24) < 1e-12 && abs(m.m44 - 1) < 1e-12
        let offset = onGrid ? Point(x: m.m41, y: m.m42) : .zero
        let toPixels = onGrid ? Transform3D.identity
            : Transform3D.makeTranslation(-offset.x, -offset.y, 0).concatenating(.makeScale(1 / s, 1 / s, 1)).concatenating(m)
        let b = layer.bounds
        let layout = try fontLibrary.layout(layer.string ?? "", style: layer.style, width: b.width, height: b.height)
        let placement = TextPlacement(layout: layout, origin: Point(x: b.minX * s + offset.x, y: b.minY * s + offset.y),
                                      scale: s)
        return TextDraw(matrix: m, bounds: b, layout: layout, glyphs: placement.glyphs, isOnPixelGrid: onGrid,
                        rasterOffset: offset, rasterToPixels: toPixels, color: layer.foregroundColor,
                        opacity: opacity, scale: s, clip: layer.masksToBounds ? shape : nil,
                        name: layer.name.map { $0 + ".text" })
    }

    /// The curl's parameters, and a quad over the page and wherever the flap can fall:
    /// each corner past the fold, folded back over it (p - (2s - pi r) d for a corner s
    /// past the fold), plus the roll's radius.
    private func curlDraw(_ layer: PageCurlLayer, matrix m: Transform3D) -> PageCurlDraw {
        let b = layer.bounds, d = layer.curlDirectionVector, r = layer.curlRadius
        var minX = b.minX, minY = b.minY, maxX = b.maxX, maxY = b.maxY
        for c in [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY),
                  Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)] {
            let s = layer.distancePastFold(c)
            guard s > 0 else { continue }
            let back = max(0, 2 * s - Double.pi * r)
            let x = c.x - back * d.x, y = c.y - back * d.y
            minX = min(minX, x - r); maxX = max(maxX, x + r)
            minY = min(minY, y - r); maxY = max(maxY, y + r)
        }
        let area = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        return PageCurlDraw(quad: Quad(matrix: m, rect: grownForAntialiasing(area, m)), page: b,
                            corner: layer.liftedCorner, direction: d, distance: layer.curlDistance,
                            radius: r, name: layer.name.map { $0 + ".curl" })
    }

    /// Grows a rectangle by about 1.5 output pixels, measured at its most magnified edge,
    /// so the anti-aliased rim outside the shape gets fragments.
    func grownForAntialiasing(_ r: Rect, _ m: Transform3D) -> Rect {
        guard let pixelsPerPoint = m.smallestMagnification(of: r) else { return r.insetBy(dx: -2, dy: -2) }
        let margin = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? min(1.5 / pixelsPerPoint, 8) : 2
        return r.insetBy(dx: -margin, dy: -margin)
    }

    /// True when the bounds, as drawn by `m`, show their back: the projected corners wind
    /// the other way round. A layer crossing the eye plane (w <= 0) counts as facing.
    func isBackFacing(_ r: Rect, _ m: Transform3D) -> Bool {
        guard let ps = m.pixelCorners(of: r) else { return false }
        // The shoelace sum, edge by edge in order round the rectangle.
        var area = 0.0
        area += ps.0.x * ps.1.y - ps.1.x * ps.0.y
        area += ps.1.x * ps.2.y - ps.2.x * ps.1.y
        area += ps.2.x * ps.3.y - ps.3.x * ps.2.y
        area += ps.3.x * ps.0.y - ps.0.x * ps.3.y
        return area < 0
    }
}
