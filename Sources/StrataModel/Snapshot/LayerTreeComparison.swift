/// One difference between a recorded tree and the one drawn now, in the words a failing
/// frame explains itself with: `card.position.y 240 -> 244`, `badge (CALayer) added`.
/// Values are `SnapshotValue`'s text; a list is split into its parts (`position.y`,
/// `bounds.size.width`, `transform.translation.x`) and only the parts that differ are told.
public struct PropertyChange: Codable, Equatable, Sendable {
    /// The layer's id (name, or path in the tree).
    public var layer: String
    public var className: String
    /// `position.y`, `backgroundColor`; empty for a layer added or removed.
    public var key: String
    /// The recorded value; nil when the layer was added (and, with `new`, for a note).
    public var old: String?
    /// The value now; nil when the layer was removed.
    public var new: String?

    public init(layer: String, className: String, key: String, old: String?, new: String?) {
        self.layer = layer; self.className = className; self.key = key; self.old = old; self.new = new
    }

    /// `key old -> new`, or `added`/`removed`, `class A -> B`; a key alone when both
    /// values are nil (`transform (6 more of its 16 values)`).
    var phrase: String {
        if old == nil && new == nil { return key }
        if key.isEmpty { return old == nil ? "added" : new == nil ? "removed" : "class \(old!) -> \(new!)" }
        return "\(key) \(old ?? "") -> \(new ?? "")"
    }
}

/// What changed between two presentation trees, layer by layer (matched by id, the k-th
/// layer of an id with the k-th), through the snapshots' values alone: a layer's
/// properties are compared under CA's key names, a missing one standing for its class's
/// default.
public enum LayerTreeComparison {
    /// The changes from `recorded` to `actual` of the layers whose ids are in `layers`
    /// (every layer when nil): the actual tree's layers in pre-order, then removed ones.
    public static func changes(from recorded: LayerTreeSnapshot, to actual: LayerTreeSnapshot,
                               layers: Set<String>? = nil) -> [PropertyChange] {
        let old = keyed(recorded), new = keyed(actual)
        let oldIndex = Dictionary(old.map { ($0.key, $0.layer) }, uniquingKeysWith: { a, _ in a })
        let newKeys = Set(new.map(\.key))
        var found: [PropertyChange] = []
        for (key, layer) in new where layers?.contains(layer.id) ?? true {
            guard let before = oldIndex[key] else {
                found.append(PropertyChange(layer: layer.id, className: layer.className, key: "", old: nil, new: layer.className))
                continue
            }
            guard before.className == layer.className else {
                found.append(PropertyChange(layer: layer.id, className: layer.className, key: "", old: before.className, new: layer.className))
                continue
            }
            found += properties(before, layer)
        }
        for (key, layer) in old where !newKeys.contains(key) && (layers?.contains(layer.id) ?? true) {
            found.append(PropertyChange(layer: layer.id, className: layer.className, key: "", old: layer.className, new: nil))
        }
        return found
    }

    /// `card (CALayer) backgroundColor #34C759 -> #30D158; card.position.y 240 -> 244`: the
    /// first change of a layer names its class, the next ones are `id.key`.
    /// At most `limit` changes are told, then how many more there are.
    public static func text(_ changes: [PropertyChange], limit: Int = 12) -> String {
        var told = Set<String>()
        let shown = changes.prefix(limit).map { c in
            defer { told.insert(c.layer) }
            return told.contains(c.layer) ? "\(c.layer).\(c.phrase)" : "\(c.layer) (\(c.className)) \(c.phrase)"
        }
        let more = changes.count - shown.count
        return (shown + (more > 0 ? ["and \(more) more (strata dump shows the whole tree)"] : [])).joined(separator: "; ")
    }

    /// Each layer with the number of layers of its id before it in pre-order.
    private static func keyed(_ tree: LayerTreeSnapshot) -> [(key: String, layer: LayerTreeSnapshot)] {
        var seen: [String: Int] = [:]
        return tree.flattened.map { layer in
            let k = seen[layer.id, default: 0]
            seen[layer.id] = k + 1
            return ("\(k) \(layer.id)", layer)
        }
    }

    private static func properties(_ a: LayerTreeSnapshot, _ b: LayerTreeSnapshot) -> [PropertyChange] {
        let keys = LayerTreeSnapshot.order(of: Set(a.properties.keys).union(b.properties.keys), className: b.className)
        var found: [PropertyChange] = []
        for key in keys {
            let defaultValue = LayerClassDeclaration.named(b.className)?.defaults[key]
            guard let va = a.properties[key] ?? defaultValue, let vb = b.properties[key] ?? defaultValue, va != vb else { continue }
            if case .numbers(let x) = va, case .numbers(let y) = vb, x.count == y.count, let names = parts[key], names.count == x.count {
                // A matrix turned or scaled changes most of its 16 values: the first three tell it.
                let changed = x.indices.filter { x[$0] != y[$0] }
                for i in changed.prefix(names.count == 16 ? 3 : changed.count) {
                    let (o, n) = readable(x[i], y[i])
                    found.append(PropertyChange(layer: b.id, className: b.className, key: key + "." + names[i], old: o, new: n))
                }
                if names.count == 16 && changed.count > 3 {
                    found.append(PropertyChange(layer: b.id, className: b.className, key: "\(key) (\(changed.count - 3) more of its 16 values)", old: nil, new: nil))
                }
            } else if case .number(let x) = va, case .number(let y) = vb {
                let (o, n) = readable(x, y)
                found.append(PropertyChange(layer: b.id, className: b.className, key: key, old: o, new: n))
            } else {
                found.append(PropertyChange(layer: b.id, className: b.className, key: key, old: va.text, new: vb.text))
            }
        }
        return found
    }

    /// Two numbers to at most three decimals (53.333, not 53.333333333333336), in full when
    /// that would print them alike.
    static func readable(_ a: Double, _ b: Double) -> (String, String) {
        func short(_ v: Double) -> String { SnapshotValue.format((v * 1000).rounded() / 1000) }
        func significant(_ v: Double) -> String { SnapshotValue.format(Double(String(format: "%.4g", v)) ?? v) }
        let large = { (v: Double) in v == 0 || abs(v) >= 0.01 }
        if large(a) && large(b) && short(a) != short(b) { return (short(a), short(b)) }
        if significant(a) != significant(b) { return (significant(a), significant(b)) }
        return (SnapshotValue.format(a), SnapshotValue.format(b))
    }

    /// The parts of list-valued properties, by CA's key paths (`transform.translation.x` is m41).
    static let parts: [String: [String]] = {
        let point = ["x", "y"]
        let matrix = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34",
                      "translation.x", "translation.y", "translation.z", "m44"]
        return ["position": point, "anchorPoint": point, "startPoint": point, "endPoint": point,
                "bounds": ["origin.x", "origin.y", "size.width", "size.height"],
                "shadowOffset": ["width", "height"], "transform": matrix, "sublayerTransform": matrix]
    }()
}
