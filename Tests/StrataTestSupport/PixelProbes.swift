import Foundation
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

/// How many bytes of `a` and `b` differ (the longer one's extra bytes count): memcmp first,
/// so equal frames, the common case, cost one pass of optimized C, not a loop of the
/// debug build's Swift.
public func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let common = min(a.count, b.count)
    return a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in
            guard common > 0, let x = pa.baseAddress, let y = pb.baseAddress else { return max(a.count, b.count) }
            if memcmp(x, y, common) == 0 { return max(a.count, b.count) - common }
            var n = max(a.count, b.count) - common
            for i in 0..<common where x[i] != y[i] { n += 1 }
            return n
        }
    }
}
