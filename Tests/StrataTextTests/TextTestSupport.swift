import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataText
import StrataTestSupport

/// A white window of `width` x `height` points with one text layer filling `frame`.
func textScene(_ string: String, font: Font = .systemFont(ofSize: 17), color: Color = .black,
               frame: Rect, width: Double = 200, height: Double = 60,
               configure: (TextLayer) -> Void = { _ in }) -> (root: Layer, text: TextLayer) {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = .white
    let text = TextLayer()
    text.name = "text"
    text.string = string
    text.font = font
    text.foregroundColor = color
    text.frame = frame
    configure(text)
    root.addSublayer(text)
    return (root, text)
}

func render(_ root: Layer, scale: Double = 1, renderer: Renderer? = nil) throws -> Image {
    let r = try renderer ?? makeRenderer()
    return try r.render(layer: root, pixelWidth: Int((root.bounds.width * scale).rounded()),
                        pixelHeight: Int((root.bounds.height * scale).rounded()), scale: scale)
}

/// Frames worth looking at go to /tmp/strata-text-tests/NAME.png.
func keep(_ image: Image, _ name: String) {
    let dir = "/tmp/strata-text-tests"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try? PNG.write(image, to: dir + "/" + name + ".png")
}

extension Image {
    /// Darkness of a pixel on white: 0 white ... 255 black (the red channel suffices for grey text).
    func ink(_ x: Int, _ y: Int) -> Int { 255 - Int(pixel(x: x, y: y).r) }

    /// The smallest pixel rectangle holding every pixel darker than `threshold`, or nil.
    func inkBounds(threshold: Int = 0, in region: (x: Range<Int>, y: Range<Int>)? = nil) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var b: (Int, Int, Int, Int)?
        for y in region?.y ?? 0..<height {
            for x in region?.x ?? 0..<width where ink(x, y) > threshold {
                if let c = b { b = (min(c.0, x), min(c.1, y), max(c.2, x), max(c.3, y)) } else { b = (x, y, x, y) }
            }
        }
        return b.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    /// Pixels whose darkness is strictly between `low` and `high`: anti-aliased edge pixels.
    func count(inkBetween low: Int, and high: Int) -> Int {
        var n = 0
        for y in 0..<height { for x in 0..<width { let i = ink(x, y); if i > low && i < high { n += 1 } } }
        return n
    }

    func count(inkAbove threshold: Int) -> Int {
        var n = 0
        for y in 0..<height { for x in 0..<width where ink(x, y) > threshold { n += 1 } }
        return n
    }
}
