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
        AnimatableProperty(keyPath, of: Value.self, get: get, set: set)
    }

    /// The translation is a size, every other part a number.
    private static func transformParts(_ name: String, _ get: @escaping (Layer) -> Transform3D,
                                       _ set: @escaping (Layer, Transform3D) -> Void) -> [AnimatableProperty] {
        TransformPart.allCases.map { part in
            let keyPath = name + "." + part.rawValue
            if part == .translation {
                return property(keyPath, { Layer.translation(of: get($0)) },
                                { layer, s in set(layer, Layer.setting(translation: s, of: get(layer))) })
            }
            return property(keyPath, { Layer.scalar(part, of: get($0)) }, { layer, v in set(layer, Layer.setting(part, of: get(layer), to: v)) })
        }
    }

    /// Whether a matrix's translation can be read and written in m41...m43 directly.
    private static func hasPlainTranslation(_ t: Transform3D) -> Bool {
        t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
    }

    /// The translation part: x and y.
    static func translation(of t: Transform3D) -> Size {
        if hasPlainTranslation(t) { return Size(width: t.m41, height: t.m42) }
        let d = DecomposedTransform(t)
        return Size(width: d.translation[0], height: d.translation[1])
    }

    /// Any other part (`.translation` reads as its x).
    static func scalar(_ part: TransformPart, of t: Transform3D) -> Double {
        if hasPlainTranslation(t) {
            switch part {
            case .translation, .translationX: return t.m41
            case .translationY: return t.m42
            case .translationZ: return t.m43
            default: break
            }
        }
        let d = DecomposedTransform(t)
        switch part {
        case .translation, .translationX: return d.translation[0]
        case .translationY: return d.translation[1]
        case .translationZ: return d.translation[2]
        case .scale: return (d.scale[0] + d.scale[1] + d.scale[2]) / 3
        case .scaleX: return d.scale[0]
        case .scaleY: return d.scale[1]
        case .scaleZ: return d.scale[2]
        case .rotation, .rotationZ: return d.eulerAngles.z
        case .rotationX: return d.eulerAngles.x
        case .rotationY: return d.eulerAngles.y
        }
    }

    static func setting(translation s: Size, of t: Transform3D) -> Transform3D {
        if hasPlainTranslation(t) {
            var r = t
            r.m41 = s.width; r.m42 = s.height
            return r
        }
        var d = DecomposedTransform(t)
        d.translation[0] = s.width; d.translation[1] = s.height
        return d.transform
    }

    /// `part` other than the translation set to `v` (`.translation` sets its x).
    static func setting(_ part: TransformPart, of t: Transform3D, to v: Double) -> Transform3D {
        if hasPlainTranslation(t) {
            var r = t
            switch part {
            case .translation, .translationX: r.m41 = v; return r
            case .translationY: r.m42 = v; return r
            case .translationZ: r.m43 = v; return r
            default: break
            }
        }
        var d = DecomposedTransform(t)
        switch part {
        case .translation, .translationX: d.translation[0] = v
        case .translationY: d.translation[1] = v
        case .translationZ: d.translation[2] = v
        case .scale: d.scale = [v, v, v]
        case .scaleX: d.scale[0] = v
        case .scaleY: d.scale[1] = v
        case .scaleZ: d.scale[2] = v
        case .rotation, .rotationZ: d.eulerAngles.z = v
        case .rotationX: d.eulerAngles.x = v
        case .rotationY: d.eulerAngles.y = v
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
