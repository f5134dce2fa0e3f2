import Foundation
import StrataModel
import StrataRender
import StrataScenes

/// `strata render shake`: one frame of the seed-004 form, a given time after one of its
/// buttons was tapped, as the scene's clock has it then: after "shake all with
/// completion", from 0.6 s on, with the completion's alert over it.
enum ShakeRender {
    static let help = """
    USAGE: strata render shake [--shake one|all|completion] [--time T] [--size WxH] [--scale S] [--out PATH]

    Renders the seed-004 AFViewShaker form offscreen (OSMesa) to a PNG, T seconds after a
    button was tapped (the shake starts when the tap ends), or the form at rest without --shake.

    OPTIONS:
      --shake WHICH   the button tapped: one ("shake one": the first button shakes, 0.5 s),
                      all ("shake all": both text fields and their underlines, 0.5 s),
                      completion ("shake all with completion": 0.6 s, then the alert
                      提示 / This is completions block / OK appears over the form,
                      settling in about 0.4 s)
      --time T        seconds after the tap, 0...3600 (default 0, the moment of the tap);
                      needs --shake
      --size WxH      view size in points (default 320x568, the seed's 4-inch iPhone)
      --scale S       pixels per point, 1...4 (default 1)
      --out PATH      output PNG (default shake.png); written atomically
      --png-level N   zlib compression level 0...9 (default 1)
      --shaders DIR   read shaders from DIR instead of the embedded copies
    """

    /// The `--shake` words, in the order of the scene's buttons.
    static let buttons: [(word: String, button: ShakeScene.Button)] = [
        ("one", .shakeOne), ("all", .shakeAll), ("completion", .shakeAllWithCompletion),
    ]

    static func isRequested(_ args: [String]) -> Bool { RenderCommand.sceneName(in: args) == "shake" }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, valueOptions: ["shake", "time", "size", "scale", "out", "shaders", "png-level"],
                              command: "render")
        if a.positional.count > 1 { throw UsageError("unexpected argument '\(a.positional[1])'") }
        let button = try a.string("shake").map { word -> ShakeScene.Button in
            guard let b = buttons.first(where: { $0.word == word })?.button else {
                throw UsageError("--shake expects one, all or completion, got '\(word)'")
            }
            return b
        }
        let time = try a.double("time", range: 0...3600)
        if time != nil && button == nil {
            throw UsageError("--time counts from a tap: give the button with --shake one|all|completion")
        }
        let designed = ShakeScene.defaultViewSize
        let size = try a.size("size") ?? (designed.width, designed.height)
        let scale = try a.double("scale", range: 1...4) ?? 1
        let out = a.string("out") ?? "shake.png"
        let pngLevel = try a.int("png-level", range: 0...9) ?? PNG.Options.fast.compressionLevel
        let pixelWidth = Int((size.width * scale).rounded()), pixelHeight = Int((size.height * scale).rounded())
        guard pixelWidth <= maximumSurfaceSide, pixelHeight <= maximumSurfaceSide else {
            throw UsageError("--size \(size.width.clean)x\(size.height.clean) at --scale \(scale.clean) is \(pixelWidth)x\(pixelHeight) px; each side must be at most \(maximumSurfaceSide) px")
        }

        // The screen's scale is the output's, so the alert's hairlines are one pixel.
        let scene = ShakeScene(viewSize: Size(width: size.width, height: size.height), scale: scale)
        var what = "the form at rest"
        if let button {
            // The button's action runs at scene time 0, as its touch-up would run it;
            // then the clock runs on, handling the shake's end and completion on the way.
            scene.tap(button)
            let t = time ?? 0
            scene.advance(to: t)
            what = "\(t.clean) s after \"\(button.title)\" was tapped"
            if let alert = scene.presentedAlert { what += "; the completion has presented the alert \"\(alert.title)\"" }
        }
        let renderer = try Renderer(surface: try makeOffscreenSurface(), shaders: shaderSource(a))
        let frame = try renderer.render(layer: scene.presentationLayer, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        try PNG.write(frame, to: out, options: PNG.Options(compressionLevel: pngLevel))
        print("wrote \(out) (\(pixelWidth)x\(pixelHeight) px, shake scene: \(what))")
    }
}
