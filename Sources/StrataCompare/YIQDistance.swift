/// pixelmatch's perceptual colour distance: the squared difference of two colours in the
/// YIQ space, weighted as in Kotsarenko & Ramos (2010), after blending both over white.
enum YIQDistance {
    /// The distance between the two most different colours; thresholds are fractions of it.
    static let largest = 35215.0

    /// Squared distances above this count as different at `threshold`.
    static func limit(threshold: Double) -> Double { largest * threshold * threshold }

    /// One channel of a premultiplied pixel composited over white: c + 255·(1 − a/255).
    /// For the straight colour s that was premultiplied to c ≈ s·a/255 this is pixelmatch's
    /// 255 + (s − 255)·a/255, up to the ≤ 0.5 rounding of premultiplication; and it is an
    /// integer, so pixels that look the same differ by exactly zero.
    @inline(__always) static func overWhite(_ channel: Int32, alpha: Int32) -> Int32 { channel &+ 255 &- alpha }

    /// Per-channel difference p − q of the two pixels as they look over white.
    @inline(__always) static func visibleDifference(_ p: UInt32, _ q: UInt32) -> (r: Int32, g: Int32, b: Int32) {
        let pa = p.alpha, qa = q.alpha
        return (overWhite(p.red, alpha: pa) &- overWhite(q.red, alpha: qa),
                overWhite(p.green, alpha: pa) &- overWhite(q.green, alpha: qa),
                overWhite(p.blue, alpha: pa) &- overWhite(q.blue, alpha: qa))
    }

    /// The squared YIQ distance of two pixels from their `visibleDifference`.
    @inline(__always) static func squaredDistance(_ d: (r: Int32, g: Int32, b: Int32)) -> Double {
        let r = Double(d.r), g = Double(d.g), b = Double(d.b)
        let y = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
        let i = r * 0.59597799 - g * 0.27417610 - b * 0.32180189
        let q = r * 0.21147017 - g * 0.52261711 + b * 0.31114694
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// Luma Y = 0.29889531 R + 0.58662247 G + 0.11448223 B, times 10⁸: the weights have
    /// eight decimals, so for integer channels this is exact, and ties and zeros come out
    /// as they would in exact arithmetic.
    @inline(__always) static func scaledLuma(_ r: Int32, _ g: Int32, _ b: Int32) -> Int64 {
        29_889_531 &* Int64(r) &+ 58_662_247 &* Int64(g) &+ 11_448_223 &* Int64(b)
    }

    /// Y(p) × 10⁸ of a pixel over white (`scaledLuma`), held in a Double: every product and
    /// sum is an integer below 2⁵³, so it is exact, luma(p) − luma(q) is the luma of the
    /// difference (the transform is linear), and unlike Int64 arithmetic a row of them
    /// vectorises (SSE2 has no 64-bit multiply).
    @inline(__always) static func luma(_ p: UInt32) -> Double {
        let a = p.alpha
        return 29_889_531 * Double(overWhite(p.red, alpha: a)) + 58_662_247 * Double(overWhite(p.green, alpha: a))
            + 11_448_223 * Double(overWhite(p.blue, alpha: a))
    }
}
