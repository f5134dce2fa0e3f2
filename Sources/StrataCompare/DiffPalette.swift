/// The colours of a diff image, as pixelmatch draws them: the expected frame faded to a
/// light grey so the marks stand out, differences red, anti-aliasing yellow, masked
/// regions magenta (Playwright's default `maskColor`). Every diff pixel is opaque.
enum DiffPalette {
    static let difference = UInt32.pixel(red: 255, green: 0, blue: 0)
    static let antialiasing = UInt32.pixel(red: 255, green: 255, blue: 0)
    static let masked = UInt32.pixel(red: 255, green: 0, blue: 255)

    /// The faded grey for an unchanged pixel: its luma over white at 0.1 × its own alpha,
    /// pixelmatch's 255 + (Y(s) − 255)·0.1·a/255 for straight s. Premultiplied, Y(s)·a/255
    /// is Y(c), so this is 255 + (Y(c) − a)/10, which times 10⁹ is an exact integer: no
    /// floating point, and halves round to even as a browser's Uint8ClampedArray stores
    /// pixelmatch's output.
    @inline(__always) static func unchanged(_ pixel: UInt32) -> UInt32 {
        let unit: UInt64 = 1_000_000_000
        let luma = UInt64(YIQDistance.scaledLuma(pixel.red, pixel.green, pixel.blue))
        // Rounding half up by adding a half; the result was a tie if nothing remains.
        let shifted = 255 &* unit &+ unit / 2 &+ luma &- 100_000_000 &* UInt64(pixel.alpha)
        let roundedUp = shifted / unit
        let wasTie = shifted &- roundedUp &* unit == 0
        let grey = roundedUp &- (wasTie && roundedUp & 1 == 1 ? 1 : 0)
        // Only malformed premultiplied pixels (colour above alpha) come out above white.
        let v = UInt32(truncatingIfNeeded: min(grey, 255))
        return .pixel(red: v, green: v, blue: v)
    }
}

/// `DiffPalette.unchanged` for a run of pixels, remembering the last one: rendered frames
/// are mostly runs of one colour (flat fills, and gradients that step every few pixels),
/// which then cost a compare instead of the luma arithmetic.
struct FadedGreyCache {
    private var lastPixel: UInt32 = 0
    private var lastGrey = DiffPalette.unchanged(0)

    @inline(__always) mutating func grey(_ pixel: UInt32) -> UInt32 {
        if pixel != lastPixel { lastPixel = pixel; lastGrey = DiffPalette.unchanged(pixel) }
        return lastGrey
    }
}
