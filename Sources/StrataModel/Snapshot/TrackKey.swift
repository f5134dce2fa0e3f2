import Foundation

/// A motion track's key: a layer by name and one of its animatable key paths holding a
/// number (`card.position.y`, `knob.transform.rotation.z`, `badge.opacity`), read on a
/// presentation tree frame by frame. Values are in the key's own unit: points, degrees
/// for rotations (Core Animation's radians turned into what people write tolerances in),
/// or plain levels (opacity, scale). `strata track`, `check --track` and `assertMotion`
/// read keys through this one type.
public struct TrackKey: Equatable, Hashable, Sendable {
    public let text: String
    public let layer: String
    public let keyPath: String

    public init(text: String, layer: String, keyPath: String) {
        self.text = text; self.layer = layer; self.keyPath = keyPath
    }

    /// Splits `text` where a prefix names a layer of the tree under `root` and the rest is
    /// an animatable key path of it holding a number (names may hold dots: `shake.view`).
    /// A key that cannot be tracked throws a `Diagnostic` worded to follow `KEY: `.
    public static func resolve(_ text: String, in root: Layer) throws -> TrackKey {
        var dot = text.startIndex
        while let i = text[dot...].firstIndex(of: ".") {
            let name = String(text[..<i]), keyPath = String(text[text.index(after: i)...])
            if let layer = find(name, in: root), type(of: layer).animatableProperties[keyPath] != nil {
                guard case .double? = layer.animatableValue(forKeyPath: keyPath) else {
                    throw Diagnostic("\(keyPath) is not a number; track one of its parts (position.x, bounds.size.width, shadowOffset.height)")
                }
                return TrackKey(text: text, layer: name, keyPath: keyPath)
            }
            dot = text.index(after: i)
        }
        throw Diagnostic("no layer of that name has such an animatable key path; write LAYER.KEYPATH with a layer's name ('strata dump' lists them) and a key path such as position.y")
    }

    /// The value on the tree under `root`, in the key's unit; nil when the layer is gone.
    public func value(in root: Layer) -> Double? {
        guard let layer = TrackKey.find(layer, in: root), case .double(let v)? = layer.animatableValue(forKeyPath: keyPath) else { return nil }
        return isAngle ? v * 180 / Double.pi : v
    }

    /// What follows a value in messages: ` pt`, `°`, or nothing for levels and factors.
    public var unit: String {
        if isAngle { return "°" }
        let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        let levels = keyPath.contains("scale") || keyPath.hasPrefix("anchorPoint")
            || ["opacity", "shadowOpacity", "strokeStart", "strokeEnd", "m34"].contains(last)
        return levels ? "" : " pt"
    }

    var isAngle: Bool { keyPath.contains("rotation") }

    static func find(_ name: String, in layer: Layer) -> Layer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers { if let found = find(name, in: sublayer) { return found } }
        return nil
    }
}
