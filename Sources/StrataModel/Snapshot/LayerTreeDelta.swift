/// A run of frames' trees stored compactly: the first frame whole, each later one as only
/// the properties that changed since the frame before, by layer index in pre-order. A frame
/// whose tree has another shape (a layer added, removed, renamed or of another class) is
/// stored whole again, so decoding never has to guess which layer is which.
public enum LayerTreeDelta: Codable, Equatable, Sendable {
    case tree(LayerTreeSnapshot)
    case changes([LayerChange])

    /// One layer's changes: properties set to a new value, properties back at their default.
    public struct LayerChange: Codable, Equatable, Sendable {
        public var layer: Int
        public var set: [String: SnapshotValue]
        public var unset: [String]
    }

    public static func encode(_ frames: [LayerTreeSnapshot]) -> [LayerTreeDelta] {
        var previous: LayerTreeSnapshot?
        return frames.map { frame in
            defer { previous = frame }
            guard let before = previous, before.shape == frame.shape else { return .tree(frame) }
            let old = before.flattened, new = frame.flattened
            return .changes(new.indices.compactMap { i in
                let a = old[i].properties, b = new[i].properties
                let set = b.filter { a[$0.key] != $0.value }
                let unset = a.keys.filter { b[$0] == nil }.sorted()
                return set.isEmpty && unset.isEmpty ? nil : LayerChange(layer: i, set: set, unset: unset)
            })
        }
    }

    /// The frames back; nil when a change comes before any whole tree or names a layer
    /// that is not there.
    public static func decode(_ deltas: [LayerTreeDelta]) -> [LayerTreeSnapshot]? {
        var frames: [LayerTreeSnapshot] = []
        for delta in deltas {
            switch delta {
            case .tree(let t): frames.append(t)
            case .changes(let changes):
                guard var current = frames.last else { return nil }
                for c in changes {
                    guard current.update(c.layer, { p in
                        for (k, v) in c.set { p[k] = v }
                        for k in c.unset { p[k] = nil }
                    }) else { return nil }
                }
                frames.append(current)
            }
        }
        return frames
    }
}

extension LayerTreeSnapshot {
    /// Every layer in pre-order.
    var flattened: [LayerTreeSnapshot] { [self] + sublayers.flatMap(\.flattened) }

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
