import StrataModel

/// A layer's own content (background, gradient or contents, border, clipped to its
/// rounded bounds) rasterized into a texture at `scale` texels per point, then composited
/// as a textured quad through the layer's matrix with bilinear filtering: how Core
/// Animation and browser compositors draw a layer, and so what a layer under perspective
/// or a rotation looks like on a device. The texture is kept while `key` holds.
///
/// The store covers the bounds plus `padding` transparent texels on every side, so
/// bilinear filtering fades the content's edge over one texel into nothing, which is
/// the anti-aliased edge a compositor's texture gives.
public struct BackingStore: Equatable {
    public var key: BackingStoreKey
    /// The texture's size in texels.
    public var texelWidth: Int
    public var texelHeight: Int
    /// The local rectangle the texture covers (the bounds grown by the padding): the
    /// composited quad.
    public var rect: Rect

    /// Transparent texels round the bounds.
    public static let padding = 1
    /// Largest side and area of a store (GL's texture limit and memory): a layer whose
    /// store would be larger is drawn analytically instead.
    public static let maximumSide = 4096
    public static let maximumTexels = 16 << 20

    /// Local points -> store texels: what the content is rasterized through.
    public var contentMatrix: Transform3D {
        Transform3D.makeTranslation(-rect.minX, -rect.minY, 0).concatenating(.makeScale(key.scale, key.scale, 1))
    }
}

/// What a backing store holds: the content properties of a layer (Core Animation redraws
/// a layer's backing store when one of them changes, and only then). Position,
/// transform and opacity are not in it: they only change how the store is composited,
/// so layers with the same content share one store.
public struct BackingStoreKey: Hashable {
    public var size: Size
    public var cornerRadius: Double
    public var corners: CornerMask = .all
    public var curve: CornerCurve = .circular
    public var background: Color?
    public var fill: Fill
    public var borderWidth: Double
    public var borderColor: Color
    /// Texels per point: the output scale, as UIKit sets a view layer's contentsScale.
    public var scale: Double
}

/// Which layer draws of a list go through a backing store: those under a perspective or a
/// rotated (or sheared) matrix, where sampling a texture differs from evaluating the shape
/// per pixel. An axis-aligned draw keeps the analytic path: at the output's scale and on
/// whole pixels the store's texels would be that path's own pixels copied one to one (and
/// at fractions of a pixel bilinear filtering of a crisp edge gives the coverage the
/// analytic edge does); magnified, the analytic edge is what a compositor gives when it
/// rasterizes at the layer's on-screen scale (measured: the carousel's front plane,
/// magnified 4/3, scores 0.1 dB worse against Chromium when composited from a store).
enum BackingStorePlan {
    /// `d` with its store, if it gets one: decided as each draw is made, so the list is
    /// not walked (and its draws copied) again.
    static func planned(_ d: LayerDraw, scale: Double) -> LayerDraw {
        guard let store = backingStore(for: d, scale: scale) else { return d }
        var d = d
        d.backingStore = store
        return d
    }

    static func backingStore(for d: LayerDraw, scale: Double) -> BackingStore? {
        guard needsStore(d.quad.matrix) else { return nil }
        // Contents that reach past the bounds unclipped are in the store too.
        let b = d.contentExtent
        guard b.width > 0, b.height > 0, scale > 0 else { return nil }
        let pad = BackingStore.padding
        let w = (b.width * scale).rounded(.up), h = (b.height * scale).rounded(.up)
        guard w + Double(2 * pad) <= Double(BackingStore.maximumSide), h + Double(2 * pad) <= Double(BackingStore.maximumSide)
        else { return nil }
        let tw = Int(w) + 2 * pad, th = Int(h) + 2 * pad
        guard tw * th <= BackingStore.maximumTexels else { return nil }
        let grow = Double(pad) / scale
        let key = BackingStoreKey(size: b.size, cornerRadius: d.shape.cornerRadius, corners: d.shape.corners,
                                  curve: d.shape.curve, background: visible(d.backgroundColor),
                                  fill: d.fill, borderWidth: d.borderWidth,
                                  borderColor: d.borderWidth > 0 ? d.borderColor : .clear, scale: scale)
        return BackingStore(key: key, texelWidth: tw, texelHeight: th,
                            rect: Rect(x: b.minX - grow, y: b.minY - grow,
                                       width: Double(tw) / scale, height: Double(th) / scale))
    }

    /// Perspective (w varies over the plane) or a rotation or shear in the plane.
    static func needsStore(_ m: Transform3D) -> Bool {
        let tiny = 1e-9
        return abs(m.m14) > tiny || abs(m.m24) > tiny
            || abs(m.m12) > tiny * max(abs(m.m11), 1) || abs(m.m21) > tiny * max(abs(m.m22), 1)
    }

    private static func visible(_ c: Color?) -> Color? { (c?.alpha ?? 0) > 0 ? c : nil }
}

/// A fill is its content: a bitmap by its identity (equal identities, equal pixels), as
/// `==` compares it, so a store's key can hold one.
extension Fill: Hashable {
    public func hash(into h: inout Hasher) {
        switch self {
        case .none: h.combine(0)
        case let .gradient(type, start, end, stops): h.combine(type); h.combine(start); h.combine(end); h.combine(stops)
        case let .contents(c): h.combine(c)
        }
    }
}
