import Foundation

/// An RGBA8 bitmap with premultiplied alpha, rows top-down: a layer's `contents`, and
/// what the renderer reads back. A value type; `identity` lets the renderer keep one
/// texture per distinct bitmap and upload it once.
public struct Image: Sendable {
    public let width: Int
    public let height: Int
    /// width * height * 4 bytes, premultiplied RGBA.
    public private(set) var pixels: [UInt8] {
        didSet { identity = Image.nextIdentity() }
    }
    /// Changes whenever the pixels do; equal identities mean equal pixels.
    public private(set) var identity: UInt64

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "an Image needs width * height * 4 bytes")
        self.width = width; self.height = height; self.pixels = pixels
        identity = Image.nextIdentity()
    }

    /// A bitmap filled with one color.
    public init(width: Int, height: Int, fill: Color = .clear) {
        let p = fill.premultiplied
        let px = [p.r, p.g, p.b, p.a].map { UInt8((max(0, min(1, $0)) * 255).rounded()) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = px[0]; pixels[i + 1] = px[1]; pixels[i + 2] = px[2]; pixels[i + 3] = px[3]
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    public mutating func setPixel(x: Int, y: Int, _ c: Color) {
        let p = c.premultiplied
        let i = (y * width + x) * 4
        pixels.withUnsafeMutableBufferPointer { b in
            b[i] = UInt8((p.r * 255).rounded()); b[i + 1] = UInt8((p.g * 255).rounded())
            b[i + 2] = UInt8((p.b * 255).rounded()); b[i + 3] = UInt8((p.a * 255).rounded())
        }
    }

    /// Fills a rectangle of pixels (clamped to the bitmap).
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ c: Color) {
        for yy in max(0, y)..<min(height, y + h) {
            for xx in max(0, x)..<min(width, x + w) { setPixel(x: xx, y: yy, c) }
        }
    }

    // A counter, not a random id: identities are only compared, never drawn, and
    // Images are made on several threads (tests, the replay's encoder).
    nonisolated(unsafe) private static var counter: UInt64 = 0
    private static let lock = NSLock()
    private static func nextIdentity() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        return counter
    }
}
