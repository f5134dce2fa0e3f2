import Foundation
import StrataModel
import StrataRender
import StrataScenes

/// `strata render alert`: one frame of an alert or action sheet presented over a white
/// iPhone screen, described on the command line or named as one of the seeds' examples.
enum AlertRender {
    static let help = """
    USAGE: strata render alert [--example NAME] [--style alert|sheet] [--title T] [--message M]
                               [--action STYLE:TITLE]... [--text-field PLACEHOLDER[:secure]]...
                               [--preferred N] [--appearance light|dark] [--time T]
                               [--size WxH] [--scale S] [--out PATH]

    Renders a UIAlertController-style alert (or action sheet) presented over a plain
    screen, offscreen (OSMesa), to a PNG, as iOS draws it: 270 pt box, 44 pt buttons,
    one-pixel hairlines, the scene dimmed.

    OPTIONS:
      --example NAME     one of the seeds' alerts (other options change it):
    \(wrapped(AlertExample.names, indent: 21, width: 88))
      --style S          alert (default) or sheet
      --title T          the title
      --message M        the message
      --action S:TITLE   an action, repeatable, in order; S is default, cancel,
                         destructive or disabled (a grey default action)
      --text-field P     a text field with placeholder P, repeatable; P:secure for bullets
      --preferred N      the Nth --action (from 1) is preferred: semibold, and Return picks it
      --appearance A     light (default) or dark
      --time T           seconds after the alert was presented, 0...3600 (default: at
                         rest, once the appearance has settled)
      --size WxH         view size in points (default 375x667, an iPhone 8)
      --scale S          pixels per point, 1...4 (default 2)
      --out PATH         output PNG (default alert.png); written atomically
      --png-level N      zlib compression level 0...9 (default 1)
      --shaders DIR      read shaders from DIR instead of the embedded copies
    """

    /// Words joined with commas, in lines of at most `width` columns after `indent` spaces.
    static func wrapped(_ words: [String], indent: Int, width: Int) -> String {
        var lines: [String] = [], line = ""
        for (i, w) in words.enumerated() {
            let piece = w + (i < words.count - 1 ? "," : "")
            if !line.isEmpty && indent + line.count + 1 + piece.count > width {
                lines.append(line)
                line = piece
            } else {
                line += (line.isEmpty ? "" : " ") + piece
            }
        }
        lines.append(line)
        return lines.map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
    }

    static func isRequested(_ args: [String]) -> Bool { RenderCommand.sceneName(in: args) == "alert" }

    static func run(_ args: [String]) throws {
        let (rest, repeated) = try takeRepeated(["action", "text-field"], from: args)
        let a = try Arguments(rest, valueOptions: ["example", "style", "title", "message", "preferred", "appearance",
                                                   "time", "size", "scale", "out", "shaders", "png-level"],
                              command: "render")
        if a.positional.count > 1 { throw UsageError("unexpected argument '\(a.positional[1])'") }
        let spec = try specification(a, actions: repeated["action"] ?? [], fields: repeated["text-field"] ?? [])
        let time = try a.double("time", range: 0...3600) ?? AlertScene.restTime
        let designed = AlertScene.defaultViewSize
        let size = try a.size("size") ?? (designed.width, designed.height)
        let scale = try a.double("scale", range: 1...4) ?? 2
        let out = a.string("out") ?? "alert.png"
        let pngLevel = try a.int("png-level", range: 0...9) ?? PNG.Options.fast.compressionLevel
        let pixelWidth = Int((size.width * scale).rounded()), pixelHeight = Int((size.height * scale).rounded())
        guard pixelWidth <= maximumSurfaceSide, pixelHeight <= maximumSurfaceSide else {
            throw UsageError("--size \(size.width.clean)x\(size.height.clean) at --scale \(scale.clean) is \(pixelWidth)x\(pixelHeight) px; each side must be at most \(maximumSurfaceSide) px")
        }

        let scene = try AlertScene(spec, viewSize: Size(width: size.width, height: size.height), scale: scale)
        if let error = scene.layoutError { throw error }
        scene.advance(to: time)
        let renderer = try Renderer(surface: try makeOffscreenSurface(), shaders: shaderSource(a))
        let frame = try renderer.render(layer: scene.presentationLayer, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                        scale: scale)
        try PNG.write(frame, to: out, options: PNG.Options(compressionLevel: pngLevel))
        let what = spec.isActionSheet ? "action sheet" : "alert"
        let name = a.string("example").map { " (example \($0))" } ?? ""
        print("wrote \(out) (\(pixelWidth)x\(pixelHeight) px, \(what)\(name) \(time.clean) s after presentation: \(scene.statusDescription))")
    }

    /// The alert the options describe: an example, changed by the options given.
    static func specification(_ a: Arguments, actions: [String], fields: [String]) throws -> AlertSpecification {
        do {
            var spec = AlertSpecification()
            if let name = a.string("example") {
                spec = try AlertSpecification.example(named: name)
            } else if a.string("title") == nil && a.string("message") == nil && actions.isEmpty && fields.isEmpty {
                throw UsageError("render alert needs --example NAME, or at least one of --title, --message, --action, --text-field (see 'strata help render')")
            }
            if let style = a.string("style") { try spec.setStyle(word: style) }
            if let appearance = a.string("appearance") { try spec.setAppearance(word: appearance) }
            if let t = a.string("title") { spec.title = t }
            if let m = a.string("message") { spec.message = m }
            if !actions.isEmpty { spec.actions = try actions.map { try AlertSpecification.Action(word: $0) } }
            if !fields.isEmpty { spec.textFields = fields.map { AlertSpecification.Field(word: $0) } }
            if let n = try a.int("preferred", range: 1...1000) {
                guard n <= spec.actions.count else {
                    throw UsageError("--preferred \(n): there \(spec.actions.count == 1 ? "is 1 action" : "are \(spec.actions.count) actions")")
                }
                spec.preferredAction = n - 1
            }
            return spec
        } catch let e as AlertSpecificationError {
            throw UsageError(e.description)
        }
    }

    /// Takes every `--NAME VALUE` / `--NAME=VALUE` of the repeatable options out of
    /// `args`, in order; the rest goes to the ordinary parser.
    static func takeRepeated(_ names: Set<String>, from args: [String]) throws -> (rest: [String], values: [String: [String]]) {
        var rest: [String] = [], values: [String: [String]] = [:]
        var i = 0
        while i < args.count {
            let word = args[i]
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                if names.contains(name) {
                    if let eq = body.firstIndex(of: "=") {
                        values[name, default: []].append(String(body[body.index(after: eq)...]))
                    } else {
                        guard i + 1 < args.count else { throw UsageError("--\(name) needs a value (see 'strata help render')") }
                        values[name, default: []].append(args[i + 1])
                        i += 1
                    }
                    i += 1
                    continue
                }
            }
            rest.append(word)
            i += 1
        }
        return (rest, values)
    }
}
