import StrataModel

/// Identifies a shadow mask: the blurred coverage of a rounded rectangle depends only on
/// its size, corner radius and blur, not on where or how it is drawn. Quantized to
/// 1/64 pt so layers animated to the same size share a mask.
struct ShadowMaskKey: Hashable {
    let width, height, radius, sigma: Int64
    /// Which corners are rounded (`CornerMask`'s bits) and how.
    let corners: CornerMask, curve: CornerCurve

    init(_ d: ShadowDraw) {
        // A layer animated to 1e308 points clamps rather than trapping.
        func q(_ v: Double) -> Int64 { Int64(Checked.clampedInt((v * 64).rounded())) }
        width = q(d.shape.rect.width); height = q(d.shape.rect.height)
        radius = q(d.shape.cornerRadius); sigma = q(d.sigma)
        corners = d.shape.corners; curve = d.shape.curve
    }

    /// The mask covers the shape grown by 3 sigma on every side, in the shape's own points.
    var extent: Size {
        let s = Double(sigma) / 64
        return Size(width: Double(width) / 64 + 6 * s, height: Double(height) / 64 + 6 * s)
    }

    /// Texels: about three per sigma (a gaussian that wide is smooth between them), at
    /// least one per 4 pt, at most 1024 a side.
    var texelSize: (width: Int, height: Int) {
        let s = Double(sigma) / 64
        let spacing = min(4, max(0.25, s / 3))
        let e = extent
        return (min(1024, max(2, Int((e.width / spacing).rounded(.up)))),
                min(1024, max(2, Int((e.height / spacing).rounded(.up)))))
    }
}

/// The shadow masks by shape, kept across frames; past 256 the cache starts over.
final class ShadowMaskCache {
    private let gl: GLFunctions
    private var masks: [ShadowMaskKey: RenderTarget] = [:]
    static let capacity = 256

    init(gl: GLFunctions) { self.gl = gl }

    deinit { masks.values.forEach { $0.delete(gl) } }

    subscript(key: ShadowMaskKey) -> RenderTarget? { masks[key] }

    /// Makes room for `count` more masks: all go when they would pass the capacity.
    func reserve(_ count: Int) {
        guard masks.count + count > ShadowMaskCache.capacity else { return }
        masks.values.forEach { $0.delete(gl) }
        masks = [:]
    }

    func insert(_ target: RenderTarget, for key: ShadowMaskKey) { masks[key] = target }
}
