import StrataModel

/// The renderer's backing-store textures by content, kept across frames: a layer's store
/// is rasterized the first frame its content appears and only composited after that, as
/// long as its key holds, within a budget of texels (`TexelBudgetCache`).
final class BackingStoreCache {
    private let stores: TexelBudgetCache<BackingStoreKey, RenderTarget>

    init(gl: GLFunctions, texelBudget: Int = 8 << 20) {
        stores = TexelBudgetCache(texelBudget: texelBudget) { $0.delete(gl) }
    }

    /// How many stores are kept (for tests).
    var count: Int { stores.count }

    /// Starts a frame: the stores it uses are marked, so eviction spares them.
    func beginFrame() { stores.beginFrame() }

    /// The texture of `store`, marked as used this frame; nil when it must be rasterized.
    func texture(for store: BackingStore) -> GLuint? { stores.value(for: store.key)?.texture }

    /// Makes room for, and keeps, a store rasterized into `target`.
    func insert(_ target: RenderTarget, for store: BackingStore) {
        stores.insert(target, texels: store.texelWidth * store.texelHeight, for: store.key)
    }
}
