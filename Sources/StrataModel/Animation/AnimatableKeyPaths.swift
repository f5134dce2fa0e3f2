/// The key paths a `Layer` animates, read and written as `AnimationValue`s: Core
/// Animation's KVC names. Subclasses add their own by overriding
/// `animatableValue(forKeyPath:)` and `setAnimatableValue(_:forKeyPath:)`.
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
enum LayerKeyPath: Hashable {
    case position, positionX, positionY
    case anchorPoint, anchorPointX, anchorPointY, anchorPointZ, zPosition
    case bounds, boundsOrigin, boundsOriginX, boundsOriginY, boundsSize, boundsWidth, boundsHeight
    case opacity, cornerRadius, borderWidth, borderColor, backgroundColor
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowOffsetWidth, shadowOffsetHeight
    /// `transform` (sublayer false) or `sublayerTransform`, whole or one part.
    case transform(sublayer: Bool, TransformPart?)

    enum TransformPart: String, CaseIterable {
        case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
        case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
        case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    }

    /// Parsed once: animations look their key path up every frame.
    static let table: [String: LayerKeyPath] = {
        var t: [String: LayerKeyPath] = [
            "position": .position, "position.x": .positionX, "position.y": .positionY,
            "anchorPoint": .anchorPoint, "anchorPoint.x": .anchorPointX, "anchorPoint.y": .anchorPointY,
            "anchorPointZ": .anchorPointZ, "zPosition": .zPosition,
            "bounds": .bounds, "bounds.origin": .boundsOrigin, "bounds.origin.x": .boundsOriginX,
            "bounds.origin.y": .boundsOriginY, "bounds.size": .boundsSize, "bounds.size.width": .boundsWidth,
            "bounds.size.height": .boundsHeight,
            "opacity": .opacity, "cornerRadius": .cornerRadius, "borderWidth": .borderWidth,
            "borderColor": .borderColor, "backgroundColor": .backgroundColor,
            "shadowColor": .shadowColor, "shadowOpacity": .shadowOpacity, "shadowRadius": .shadowRadius,
            "shadowOffset": .shadowOffset, "shadowOffset.width": .shadowOffsetWidth,
            "shadowOffset.height": .shadowOffsetHeight,
            "transform": .transform(sublayer: false, nil), "sublayerTransform": .transform(sublayer: true, nil),
        ]
        for part in TransformPart.allCases {
            t["transform." + part.rawValue] = .transform(sublayer: false, part)
            t["sublayerTransform." + part.rawValue] = .transform(sublayer: true, part)
        }
        return t
    }()
}

extension Layer {
    func layerAnimatableValue(forKeyPath keyPath: String) -> AnimationValue? {
        guard let key = LayerKeyPath.table[keyPath] else { return nil }
        switch key {
        case .position: return .point(position)
        case .positionX: return .double(position.x)
        case .positionY: return .double(position.y)
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointX: return .double(anchorPoint.x)
        case .anchorPointY: return .double(anchorPoint.y)
        case .anchorPointZ: return .double(anchorPointZ)
        case .zPosition: return .double(zPosition)
        case .bounds: return .rect(bounds)
        case .boundsOrigin: return .point(bounds.origin)
        case .boundsOriginX: return .double(bounds.origin.x)
        case .boundsOriginY: return .double(bounds.origin.y)
        case .boundsSize: return .size(bounds.size)
        case .boundsWidth: return .double(bounds.size.width)
        case .boundsHeight: return .double(bounds.size.height)
        case .opacity: return .double(opacity)
        case .cornerRadius: return .double(cornerRadius)
        case .borderWidth: return .double(borderWidth)
        case .borderColor: return .color(borderColor)
        case .backgroundColor: return .color(backgroundColor ?? .clear)
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .double(shadowOpacity)
        case .shadowRadius: return .double(shadowRadius)
        case .shadowOffset: return .size(shadowOffset)
        case .shadowOffsetWidth: return .double(shadowOffset.width)
        case .shadowOffsetHeight: return .double(shadowOffset.height)
        case let .transform(sublayer, part):
            let t = sublayer ? sublayerTransform : transform
            guard let part else { return .transform(t) }
            return Layer.component(part, of: t)
        }
    }

    /// Returns false when the key path is unknown or the value of the wrong kind.
    func layerSetAnimatableValue(_ value: AnimationValue, forKeyPath keyPath: String) -> Bool {
        guard let key = LayerKeyPath.table[keyPath] else { return false }
        switch (key, value) {
        case (.position, .point(let p)): position = p
        case (.positionX, .double(let v)): position.x = v
        case (.positionY, .double(let v)): position.y = v
        case (.anchorPoint, .point(let p)): anchorPoint = p
        case (.anchorPointX, .double(let v)): anchorPoint.x = v
        case (.anchorPointY, .double(let v)): anchorPoint.y = v
        case (.anchorPointZ, .double(let v)): anchorPointZ = v
        case (.zPosition, .double(let v)): zPosition = v
        case (.bounds, .rect(let r)): bounds = r
        case (.boundsOrigin, .point(let p)): bounds.origin = p
        case (.boundsOriginX, .double(let v)): bounds.origin.x = v
        case (.boundsOriginY, .double(let v)): bounds.origin.y = v
        case (.boundsSize, .size(let s)): bounds.size = s
        case (.boundsWidth, .double(let v)): bounds.size.width = v
        case (.boundsHeight, .double(let v)): bounds.size.height = v
        case (.opacity, .double(let v)): opacity = v
        case (.cornerRadius, .double(let v)): cornerRadius = v
        case (.borderWidth, .double(let v)): borderWidth = v
        case (.borderColor, .color(let c)): borderColor = c
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.shadowColor, .color(let c)): shadowColor = c
        case (.shadowOpacity, .double(let v)): shadowOpacity = v
        case (.shadowRadius, .double(let v)): shadowRadius = v
        case (.shadowOffset, .size(let s)): shadowOffset = s
        case (.shadowOffsetWidth, .double(let v)): shadowOffset.width = v
        case (.shadowOffsetHeight, .double(let v)): shadowOffset.height = v
        case (.transform(let sublayer, nil), .transform(let t)):
            if sublayer { sublayerTransform = t } else { transform = t }
        case (.transform(let sublayer, let part?), _):
            guard let t = Layer.setting(part, of: sublayer ? sublayerTransform : transform, to: value) else { return false }
            if sublayer { sublayerTransform = t } else { transform = t }
        default:
            return false
        }
        return true
    }

    /// Whether a matrix's translation can be read and written in m41...m43 directly.
    private static func hasPlainTranslation(_ t: Transform3D) -> Bool {
        t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
    }

    static func component(_ part: LayerKeyPath.TransformPart, of t: Transform3D) -> AnimationValue? {
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

    static func setting(_ part: LayerKeyPath.TransformPart, of t: Transform3D, to value: AnimationValue) -> Transform3D? {
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
