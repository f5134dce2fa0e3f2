import Foundation
import StrataGestures
import StrataModel
import StrataRender
import StrataScenes

/// `strata render kitchensink`: one frame of seed 001's Kitchen Sink at a given scene
/// time, after a scripted start: labels added, one tapped, the Asker presented with a
/// transition style and answered.
enum KitchenSinkRender {
    static let help = """
    USAGE: strata render kitchensink [--labels TEXT,TEXT...] [--tap N] [--tap-action move|fade]
                                     [--present cover|flip|dissolve|curl] [--style full|page|form]
                                     [--answer TEXT] [--time T] [--seed N]
                                     [--size WxH] [--scale S] [--out PATH]

    Renders seed 001's Kitchen Sink offscreen (OSMesa) to a PNG, T seconds into a script
    that starts at time 0:
      - the labels are added (each at a random place in the sink, from --seed);
      - label N is tapped: it moves to a new random place over 4 s (or, with
        --tap-action fade, fades out over 3 s and is removed);
      - "Add Label" is tapped: the Asker is presented with the transition style;
      - once presented (0.5 s; 0.4 s for dissolve), the answer is typed and Return
        pressed: the label is added and the Asker dismissed with the same transition
        played backwards. An empty answer (--answer '') taps outside the field instead:
        the Asker is dismissed and nothing is added.

    OPTIONS:
      --labels LIST       labels to start with, comma-separated
      --tap N             tap the Nth label (from 1) at time 0
      --tap-action A      move (default) or fade
      --present STYLE     present the Asker: cover, flip, dissolve or curl
      --style S           its presentation style: full (default), page or form
      --answer TEXT       answer the Asker (needs --present)
      --time T            seconds from the start, 0...3600 (default 0)
      --seed N            random seed, 0...2147483647 (default 1)
      --size WxH          view size in points (default 320x480, the seed's iPhone)
      --scale S           pixels per point, 1...4 (default 2)
      --out PATH          output PNG (default kitchensink.png); written atomically
      --png-level N       zlib compression level 0...9 (default 1)
      --shaders DIR       read shaders from DIR instead of the embedded copies
    """

    /// Command-line words -> the scene's option words (UIKit's names).
    static let transitions = ["cover": "coverVertical", "flip": "flipHorizontal", "dissolve": "crossDissolve",
                              "curl": "partialCurl"]
    static let presentations = ["full": "fullScreen", "page": "pageSheet", "form": "formSheet"]

    static func isRequested(_ args: [String]) -> Bool { RenderCommand.sceneName(in: args) == "kitchensink" }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, valueOptions: ["labels", "tap", "tap-action", "present", "style", "answer", "time",
                                                   "seed", "size", "scale", "out", "shaders", "png-level"],
                              command: "render")
        if a.positional.count > 1 { throw UsageError("unexpected argument '\(a.positional[1])'") }
        let labels = a.string("labels").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        let tap = try a.int("tap", range: 1...1000)
        if let tap, tap > labels.count {
            throw UsageError("--tap \(tap): there \(labels.count == 1 ? "is" : "are") only \(labels.count) label\(labels.count == 1 ? "" : "s") (give them with --labels)")
        }
        let tapAction = a.string("tap-action") ?? "move"
        guard tapAction == "move" || tapAction == "fade" else {
            throw UsageError("--tap-action expects move or fade, got '\(tapAction)'")
        }
        let transition = try a.string("present").map { word -> String in
            guard let style = transitions[word] else {
                throw UsageError("--present expects cover, flip, dissolve or curl, got '\(word)'")
            }
            return style
        }
        let styleWord = a.string("style") ?? "full"
        guard let presentation = presentations[styleWord] else {
            throw UsageError("--style expects full, page or form, got '\(styleWord)'")
        }
        let answer = a.string("answer")
        if answer != nil && transition == nil { throw UsageError("--answer answers the Asker: present it with --present") }
        let time = try a.double("time", range: 0...3600) ?? 0
        let seed = try a.int("seed", range: 0...Int(Int32.max)) ?? 1
        let designed = KitchenSinkScene.defaultViewSize
        let size = try a.size("size") ?? (designed.width, designed.height)
        let scale = try a.double("scale", range: 1...4) ?? 2
        let out = a.string("out") ?? "kitchensink.png"
        let pngLevel = try a.int("png-level", range: 0...9) ?? PNG.Options.fast.compressionLevel
        let pixelWidth = Int((size.width * scale).rounded()), pixelHeight = Int((size.height * scale).rounded())
        guard pixelWidth <= maximumSurfaceSide, pixelHeight <= maximumSurfaceSide else {
            throw UsageError("--size \(size.width.clean)x\(size.height.clean) at --scale \(scale.clean) is \(pixelWidth)x\(pixelHeight) px; each side must be at most \(maximumSurfaceSide) px")
        }

        let options: [String: TraceValue] = [
            "seed": .number(Double(seed)), "transition": .string(transition ?? "coverVertical"),
            "presentation": .string(presentation), "fade": .bool(tapAction == "fade"),
        ]
        guard let scene = try SceneRegistry.makeScene(named: "kitchensink", options: options,
                                                      viewSize: Size(width: size.width, height: size.height)) as? KitchenSinkScene
        else { throw UsageError("the kitchensink scene could not be made") }
        let sink = scene.controller
        for text in labels { sink.addLabel(text) }
        if let tap {
            let label = sink.labels[tap - 1]
            sink.tap(inSink: label.position)
        }
        var what = "\(labels.count) label\(labels.count == 1 ? "" : "s")"
        if let transition {
            sink.addLabelTapped()
            what += ", the Asker presented with \(transition) (\(presentation))"
            if let answer {
                let t = scene.askerTransitionDuration
                scene.advance(to: t)
                if answer.isEmpty {
                    // A tap in the top-left corner: outside the field, in the view.
                    scene.handle(.down(x: 4, y: 4, t: t))
                    scene.handle(.up(x: 4, y: 4, t: t))
                    what += ", an empty answer at \(t.clean) s"
                } else {
                    scene.handle(.text(answer, t: t))
                    scene.handle(.key(.return, t: t))
                    what += ", answered \"\(answer)\" at \(t.clean) s"
                }
            }
        }
        scene.advance(to: time)
        let renderer = try Renderer(surface: try makeOffscreenSurface(), shaders: shaderSource(a))
        let frame = try renderer.render(layer: scene.presentationLayer, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                        scale: scale)
        try PNG.write(frame, to: out, options: PNG.Options(compressionLevel: pngLevel))
        print("wrote \(out) (\(pixelWidth)x\(pixelHeight) px, kitchen sink at \(time.clean) s: \(what); \(scene.statusDescription))")
    }
}
