import StrataModel

/// Squared 8-bit error between frames as they look over white (the comparator's rule,
/// `YIQDistance.visibleDifference`), summed over the pixels of many frames or a region of
/// them, so a PSNR can be pooled: a set of frames scores by its total error, not by the
/// mean of per-frame decibels, which one near-perfect frame would dominate.
public struct SquaredError: Sendable, Equatable {
    /// Sum of squared R, G and B differences.
    public private(set) var sum: Int = 0
    /// Channel values summed: three per pixel counted.
    public private(set) var samples: Int = 0

    public init() {}

    /// Adds every pixel of `expected` against `actual`, or only those `include(x, y)` accepts.
    public mutating func add(expected: Image, actual: Image, where include: ((Int, Int) -> Bool)? = nil) throws {
        guard expected.width == actual.width, expected.height == actual.height else {
            // Frames of different sizes have no pixel-by-pixel error.
            throw Diagnostic("frames differ in size: expected \(expected.width)x\(expected.height), actual \(actual.width)x\(actual.height)")
        }
        expected.pixels.withUnsafeBytes { e in
            actual.pixels.withUnsafeBytes { a in
                let p = PixelGrid(bytes: e, width: expected.width, height: expected.height)
                let q = PixelGrid(bytes: a, width: actual.width, height: actual.height)
                for y in 0..<expected.height {
                    for x in 0..<expected.width where include?(x, y) ?? true {
                        let d = YIQDistance.visibleDifference(p.word(x: x, y: y), q.word(x: x, y: y))
                        sum += Int(d.r * d.r + d.g * d.g + d.b * d.b)
                        samples += 3
                    }
                }
            }
        }
    }

    public static func += (a: inout SquaredError, b: SquaredError) {
        a.sum += b.sum
        a.samples += b.samples
    }

    /// Mean squared error per channel value; 0 when nothing was counted.
    public var meanSquaredError: Double { samples > 0 ? Double(sum) / Double(samples) : 0 }

    /// 10 log10(255² / MSE) in dB; infinity when nothing differs.
    public var psnr: Double { FrameComparison.psnr(squaredError: sum, samples: samples) }
}
