import Foundation
import StrataModel
import StrataRender
import StrataScenes

/// `strata render SCENE`: one frame of a scene to a PNG.
enum RenderCommand {
    static let help = """
    USAGE: strata render carousel [--angle DEG] [--planes N] [--size WxH] [--scale S] [--out PATH]

    Renders one frame of the seed-000 carousel offscreen (OSMesa) to a PNG.

    OPTIONS:
      --angle DEG     carousel angle in degrees (default 0: plane 0 faces front)
      --planes N      number of planes, 1...1000 (default 5); spaced 360/N degrees,
                      divided on integers as the seed does
      --size WxH      view size in points (default 480x320)
      --scale S       pixels per point, 1...4 (default 1)
      --out PATH      output PNG (default carousel.png); written atomically
      --png-level N   zlib compression level 0...9 (default 1: fast, see docs)
      --shaders DIR   read shaders from DIR instead of the embedded copies

    \(ShakeRender.help)

    \(AlertRender.help)

    \(KitchenSinkRender.help)
    """

    static func run(_ args: [String]) throws {
        if ShakeRender.isRequested(args) { return try ShakeRender.run(args) }
        if AlertRender.isRequested(args) { return try AlertRender.run(args) }
        if KitchenSinkRender.isRequested(args) { return try KitchenSinkRender.run(args) }
        let a = try Arguments(args, valueOptions: ["angle", "planes", "size", "scale", "out", "shaders", "png-level"], command: "render")
        guard let scene = a.positional.first else {
            throw UsageError("render needs a scene name: strata render carousel (see 'strata help render')")
        }
        guard scene == "carousel" else {
            throw UsageError("unknown scene '\(scene)'; scenes: carousel, shake, alert, kitchensink")
        }
        if a.positional.count > 1 { throw UsageError("unexpected argument '\(a.positional[1])'") }
        let angle = try a.double("angle", range: -1e6...1e6) ?? 0
        let planes = try a.int("planes", range: 1...1000) ?? 5
        let size = try a.size("size") ?? (480, 320)
        let scale = try a.double("scale", range: 1...4) ?? 1
        let out = a.string("out") ?? "carousel.png"
        let pngLevel = try a.int("png-level", range: 0...9) ?? PNG.Options.fast.compressionLevel
        let pixelWidth = Int((size.width * scale).rounded()), pixelHeight = Int((size.height * scale).rounded())
        guard pixelWidth <= maximumSurfaceSide, pixelHeight <= maximumSurfaceSide else {
            throw UsageError("--size \(size.width.clean)x\(size.height.clean) at --scale \(scale.clean) is \(pixelWidth)x\(pixelHeight) px; each side must be at most \(maximumSurfaceSide) px")
        }

        let carousel = CarouselScene(planeCount: planes, angle: angle, viewSize: Size(width: size.width, height: size.height))
        let renderer = try Renderer(surface: try makeOffscreenSurface(), shaders: shaderSource(a))
        let frame = try renderer.render(layer: carousel.rootLayer, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        try PNG.write(frame, to: out, options: PNG.Options(compressionLevel: pngLevel))
        print("wrote \(out) (\(pixelWidth)x\(pixelHeight) px, carousel at \(angle.clean)°, \(planes) planes)")
    }
}

extension RenderCommand {
    /// The scene named on a `render` command line: every option of `render` takes a
    /// value, so it is the first word that is neither an option nor the value after one.
    static func sceneName(in args: [String]) -> String? {
        var i = 0
        while i < args.count {
            let word = args[i]
            if word.hasPrefix("--") && word.count > 2 {
                i += word.contains("=") ? 1 : 2
                continue
            }
            return word
        }
        return nil
    }
}

func shaderSource(_ a: Arguments) -> ShaderSource {
    a.string("shaders").map { .directory($0) } ?? .embedded
}
