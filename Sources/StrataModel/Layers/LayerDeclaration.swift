extension Layer {
    /// CALayer's properties, each declared once: what `Layer.declaration` returns and
    /// every subclass's declaration inherits. Geometry and opacity live in the layer's
    /// `LayerPlacement`, the rest in its shared `LayerStorage`; a presentation copy takes
    /// both whole. Those with sub-paths are read and written through closures, not key
    /// paths: animations write them for every layer every frame.
    static let layerDeclaration = LayerClassDeclaration("CALayer", inheriting: nil, make: { Layer() }, [
        Declare<Layer>.animatable("bounds", \.bounds, get: { $0.bounds }, set: { $0.bounds = $1 },
                           "the layer's own coordinate space; its size is what it draws"),
        Declare<Layer>.animatable("position", \.position, get: { $0.position }, set: { $0.position = $1 },
                           "where the anchor point sits in the superlayer"),
        Declare<Layer>.animatable("anchorPoint", \.anchorPoint, get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 },
                           "in unit coordinates of the bounds; the transform applies about it"),
        Declare<Layer>.animatable("anchorPointZ", \.anchorPointZ, copy: .withTheLayer, "the anchor point's z"),
        Declare<Layer>.property("frame", \.frame, copy: .view, snapshot: false,
                                "the transformed bounds in the superlayer; setting it sets bounds' size and position"),
        Declare<Layer>.animatable("zPosition", \.zPosition, copy: .withTheLayer, "depth: drawing order among siblings"),
        Declare<Layer>.animatable("transform", \.transform, get: { $0.transform }, set: { $0.transform = $1 },
                           "applied about the anchor point"),
        Declare<Layer>.animatable("sublayerTransform", \.sublayerTransform, get: { $0.sublayerTransform },
                           set: { $0.sublayerTransform = $1 }, "applied to the sublayers about the bounds' center"),
        Declare<Layer>.animatable("opacity", \.opacity, copy: .withTheLayer, "0 to 1; with sublayers, the group is composited once"),
        Declare<Layer>.property("hidden", \.isHidden, swift: "isHidden", copy: .withTheLayer, "not drawn, nor its sublayers"),
        Declare<Layer>.animatable("backgroundColor", \.backgroundColor, whenNil: { _ in .clear }, copy: .withTheLayer,
                           "filled under the content; nil animates as clear"),
        Declare<Layer>.animatable("cornerRadius", \.cornerRadius, copy: .withTheLayer, "rounds the background, border and clip"),
        Declare<Layer>.animatable("borderWidth", \.borderWidth, copy: .withTheLayer, "drawn inside the bounds, above everything"),
        Declare<Layer>.animatable("borderColor", \.borderColor, copy: .withTheLayer, "the border's colour"),
        Declare<Layer>.property("masksToBounds", \.masksToBounds, copy: .withTheLayer, "clips sublayers and contents to the rounded bounds"),
        Declare<Layer>.animatable("shadowColor", \.shadowColor, copy: .withTheLayer, "the shadow's colour"),
        Declare<Layer>.animatable("shadowOpacity", \.shadowOpacity, copy: .withTheLayer, "0 draws no shadow"),
        Declare<Layer>.animatable("shadowRadius", \.shadowRadius, copy: .withTheLayer, "the shadow's blur (sigma) in points"),
        Declare<Layer>.animatable("shadowOffset", \.shadowOffset, get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 },
                           "(0, -3) moves the shadow 3 pt up, as on iOS"),
        // Apple: "this property (as with all CGPathRef animatable properties) does not support implicit animation".
        Declare<Layer>.animatable("shadowPath", \.shadowPath, whenNil: { _ in Path() }, action: false, copy: .withTheLayer,
                           "the shadow's shape, filled non-zero; nil shadows the composited alpha"),
        Declare<Layer>.property("doubleSided", \.isDoubleSided, swift: "isDoubleSided", copy: .withTheLayer,
                         "when false, not drawn while facing away"),
        Declare<Layer>.property("contents", \.contents, copy: .withTheLayer, "a bitmap stretched over the bounds"),
        Declare<Layer>.property("name", \.name, copy: .withTheLayer, snapshot: false, scene: false, "for finding layers; a snapshot's id"),
    ])
}
