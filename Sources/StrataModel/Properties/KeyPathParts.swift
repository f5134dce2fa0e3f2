/// A value type whose parts Core Animation animates under sub-paths of the property's
/// key path: `position.x`, `bounds.size.width`, `shadowOffset.height`,
/// `transform.rotation.y`. A declaration with parts (`Declare.animatable(_:_:get:set:)`)
/// gets all of them from its type.
public protocol KeyPathParts: AnimationValueConvertible {
    /// The sub-paths of a property named `name`, each read by reading the whole value and
    /// written by changing that part of it and writing the whole back.
    static func parts<L: Layer>(_ name: String, get: @escaping (L) -> Self, set: @escaping (L, Self) -> Void) -> [AnimatableProperty]
}

extension Point: KeyPathParts {
    /// `.x`, `.y`.
    public static func parts<L: Layer>(_ name: String, get: @escaping (L) -> Point, set: @escaping (L, Point) -> Void) -> [AnimatableProperty] {
        [AnimatableProperty(name + ".x", of: Double.self, get: { (l: L) in get(l).x }, set: { (l: L, v) in var p = get(l); p.x = v; set(l, p) }),
         AnimatableProperty(name + ".y", of: Double.self, get: { (l: L) in get(l).y }, set: { (l: L, v) in var p = get(l); p.y = v; set(l, p) })]
    }
}

extension Size: KeyPathParts {
    /// `.width`, `.height`.
    public static func parts<L: Layer>(_ name: String, get: @escaping (L) -> Size, set: @escaping (L, Size) -> Void) -> [AnimatableProperty] {
        [AnimatableProperty(name + ".width", of: Double.self, get: { (l: L) in get(l).width },
                            set: { (l: L, v) in var s = get(l); s.width = v; set(l, s) }),
         AnimatableProperty(name + ".height", of: Double.self, get: { (l: L) in get(l).height },
                            set: { (l: L, v) in var s = get(l); s.height = v; set(l, s) })]
    }
}

extension Rect: KeyPathParts {
    /// `.origin` (and its `.x`, `.y`), `.size` (and its `.width`, `.height`).
    public static func parts<L: Layer>(_ name: String, get: @escaping (L) -> Rect, set: @escaping (L, Rect) -> Void) -> [AnimatableProperty] {
        let origin: (L) -> Point = { get($0).origin }, setOrigin: (L, Point) -> Void = { l, p in var r = get(l); r.origin = p; set(l, r) }
        let size: (L) -> Size = { get($0).size }, setSize: (L, Size) -> Void = { l, s in var r = get(l); r.size = s; set(l, r) }
        return [AnimatableProperty(name + ".origin", of: Point.self, get: origin, set: setOrigin)]
            + Point.parts(name + ".origin", get: origin, set: setOrigin)
            + [AnimatableProperty(name + ".size", of: Size.self, get: size, set: setSize)]
            + Size.parts(name + ".size", get: size, set: setSize)
    }
}

extension Transform3D: KeyPathParts {
    /// `.translation` (a size: x, y) and `.translation.x`, `.y`, `.z`; `.rotation`
    /// (= `.rotation.z`), `.rotation.x`, `.y`, `.z` in radians; `.scale` (the mean of x, y,
    /// z; sets all three), `.scale.x`, `.y`, `.z`. They read the decomposition
    /// (`DecomposedTransform`) and write by changing that one part and recomposing; a
    /// translation of a matrix without perspective is written straight into m41...m43,
    /// so other elements stay exact.
    public static func parts<L: Layer>(_ name: String, get: @escaping (L) -> Transform3D,
                                       set: @escaping (L, Transform3D) -> Void) -> [AnimatableProperty] {
        TransformPart.allCases.map { part in
            let keyPath = name + "." + part.rawValue
            if part == .translation {
                return AnimatableProperty(keyPath, of: Size.self, get: { (l: L) in get(l).translationPart },
                                          set: { (l: L, s) in set(l, get(l).setting(translation: s)) })
            }
            return AnimatableProperty(keyPath, of: Double.self, get: { (l: L) in get(l).scalar(part) },
                                      set: { (l: L, v) in set(l, get(l).setting(part, to: v)) })
        }
    }

    /// Whether the translation can be read and written in m41...m43 directly.
    private var hasPlainTranslation: Bool { m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1 }

    /// The translation part: x and y.
    var translationPart: Size {
        if hasPlainTranslation { return Size(width: m41, height: m42) }
        let d = DecomposedTransform(self)
        return Size(width: d.translation[0], height: d.translation[1])
    }

    /// Any other part (`.translation` reads as its x).
    func scalar(_ part: TransformPart) -> Double {
        if hasPlainTranslation {
            switch part {
            case .translation, .translationX: return m41
            case .translationY: return m42
            case .translationZ: return m43
            default: break
            }
        }
        let d = DecomposedTransform(self)
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

    func setting(translation s: Size) -> Transform3D {
        if hasPlainTranslation {
            var r = self
            r.m41 = s.width; r.m42 = s.height
            return r
        }
        var d = DecomposedTransform(self)
        d.translation[0] = s.width; d.translation[1] = s.height
        return d.transform
    }

    /// `part` other than the translation set to `v` (`.translation` sets its x).
    func setting(_ part: TransformPart, to v: Double) -> Transform3D {
        if hasPlainTranslation {
            var r = self
            switch part {
            case .translation, .translationX: r.m41 = v; return r
            case .translationY: r.m42 = v; return r
            case .translationZ: r.m43 = v; return r
            default: break
            }
        }
        var d = DecomposedTransform(self)
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
