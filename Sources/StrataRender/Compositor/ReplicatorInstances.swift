import StrataModel

/// A replicator layer's copies in the draw list: each copy of the sublayers drawn as
/// ordinary sublayers are, through the copy's instance matrix, at its own time (the
/// presentation's delayed instances), its opacity multiplied by the copy's alpha and its
/// colours by the copy's red, green and blue (`ReplicatorLayer.instanceColor(at:)`).
extension DrawListBuilder {
    func visitInstances(of replicator: ReplicatorLayer, _ geometry: LayerGeometry, into out: inout [DrawCommand]) throws {
        for index in 0..<replicator.drawnInstanceCount {
            let color = replicator.instanceColor(at: index)
            if color.alpha <= 0 { continue }
            let mi = replicator.instanceMatrix(index)
            // The replicator's own geometry with the copy's matrix applied first: its
            // sublayers then hang from it as from the replicator.
            let base = LayerGeometry(layer: replicator, transform: mi.concatenating(geometry.transform),
                                     depthTransform: mi.concatenating(geometry.depthTransform))
            let subs = replicator.sublayers(ofInstance: index).enumerated().filter { !$0.element.isHidden }.sorted { a, b in
                a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
            }.map(\.element)
            let tint = color.red < 1 || color.green < 1 || color.blue < 1 ? color : nil
            var copy: [DrawCommand] = []
            for sub in subs {
                try visit(instanceGeometry(base, sub, preservesDepth: replicator.preservesDepth),
                          inheritedOpacity: color.alpha, into: &copy)
            }
            if let tint { copy = copy.map { $0.tinted(by: tint, scale: scale) } }
            out.append(contentsOf: copy)
        }
    }

    /// A sublayer under a copy: flattened into the replicator's plane, or keeping its z
    /// when the replicator preserves depth.
    private func instanceGeometry(_ base: LayerGeometry, _ sub: Layer, preservesDepth: Bool) -> LayerGeometry {
        guard preservesDepth else { return base.sublayer(sub) }
        let a = sub.transformToSuperlayer
        return LayerGeometry(layer: sub, transform: a.concatenating(base.transform),
                             depthTransform: a.concatenating(base.depthTransform))
    }
}

extension DrawCommand {
    /// The draw with its colours multiplied component-wise by `tint`'s red, green and
    /// blue (a replicator copy's colour). Images (contents, backing stores of contents)
    /// keep their texels: Strata multiplies colours, not textures.
    func tinted(by tint: Color, scale: Double) -> DrawCommand {
        func t(_ c: Color) -> Color {
            Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue, alpha: c.alpha)
        }
        switch self {
        case .layer(var d):
            d.backgroundColor = d.backgroundColor.map(t)
            d.borderColor = t(d.borderColor)
            if case .gradient(let type, let start, let end, let stops) = d.fill {
                d.fill = .gradient(type, start: start, end: end, stops: stops.map { GradientStop(location: $0.location, color: t($0.color)) })
            }
            // The store's key holds the colours: planned again from the tinted draw.
            d.backingStore = nil
            return .layer(BackingStorePlan.planned(d, scale: scale))
        case .shadow(var d):
            d.color = t(d.color)
            return .shadow(d)
        case .shadowPath(var d):
            d.color = t(d.color)
            return .shadowPath(d)
        case .text(var d):
            d.color = t(d.color)
            return .text(d)
        case .shape(var d):
            d.fillColor = t(d.fillColor)
            d.strokeColor = t(d.strokeColor)
            return .shape(d)
        default:
            return self
        }
    }
}
