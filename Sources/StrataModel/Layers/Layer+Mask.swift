// CALayer's `mask`, `maskedCorners` and `cornerCurve`: what shapes and cuts a layer's
// drawing. Stored in the layer's `LayerProperties` like its other appearance.
extension Layer {
    /// CALayer.mask: a layer whose alpha (its own drawing and its sublayers', composited)
    /// masks this layer's shadow, content, border and sublayers. It lies in this layer's
    /// coordinate space, as a sublayer would (its position in these bounds; this layer's
    /// sublayerTransform does not move it), but it is no sublayer: its `superlayer` stays
    /// nil. Its properties animate as any layer's do, on this layer's tree's clock.
    public var mask: Layer? {
        get { storage.values.mask }
        set {
            precondition(newValue !== self, "a layer cannot be its own mask")
            if let old = storage.values.mask, old !== newValue, old.storage.values.maskedLayer === self {
                old.properties.maskedLayer = nil
            }
            newValue?.properties.maskedLayer = self
            properties.mask = newValue
            if !isPresentation, newValue != nil, let clock { clock.animationsChanged() }
        }
    }

    /// Which corners `cornerRadius` rounds; every one by default.
    public var maskedCorners: CornerMask {
        get { storage.values.maskedCorners }
        set { properties.maskedCorners = newValue }
    }

    /// The curve of the rounded corners: circular (the default) or UIKit's continuous.
    public var cornerCurve: CornerCurve {
        get { storage.values.cornerCurve }
        set { properties.cornerCurve = newValue }
    }

    /// The layer this one masks, if it is a mask: where its clock is found.
    var maskOwner: Layer? { storage.values.maskedLayer }
}

extension CornerMask: DeclaredValue {
    /// The names of the corners it holds, in Apple's bit order.
    public init?(sceneValue value: Any, current: CornerMask?) {
        guard let names = value as? [String] else { return nil }
        var mask = CornerMask()
        for n in names {
            guard let c = CornerMask.named.first(where: { $0.name == n }) else { return nil }
            mask.insert(c.corner)
        }
        self = mask
    }
    public var snapshotValue: SnapshotValue { .texts(CornerMask.named.filter { contains($0.corner) }.map(\.name)) }
    public static var kind: PropertyValueKind { .choiceSet(named.map(\.name), noun: "corner") }
}

extension CornerCurve: DeclaredChoice { public static var noun: String { "corner curve" } }

extension Layer: DeclaredValue {
    /// A mask as a snapshot names it: its class and name.
    public var snapshotValue: SnapshotValue { .text(type(of: self).declaration.className + (name.map { " " + $0 } ?? "")) }
    /// Scene files give a mask as a layer object, read with the layer's own keys.
    public static var kind: PropertyValueKind { .other }
}
