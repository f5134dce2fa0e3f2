/// A run of frames' trees stored compactly: the first frame whole, each later one as only
/// the properties that changed since the frame before, by layer index in pre-order. A frame
/// whose tree has another shape (a layer added, removed, renamed or of another class) is
/// stored whole again, so decoding never has to guess which layer is which.
///
/// JSON: `{"tree": TREE}` (`LayerTreeSnapshot`'s form) or `{"changes": [{"layer": 3,
/// "set": {"position": [20, 40]}, "unset": ["opacity"]}]}` (`unset` left out when empty).
public enum LayerTreeDelta: Codable, Equatable, Sendable {
    case tree(LayerTreeSnapshot)
    case changes([LayerChange])

    /// One layer's changes: properties set to a new value, properties back at their default.
    public struct LayerChange: Codable, Equatable, Sendable {
        public var layer: Int
        public var set: [String: SnapshotValue]
        public var unset: [String]

        public init(layer: Int, set: [String: SnapshotValue], unset: [String]) {
            self.layer = layer; self.set = set; self.unset = unset
        }

        enum CodingKeys: String, CodingKey { case layer, set, unset }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            layer = try c.decode(Int.self, forKey: .layer)
            set = try c.decodeIfPresent([String: SnapshotValue].self, forKey: .set) ?? [:]
            unset = try c.decodeIfPresent([String].self, forKey: .unset) ?? []
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(layer, forKey: .layer)
            if !set.isEmpty { try c.encode(set, forKey: .set) }
            if !unset.isEmpty { try c.encode(unset, forKey: .unset) }
        }
    }

    enum CodingKeys: String, CodingKey { case tree, changes }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let tree = try c.decodeIfPresent(LayerTreeSnapshot.self, forKey: .tree) { self = .tree(tree); return }
        self = .changes(try c.decode([LayerChange].self, forKey: .changes))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .tree(let t): try c.encode(t, forKey: .tree)
        case .changes(let changes): try c.encode(changes, forKey: .changes)
        }
    }

    public static func encode(_ frames: [LayerTreeSnapshot]) -> [LayerTreeDelta] {
        var previous: LayerTreeSnapshot?
        return frames.map { frame in
            defer { previous = frame }
            return delta(from: previous, to: frame)
        }
    }

    /// `frame` after `previous` (nil for the first): only its changes when the shape is the same.
    public static func delta(from previous: LayerTreeSnapshot?, to frame: LayerTreeSnapshot) -> LayerTreeDelta {
        guard let before = previous, before.shape == frame.shape else { return .tree(frame) }
        let old = before.flattened, new = frame.flattened
        return .changes(new.indices.compactMap { i in
            let a = old[i].properties, b = new[i].properties
            let set = b.filter { a[$0.key] != $0.value }
            let unset = a.keys.filter { b[$0] == nil }.sorted()
            return set.isEmpty && unset.isEmpty ? nil : LayerChange(layer: i, set: set, unset: unset)
        })
    }

    /// The frame this delta gives after `previous`; nil when it is changes with no frame
    /// before, or names a layer that is not there.
    public func applied(to previous: LayerTreeSnapshot?) -> LayerTreeSnapshot? {
        switch self {
        case .tree(let t): return t
        case .changes(let changes):
            guard var current = previous else { return nil }
            for c in changes {
                guard current.update(c.layer, { p in
                    for (k, v) in c.set { p[k] = v }
                    for k in c.unset { p[k] = nil }
                }) else { return nil }
            }
            return current
        }
    }

    /// The frames back; nil when a change comes before any whole tree or names a layer
    /// that is not there.
    public static func decode(_ deltas: [LayerTreeDelta]) -> [LayerTreeSnapshot]? {
        var frames: [LayerTreeSnapshot] = []
        for delta in deltas {
            guard let frame = delta.applied(to: frames.last) else { return nil }
            frames.append(frame)
        }
        return frames
    }
}

extension LayerTreeSnapshot {
    /// Every layer in pre-order.
    public var flattened: [LayerTreeSnapshot] { [self] + sublayers.flatMap(\.flattened) }

    /// Ids, classes and depths in pre-order: two trees of one shape differ only in properties.
    var shape: [String] { shapeLines(depth: 0) }
    private func shapeLines(depth: Int) -> [String] {
        ["\(depth) \(className) \(id)"] + sublayers.flatMap { $0.shapeLines(depth: depth + 1) }
    }

    /// Applies `body` to the properties of the `index`-th layer in pre-order; false when there is none.
    mutating func update(_ index: Int, _ body: (inout [String: SnapshotValue]) -> Void) -> Bool {
        var remaining = index
        return update(&remaining, body)
    }
    private mutating func update(_ remaining: inout Int, _ body: (inout [String: SnapshotValue]) -> Void) -> Bool {
        if remaining == 0 { body(&properties); return true }
        remaining -= 1
        for i in sublayers.indices where sublayers[i].update(&remaining, body) { return true }
        return false
    }
}
