/// Where each layer of a tree draws in a frame, as a pixel rectangle: what lets a failing
/// frame name the layers under its differing pixels. Computed through `LayerGeometry`,
/// the geometry the draw list and hit testing use, from a live tree or from a recorded
/// snapshot (rebuilt as a tree of the geometry keys alone), so both sides agree.
public enum LayerPixelBounds {
    /// Every layer under `root` in pre-order (the order of `LayerTreeSnapshot.flattened`),
    /// hidden ones too: the pixel rectangle its bounds and shadow cover in a frame drawn at
    /// `scale`, or nil when part of it projects to infinity (it may be anywhere).
    public static func rects(of root: Layer, scale: Double) -> [Rect?] {
        var out: [Rect?] = []
        func walk(_ g: LayerGeometry) {
            out.append(rect(g))
            for sub in g.layer.sublayers { walk(g.sublayer(sub)) }
        }
        walk(LayerGeometry(root: root, scale: scale))
        return out
    }

    /// The same for a recorded tree: its geometry keys on fresh layers of its classes.
    public static func rects(of snapshot: LayerTreeSnapshot, scale: Double) -> [Rect?] {
        rects(of: geometryLayer(snapshot), scale: scale)
    }

    private static func rect(_ g: LayerGeometry) -> Rect? {
        let l = g.layer
        var b = l.bounds
        if l.shadowOpacity > 0 {
            // A gaussian reaches about 3 sigma; the offset moves it.
            let reach = 3 * l.shadowRadius
            // A shadow path casts its own shape, wherever it lies.
            let caster = l.shadowPath.map { $0.isEmpty ? b : $0.boundingBox } ?? b
            b = b.union(Rect(x: caster.minX + l.shadowOffset.width - reach, y: caster.minY + l.shadowOffset.height - reach,
                             width: caster.width + 2 * reach, height: caster.height + 2 * reach))
        }
        var box: Rect?
        for corner in [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)] {
            guard let p = g.convertToRoot(corner) else { return nil }
            let dot = Rect(x: p.x, y: p.y, width: 0, height: 0)
            box = box.map { $0.union(dot) } ?? dot
        }
        return box
    }

    /// A tree of plain layers (transform layers where the snapshot has one, since they
    /// change how depth flattens) holding only the keys that place a layer and its shadow.
    static func geometryLayer(_ s: LayerTreeSnapshot) -> Layer {
        let layer: Layer = s.className == "CATransformLayer" ? TransformLayer() : Layer()
        func numbers(_ key: String, _ count: Int) -> [Double]? {
            guard case .numbers(let v)? = s.properties[key], v.count == count else { return nil }
            return v
        }
        func number(_ key: String) -> Double? {
            guard case .number(let v)? = s.properties[key] else { return nil }
            return v
        }
        if let b = numbers("bounds", 4) { layer.bounds = Rect(x: b[0], y: b[1], width: b[2], height: b[3]) }
        if let p = numbers("position", 2) { layer.position = Point(x: p[0], y: p[1]) }
        if let a = numbers("anchorPoint", 2) { layer.anchorPoint = Point(x: a[0], y: a[1]) }
        if let z = number("anchorPointZ") { layer.anchorPointZ = z }
        if let z = number("zPosition") { layer.zPosition = z }
        if let m = numbers("transform", 16) { layer.transform = Transform3D(elements: m) }
        if let m = numbers("sublayerTransform", 16) { layer.sublayerTransform = Transform3D(elements: m) }
        if let o = number("shadowOpacity") { layer.shadowOpacity = o }
        if let r = number("shadowRadius") { layer.shadowRadius = r }
        if let o = numbers("shadowOffset", 2) { layer.shadowOffset = Size(width: o[0], height: o[1]) }
        for sub in s.sublayers { layer.addSublayer(geometryLayer(sub)) }
        return layer
    }
}
