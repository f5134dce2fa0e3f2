/// `contents` part way through an animation of it: Core Animation cross-fades a layer's
/// contents from one bitmap to the next (`CABasicAnimation(keyPath: "contents")`), each
/// pixel `from` and `to` mixed by `fraction`. It is the animation value of `contents`
/// (`AnimationValue.contents`); a model layer's contents read as one still at its image,
/// and a presentation copy mid-way keeps the fade in `Layer.contentsFade` for the draw.
public struct ContentsFade: Hashable, Sendable {
    public var from: Image?
    public var to: Image?
    /// 0 shows `from`, 1 shows `to`.
    public var fraction: Double

    public init(from: Image?, to: Image?, fraction: Double) {
        self.from = from; self.to = to; self.fraction = min(max(fraction, 0), 1)
    }

    /// One bitmap, not fading.
    public static func still(_ image: Image?) -> ContentsFade { ContentsFade(from: image, to: image, fraction: 1) }

    /// The bitmap this fade shows more of: a fade between two fades (keyframes) goes from
    /// one's to the other's.
    public var nearer: Image? { fraction < 0.5 ? from : to }

    /// True while both bitmaps show: not at either end, and not from a bitmap to itself.
    public var isFading: Bool { fraction > 0 && fraction < 1 && from?.identity != to?.identity }

    /// A bitmap is its identity (equal identities, equal pixels).
    public static func == (a: ContentsFade, b: ContentsFade) -> Bool {
        a.from?.identity == b.from?.identity && a.to?.identity == b.to?.identity && a.fraction == b.fraction
    }

    public func hash(into h: inout Hasher) { h.combine(from?.identity); h.combine(to?.identity); h.combine(fraction) }
}
