import StrataModel

/// A layer's `contents` as its draw holds them: the bitmap, where it lands (its gravity's
/// frame), which part of it is drawn (`contentsRect`), which part stretches
/// (`contentsCenter`), and how it is sampled. Everything is in unit coordinates of the
/// layer's bounds or of the image, so a backing store keyed by the bounds' size can
/// hold it whatever the bounds' origin. Pure Swift; layer.frag does the mapping.
public struct ContentsDraw: Hashable {
    public var image: Image
    /// Cut to the rounded bounds (masksToBounds); otherwise only to its own frame, which
    /// may reach past the bounds, as Core Animation draws an unclipped layer's contents.
    public var clipped: Bool
    /// Where the image lands, in unit coordinates of the bounds.
    public var frame: Rect
    /// The part of the texture drawn: `contentsRect` (unit coordinates of the image).
    public var source: Rect
    /// The nine-slice, one axis at a time: `frame`'s unit coordinates `[0, d0]`, `[d0, d1]`,
    /// `[d1, 1]` show `source`'s unit coordinates `[0, s0]`, `[s0, s1]`, `[s1, 1]`. The
    /// outer parts keep their natural size (scaled down together when the frame is too
    /// small for both), the middle stretches. Identity (`d == s`) without a center.
    public var sliceX: Slice
    public var sliceY: Slice
    public var minification: ContentsFilter
    public var magnification: ContentsFilter
    /// Mid-way through a cross-fade of `contents`: `image` counts `weight`, `other` (nil:
    /// nothing) the rest, texel by texel. Both are placed by `image`'s frame.
    public var fade: Fade?

    public struct Fade: Hashable {
        public var other: Image?
        public var weight: Double
        public static func == (a: Fade, b: Fade) -> Bool { a.other?.identity == b.other?.identity && a.weight == b.weight }
        public func hash(into h: inout Hasher) { h.combine(other?.identity); h.combine(weight) }
    }

    public struct Slice: Hashable {
        public var d0, d1, s0, s1: Double
        public static let identity = Slice(d0: 0, d1: 1, s0: 0, s1: 1)

        /// The source coordinate drawn at destination `t` (both units of their ranges):
        /// what layer.frag's `sliceAxis` computes.
        public func source(at t: Double) -> Double {
            if t < d0 { return t / max(d0, 1e-6) * s0 }
            if t > d1 { return s1 + (t - d1) / max(1 - d1, 1e-6) * (1 - s1) }
            return s0 + (t - d0) / max(d1 - d0, 1e-6) * (s1 - s0)
        }

        /// An axis of `length` points showing a source part whose natural length is
        /// `natural` points, with `center` its stretching part (unit coordinates).
        static func make(center start: Double, _ size: Double, natural: Double, length: Double) -> Slice {
            let s0 = min(max(start, 0), 1), s1 = min(max(start + max(size, 0), s0), 1)
            guard length > 0, natural > 0, s0 > 0 || s1 < 1 else { return .identity }
            let before = s0 * natural, after = (1 - s1) * natural
            // Too short for both ends at their size: both shrink by one factor.
            let k = before + after > length ? length / (before + after) : 1
            return Slice(d0: before * k / length, d1: 1 - after * k / length, s0: s0, s1: s1)
        }
    }

    /// The draw of `layer`'s contents, nil when there are none or nothing to draw into.
    public static func of(_ layer: Layer) -> ContentsDraw? {
        // A cross-fade draws the bitmap it fades to over the one it fades from; to or from
        // nothing, the one there is, fading out or in.
        var fade: Fade?
        var shown = layer.contents
        if let f = layer.contentsFade {
            if let to = f.to { shown = to; fade = Fade(other: f.from, weight: f.fraction) } else { shown = f.from; fade = Fade(other: nil, weight: 1 - f.fraction) }
        }
        guard let image = shown, image.width > 0, image.height > 0 else { return nil }
        let b = layer.bounds
        guard b.width > 0, b.height > 0 else { return nil }
        let source = layer.contentsRect
        // Core Animation treats a scale that is not a positive number as 1.
        let scale = layer.contentsScale.isFinite && layer.contentsScale > 0 ? layer.contentsScale : 1
        let natural = Size(width: Double(image.width) * abs(source.width) / scale,
                           height: Double(image.height) * abs(source.height) / scale)
        let f = layer.contentsGravity.frame(forContentSize: natural, in: b)
        guard f.width.isFinite, f.height.isFinite, f.width > 0, f.height > 0 else { return nil }
        let c = layer.contentsCenter
        return ContentsDraw(
            image: image, clipped: layer.masksToBounds,
            frame: Rect(x: (f.minX - b.minX) / b.width, y: (f.minY - b.minY) / b.height,
                        width: f.width / b.width, height: f.height / b.height),
            source: source,
            sliceX: .make(center: c.minX, c.width, natural: natural.width, length: f.width),
            sliceY: .make(center: c.minY, c.height, natural: natural.height, length: f.height),
            minification: layer.minificationFilter, magnification: layer.magnificationFilter, fade: fade)
    }

    /// The frame in the layer's points, given its bounds.
    public func frame(in bounds: Rect) -> Rect {
        Rect(x: bounds.minX + frame.minX * bounds.width, y: bounds.minY + frame.minY * bounds.height,
             width: frame.width * bounds.width, height: frame.height * bounds.height)
    }

    /// The texture coordinate (unit, y down) drawn at a point of the bounds' unit square.
    public func textureCoordinate(atUnit p: Point) -> Point {
        let t = Point(x: (p.x - frame.minX) / frame.width, y: (p.y - frame.minY) / frame.height)
        return Point(x: source.minX + sliceX.source(at: t.x) * source.width,
                     y: source.minY + sliceY.source(at: t.y) * source.height)
    }

    /// A bitmap is its identity (equal identities, equal pixels).
    public static func == (a: ContentsDraw, b: ContentsDraw) -> Bool {
        a.image.identity == b.image.identity && a.clipped == b.clipped && a.frame == b.frame && a.source == b.source
            && a.sliceX == b.sliceX && a.sliceY == b.sliceY && a.minification == b.minification && a.magnification == b.magnification
            && a.fade == b.fade
    }

    public func hash(into h: inout Hasher) {
        h.combine(image.identity); h.combine(clipped); h.combine(frame); h.combine(source)
        h.combine(sliceX); h.combine(sliceY); h.combine(minification); h.combine(magnification); h.combine(fade)
    }
}

extension LayerDraw {
    /// What the draw paints, in local points: the bounds, and contents that reach past
    /// them unclipped (a large image centred, `resizeAspectFill`).
    public var contentExtent: Rect {
        guard case .contents(let c) = fill, !c.clipped else { return shape.rect }
        return shape.rect.union(c.frame(in: shape.rect))
    }
}
