/// Textures kept across frames by what they hold: made the first frame their content
/// appears, then only drawn while their key holds. Past `texelBudget` texels, those
/// longest unused are released (never one the frame being drawn uses), which bounds
/// memory when an animation changes a layer's content every frame. Backing stores and
/// shape rasters are kept in one each.
final class TexelBudgetCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var texels: Int
        var lastUsed: Int
    }
    private var entries: [Key: Entry] = [:]
    private var texels = 0
    private var frame = 0
    let texelBudget: Int
    private let release: (Value) -> Void

    init(texelBudget: Int, release: @escaping (Value) -> Void) {
        self.texelBudget = texelBudget
        self.release = release
    }

    deinit { entries.values.forEach { release($0.value) } }

    /// How many are kept (for tests).
    var count: Int { entries.count }

    /// Starts a frame: what it uses is marked, so eviction spares it.
    func beginFrame() { frame += 1 }

    /// The value kept for `key`, marked as used this frame; nil when it must be made.
    func value(for key: Key) -> Value? {
        guard var e = entries[key] else { return nil }
        e.lastUsed = frame
        entries[key] = e
        return e.value
    }

    /// Makes room for, and keeps, `value` of `size` texels.
    func insert(_ value: Value, texels size: Int, for key: Key) {
        if texels + size > texelBudget {
            for (k, e) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where e.lastUsed < frame {
                release(e.value)
                entries[k] = nil
                texels -= e.texels
                if texels + size <= texelBudget { break }
            }
        }
        if let old = entries[key] { release(old.value); texels -= old.texels }
        entries[key] = Entry(value: value, texels: size, lastUsed: frame)
        texels += size
    }
}
