import StrataModel

/// Synthetic frames built byte by byte, premultiplied as `Image` stores them.
enum TestImages {
    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    static func make(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA) -> Image {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                bytes += [p.r, p.g, p.b, p.a]
            }
        }
        return Image(width: width, height: height, pixels: bytes)
    }

    static func grey(_ v: UInt8) -> RGBA { (v, v, v, 255) }

    static func uniform(width: Int, height: Int, _ p: RGBA) -> Image { make(width: width, height: height) { _, _ in p } }

    /// A copy with some pixels replaced.
    static func changing(_ image: Image, _ changes: [(x: Int, y: Int, to: RGBA)]) -> Image {
        var bytes = image.pixels
        for c in changes {
            let i = (c.y * image.width + c.x) * 4
            bytes[i] = c.to.r; bytes[i + 1] = c.to.g; bytes[i + 2] = c.to.b; bytes[i + 3] = c.to.a
        }
        return Image(width: image.width, height: image.height, pixels: bytes)
    }

    /// Black left of `edge`, white right of it, and one mid-grey column at `edge`: a
    /// vertical edge as a rasteriser anti-aliases it.
    static func softVerticalEdge(width: Int = 12, height: Int = 8, edge: Int) -> Image {
        make(width: width, height: height) { x, _ in x < edge ? grey(0) : x == edge ? grey(128) : grey(255) }
    }
}
