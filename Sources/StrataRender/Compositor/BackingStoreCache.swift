import StrataModel

/// The renderer's backing-store textures by content, kept across frames: a layer's store
/// is rasterized the first frame its content appears and only composited after that, as
/// long as its key holds. Past `texelBudget` texels, the stores longest unused are
/// dropped (never one the frame being drawn uses), which bounds memory when an animation
/// changes a layer's content every frame.
final class BackingStoreCache {
    private struct Entry {
        var target: RenderTarget
        var texels: Int
        var lastUsed: Int
    }
    private let gl: GLFunctions
    private var entries: [BackingStoreKey: Entry] = [:]
    private var texels = 0
    private var frame = 0
    let texelBudget: Int

    init(gl: GLFunctions, texelBudget: Int = 8 << 20) {
        self.gl = gl
        self.texelBudget = texelBudget
    }

    deinit { entries.values.forEach { $0.target.delete(gl) } }

    /// How many stores are kept (for tests).
    var count: Int { entries.count }

    /// Starts a frame: the stores it uses are marked, so eviction spares them.
    func beginFrame() { frame += 1 }

    /// The texture of `store`, marked as used this frame; nil when it must be rasterized.
    func texture(for store: BackingStore) -> GLuint? {
        guard var e = entries[store.key] else { return nil }
        e.lastUsed = frame
        entries[store.key] = e
        return e.target.texture
    }

    /// Makes room for, and keeps, a store rasterized into `target`.
    func insert(_ target: RenderTarget, for store: BackingStore) {
        let size = store.texelWidth * store.texelHeight
        if texels + size > texelBudget {
            for (key, e) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where e.lastUsed < frame {
                e.target.delete(gl)
                entries[key] = nil
                texels -= e.texels
                if texels + size <= texelBudget { break }
            }
        }
        entries[store.key] = Entry(target: target, texels: size, lastUsed: frame)
        texels += size
    }
}
