extension Layer {
    /// The key paths a `Layer` animates, read and written as `AnimationValue`s: Core
    /// Animation's KVC names, each declared once here (`Layer.animatableProperties`);
    /// subclasses add theirs with tables inheriting this one. Built once, since animations
    /// look their key path up every frame.
    ///
    /// | key path | value |
    /// | --- | --- |
    /// | position, anchorPoint, bounds.origin | point; `.x`, `.y` double |
    /// | bounds | rect; bounds.size (size; `.width`, `.height`) |
    /// | zPosition, anchorPointZ, opacity, cornerRadius, borderWidth, shadowOpacity, shadowRadius | double |
    /// | backgroundColor, borderColor, shadowColor | color (a nil background reads as clear) |
    /// | shadowOffset | size; `.width`, `.height` double |
    /// | transform, sublayerTransform | transform, and the sub-paths below |
    /// | `….translation` | size (x, y); `.x`, `.y`, `.z` double |
    /// | `….rotation` (= rotation.z), `.rotation.x`, `.y`, `.z` | radians |
    /// | `….scale` (mean of x, y, z; sets all three), `.scale.x`, `.y`, `.z` | double |
    ///
    /// Transform sub-paths read the decomposition (`DecomposedTransform`) and write by
    /// changing that one part and recomposing; a translation of a matrix without
    /// perspective is written straight into m41...m43, so other elements stay exact.
    static let layerAnimatableProperties = AnimatableProperties([
        property("position", { $0.position }, { $0.position = $1 }),
        property("position.x", { $0.position.x }, { $0.position.x = $1 }),
        property("position.y", { $0.position.y }, { $0.position.y = $1 }),
        property("anchorPoint", { $0.anchorPoint }, { $0.anchorPoint = $1 }),
        property("anchorPoint.x", { $0.anchorPoint.x }, { $0.anchorPoint.x = $1 }),
        property("anchorPoint.y", { $0.anchorPoint.y }, { $0.anchorPoint.y = $1 }),
        property("anchorPointZ", { $0.anchorPointZ }, { $0.anchorPointZ = $1 }),
        property("zPosition", { $0.zPosition }, { $0.zPosition = $1 }),
        property("bounds", { $0.bounds }, { $0.bounds = $1 }),
        property("bounds.origin", { $0.bounds.origin }, { $0.bounds.origin = $1 }),
        property("bounds.origin.x", { $0.bounds.origin.x }, { $0.bounds.origin.x = $1 }),
        property("bounds.origin.y", { $0.bounds.origin.y }, { $0.bounds.origin.y = $1 }),
        property("bounds.size", { $0.bounds.size }, { $0.bounds.size = $1 }),
        property("bounds.size.width", { $0.bounds.size.width }, { $0.bounds.size.width = $1 }),
        property("bounds.size.height", { $0.bounds.size.height }, { $0.bounds.size.height = $1 }),
        property("opacity", { $0.opacity }, { $0.opacity = $1 }),
        property("cornerRadius", { $0.cornerRadius }, { $0.cornerRadius = $1 }),
        property("borderWidth", { $0.borderWidth }, { $0.borderWidth = $1 }),
        property("borderColor", { $0.borderColor }, { $0.borderColor = $1 }),
        AnimatableProperty("backgroundColor", get: { (layer: Layer) in (layer.backgroundColor ?? .clear).animationValue },
                           set: { layer, value in
                               guard let c = Color(animationValue: value) else { return false }
                               layer.backgroundColor = c
                               return true
                           }),
        property("shadowColor", { $0.shadowColor }, { $0.shadowColor = $1 }),
        property("shadowOpacity", { $0.shadowOpacity }, { $0.shadowOpacity = $1 }),
        property("shadowRadius", { $0.shadowRadius }, { $0.shadowRadius = $1 }),
        property("shadowOffset", { $0.shadowOffset }, { $0.shadowOffset = $1 }),
        property("shadowOffset.width", { $0.shadowOffset.width }, { $0.shadowOffset.width = $1 }),
        property("shadowOffset.height", { $0.shadowOffset.height }, { $0.shadowOffset.height = $1 }),
        property("transform", { $0.transform }, { $0.transform = $1 }),
        property("sublayerTransform", { $0.sublayerTransform }, { $0.sublayerTransform = $1 }),
    ] + transformParts("transform", { $0.transform }, { $0.transform = $1 })
      + transformParts("sublayerTransform", { $0.sublayerTransform }, { $0.sublayerTransform = $1 }))

    /// A property read and written whole through closures: a key path would be applied
    /// through the runtime, and animations read and write these for every layer every frame.
    private static func property<Value: AnimationValueConvertible>(_ keyPath: String, _ get: @escaping (Layer) -> Value,
                                                                  _ set: @escaping (Layer, Value) -> Void) -> AnimatableProperty {
        AnimatableProperty(keyPath, get: { (layer: Layer) in get(layer).animationValue }, set: { layer, value in
            guard let v = Value(animationValue: value) else { return false }
            set(layer, v)
            return true
        })
    }

    private static func transformParts(_ name: String, _ get: @escaping (Layer) -> Transform3D,
                                       _ set: @escaping (Layer, Transform3D) -> Void) -> [AnimatableProperty] {
        TransformPart.allCases.map { part in
            AnimatableProperty(name + "." + part.rawValue, get: { (layer: Layer) in
                Layer.component(part, of: get(layer))
            }, set: { layer, value in
                guard let t = Layer.setting(part, of: get(layer), to: value) else { return false }
                set(layer, t)
                return true
            })
        }
    }

    /// Whether a matrix's translation can be read and written in m41...m43 directly.
    private static func hasPlainTranslation(_ t: Transform3D) -> Bool {
        t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
    }

    static func component(_ part: TransformPart, of t: Transform3D) -> AnimationValue? {
        if hasPlainTranslation(t) {
            switch part {
            case .translation: return .size(Size(width: t.m41, height: t.m42))
            case .translationX: return .double(t.m41)
            case .translationY: return .double(t.m42)
            case .translationZ: return .double(t.m43)
            default: break
            }
        }
        let d = DecomposedTransform(t)
        switch part {
        case .translation: return .size(Size(width: d.translation[0], height: d.translation[1]))
        case .translationX: return .double(d.translation[0])
        case .translationY: return .double(d.translation[1])
        case .translationZ: return .double(d.translation[2])
        case .scale: return .double((d.scale[0] + d.scale[1] + d.scale[2]) / 3)
        case .scaleX: return .double(d.scale[0])
        case .scaleY: return .double(d.scale[1])
        case .scaleZ: return .double(d.scale[2])
        case .rotation, .rotationZ: return .double(d.eulerAngles.z)
        case .rotationX: return .double(d.eulerAngles.x)
        case .rotationY: return .double(d.eulerAngles.y)
        }
    }

    static func setting(_ part: TransformPart, of t: Transform3D, to value: AnimationValue) -> Transform3D? {
        if hasPlainTranslation(t) {
            var r = t
            switch (part, value) {
            case (.translation, .size(let s)): r.m41 = s.width; r.m42 = s.height; return r
            case (.translationX, .double(let v)): r.m41 = v; return r
            case (.translationY, .double(let v)): r.m42 = v; return r
            case (.translationZ, .double(let v)): r.m43 = v; return r
            default: break
            }
        }
        var d = DecomposedTransform(t)
        switch (part, value) {
        case (.translation, .size(let s)): d.translation[0] = s.width; d.translation[1] = s.height
        case (.translationX, .double(let v)): d.translation[0] = v
        case (.translationY, .double(let v)): d.translation[1] = v
        case (.translationZ, .double(let v)): d.translation[2] = v
        case (.scale, .double(let v)): d.scale = [v, v, v]
        case (.scaleX, .double(let v)): d.scale[0] = v
        case (.scaleY, .double(let v)): d.scale[1] = v
        case (.scaleZ, .double(let v)): d.scale[2] = v
        case (.rotation, .double(let v)), (.rotationZ, .double(let v)): d.eulerAngles.z = v
        case (.rotationX, .double(let v)): d.eulerAngles.x = v
        case (.rotationY, .double(let v)): d.eulerAngles.y = v
        default: return nil
        }
        return d.transform
    }
}

/// The parts of a transform that have key paths of their own: `transform.` or
/// `sublayerTransform.` followed by the raw value.
enum TransformPart: String, CaseIterable {
    case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
}
