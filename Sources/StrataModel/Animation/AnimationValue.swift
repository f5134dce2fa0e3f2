/// A value of an animatable key path: what CAAnimation's `fromValue`, `toValue` and
/// `values` hold as NSNumber / NSValue / CGColor / arrays.
///
/// Interpolation is per type:
/// - numbers, points, sizes and rectangles: each component linearly;
/// - colors: in premultiplied RGBA, so a fade from `.clear` to red stays red instead of
///   passing through dark grey (straight-alpha interpolation would);
/// - transforms: decomposed into translation, scale, skew, perspective and a rotation
///   quaternion, which are interpolated (the quaternion spherically) and recomposed, as
///   Core Animation and CSS do, so a turn stays rigid halfway instead of shrinking;
/// - arrays (gradient colors, locations): element by element when the counts agree,
///   otherwise discretely, switching at the halfway point.
public enum AnimationValue: Hashable, Sendable, CustomStringConvertible {
    case double(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    // Boxed: 128 bytes inline would make every value, of any kind, that big to copy.
    indirect case transform(Transform3D)
    case colors([Color])
    case doubles([Double])
    /// A shape layer's path: interpolated point by point between paths of one structure
    /// (the same elements in the same order), otherwise switched at the halfway point.
    indirect case path(Path)
    /// A layer's `contents`: a bitmap, or part way from one to another (cross-faded).
    indirect case contents(ContentsFade)

    public var doubleValue: Double? { if case .double(let v) = self { return v }; return nil }
    public var pointValue: Point? { if case .point(let v) = self { return v }; return nil }
    public var sizeValue: Size? { if case .size(let v) = self { return v }; return nil }
    public var rectValue: Rect? { if case .rect(let v) = self { return v }; return nil }
    public var colorValue: Color? { if case .color(let v) = self { return v }; return nil }
    public var transformValue: Transform3D? { if case .transform(let v) = self { return v }; return nil }
    public var colorsValue: [Color]? { if case .colors(let v) = self { return v }; return nil }
    public var doublesValue: [Double]? { if case .doubles(let v) = self { return v }; return nil }
    public var pathValue: Path? { if case .path(let v) = self { return v }; return nil }

    public var description: String {
        switch self {
        case .double(let v): return "\(v)"
        case .point(let v): return "point\(v)"
        case .size(let v): return "size(\(v))"
        case .rect(let v): return "rect\(v)"
        case .color(let v): return "\(v)"
        case .transform(let v): return "transform\(v)"
        case .colors(let v): return "colors\(v)"
        case .doubles(let v): return "doubles\(v)"
        case .path(let v): return "\(v)"
        case .contents(let v): return "contents(\(v.fraction))"
        }
    }

    // MARK: Components

    /// The kind of value, with the element count of arrays: two values can be combined
    /// component by component only when their shapes agree.
    enum Shape: Hashable { case double, point, size, rect, color, transform, colors(Int), doubles(Int), path([UInt8]), contents }

    /// True when both are the same case, whatever their array lengths.
    func isSameKind(as other: AnimationValue) -> Bool {
        switch (self, other) {
        case (.double, .double), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
             (.transform, .transform), (.colors, .colors), (.doubles, .doubles), (.path, .path), (.contents, .contents): return true
        default: return false
        }
    }

    var shape: Shape {
        switch self {
        case .double: return .double
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .colors(let c): return .colors(c.count)
        case .doubles(let d): return .doubles(d.count)
        case .path(let p): return .path(p.structure)
        case .contents: return .contents
        }
    }

    /// The numbers interpolation works on: colors premultiplied; transforms as their 16
    /// elements (only additive, distance and cumulative maths use these; interpolation
    /// decomposes).
    var components: [Double] {
        switch self {
        case .double(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return AnimationValue.premultiplied(c)
        case .transform(let t): return t.elements
        case .colors(let cs): return cs.flatMap(AnimationValue.premultiplied)
        case .doubles(let d): return d
        case .path(let p): return p.points.flatMap { [$0.x, $0.y] }
        // Bitmaps are not numbers: sums and distances leave them as they are.
        case .contents: return []
        }
    }

    /// A value of this one's shape made of `c`.
    func with(components c: [Double]) -> AnimationValue {
        switch self {
        case .double: return .double(c[0])
        case .point: return .point(Point(x: c[0], y: c[1]))
        case .size: return .size(Size(width: c[0], height: c[1]))
        case .rect: return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(AnimationValue.unpremultiplied(c[0], c[1], c[2], c[3]))
        case .transform: return .transform(Transform3D(elements: c))
        case .colors(let cs):
            return .colors((0..<cs.count).map { i in
                AnimationValue.unpremultiplied(c[4 * i], c[4 * i + 1], c[4 * i + 2], c[4 * i + 3])
            })
        case .doubles: return .doubles(c)
        case .path(let p): return .path(p.with(points: (0..<c.count / 2).map { Point(x: c[2 * $0], y: c[2 * $0 + 1]) }))
        case .contents: return self
        }
    }

    private static func premultiplied(_ c: Color) -> [Double] {
        [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
    }

    private static func unpremultiplied(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Color {
        guard a > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        return Color(red: r / a, green: g / a, blue: b / a, alpha: a)
    }

    // MARK: Arithmetic

    /// The value `fraction` of the way from self to `other` (fractions outside 0...1
    /// extrapolate, for springs that overshoot).
    public func interpolated(to other: AnimationValue, fraction f: Double) -> AnimationValue {
        guard shape == other.shape else { return f < 0.5 ? self : other }
        if f == 0 { return self }
        if f == 1 { return other }
        switch (self, other) {
        // Component by component as below, without the arrays: these run every frame.
        case let (.double(a), .double(b)): return .double(.lerp(a, b, f))
        case let (.point(a), .point(b)): return .point(.lerp(a, b, f))
        case let (.size(a), .size(b)): return .size(.lerp(a, b, f))
        case let (.rect(a), .rect(b)): return .rect(.lerp(a, b, f))
        case let (.transform(a), .transform(b)):
            return .transform(DecomposedTransform.interpolate(a, b, fraction: f))
        case let (.contents(a), .contents(b)):
            return .contents(ContentsFade(from: a.nearer, to: b.nearer, fraction: f))
        case (.color, .color), (.colors, .colors):
            // Clamped so an overshooting spring cannot produce negative alpha.
            let r = zip(components, other.components).map { a, b in min(1, max(0, a + (b - a) * f)) }
            return with(components: r)
        default:
            return with(components: zip(components, other.components).map { a, b in a + (b - a) * f })
        }
    }

    /// self + other: what `isAdditive`, `byValue` and `isCumulative` add; nil when the
    /// kinds differ. Transforms concatenate with `other` applied first, as
    /// CATransform3DTranslate and friends put a new operation before the existing ones: an
    /// additive transform animation acts in the layer's own space, under its model transform.
    public func adding(_ other: AnimationValue) -> AnimationValue? {
        guard shape == other.shape else { return nil }
        switch (self, other) {
        case let (.double(a), .double(b)): return .double(a + b)
        case let (.transform(a), .transform(b)): return .transform(b.concatenating(a))
        default: return with(components: zip(components, other.components).map(+))
        }
    }

    /// self - other, the inverse of `adding`: for a `byValue` with a `toValue`.
    public func subtracting(_ other: AnimationValue) -> AnimationValue? {
        guard shape == other.shape else { return nil }
        switch (self, other) {
        case let (.double(a), .double(b)): return .double(a - b)
        case let (.transform(a), .transform(b)):
            guard let inverse = b.inverted() else { return nil }
            return .transform(inverse.concatenating(a))
        default: return with(components: zip(components, other.components).map(-))
        }
    }

    /// self added to itself `count` times (0 gives the additive identity): the offset a
    /// cumulative animation has built up after `count` iterations.
    func repeated(_ count: Int) -> AnimationValue {
        switch self {
        case .transform(let t):
            var r = Transform3D.identity
            for _ in 0..<max(0, count) { r = r.concatenating(t) }
            return .transform(r)
        default:
            return with(components: components.map { $0 * Double(count) })
        }
    }

    /// How far apart two values are, for paced keyframes: Euclidean over the components
    /// (for transforms, over their decompositions' translation, scale and rotation).
    func distance(to other: AnimationValue) -> Double {
        guard shape == other.shape else { return 0 }
        let a: [Double], b: [Double]
        if case .transform(let t) = self, case .transform(let u) = other {
            a = DecomposedTransform(t).pacingComponents
            b = DecomposedTransform(u).pacingComponents
        } else {
            a = components; b = other.components
        }
        return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}

extension AnimationValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(integerLiteral value: Int) { self = .double(Double(value)) }
}
