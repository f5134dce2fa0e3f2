import StrataModel

/// One pixel's premultiplied bytes, for probes at positions worked out by hand.
public struct RGBA: Equatable, CustomStringConvertible, Sendable {
    public var r, g, b, a: Int
    public init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    public var description: String { "(\(r), \(g), \(b), \(a))" }
    public func isClose(to o: RGBA, within t: Int) -> Bool {
        abs(r - o.r) <= t && abs(g - o.g) <= t && abs(b - o.b) <= t && abs(a - o.a) <= t
    }
}

extension Image {
    public func rgba(_ x: Int, _ y: Int) -> RGBA {
        let p = pixel(x: x, y: y)
        return RGBA(Int(p.r), Int(p.g), Int(p.b), Int(p.a))
    }

    /// Pixels within `tolerance` of `color` in a rectangle of pixels.
    public func count(_ color: RGBA, within tolerance: Int, x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for yy in y { for xx in x where rgba(xx, yy).isClose(to: color, within: tolerance) { n += 1 } }
        return n
    }
}
