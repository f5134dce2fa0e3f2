import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// A scene file of a 100x80 view whose one sublayer is `layer`.
private func scene(_ layer: String) -> String {
    #"{"strataScene": 1, "size": [100, 80], "root": {"class": "CALayer", "name": "view", "sublayers": [LAYER]}}"#
        .replacingOccurrences(of: "LAYER", with: layer)
}

/// `n` copies of `each` (a layer's keys) in one repeat.
private func copies(_ n: Int, _ each: String) -> String {
    scene(#"{"class": "CALayer", "name": "box", "sublayers": [{"repeat": {"count": \#(n), "each": {\#(each)}}}]}"#)
}

/// "a" under 999 combining acute accents, ten times: 10 characters, 10,000 scalars.
private let marked = String(repeating: "a" + String(repeating: "\u{301}", count: 999), count: 10)

/// An input whose cost the issue found unbounded: the scene file, the command (`$` is the
/// case's folder), and the first line of its error ("" when the command must pass).
struct CostCase: Sendable, CustomStringConvertible {
    let name: String
    let file: String
    let args: [String]
    let says: String
    var description: String { name }
}

private let text = #""class": "CATextLayer", "frame": [0, 0, 10, 10], "fontSize": 4, "string": "TEXT""#

private let cases: [CostCase] = [
    // §5: text limits count Unicode scalars and a character's marks.
    CostCase(name: "a string of 10 letters with 999 marks each", file: scene("{\(text.replacingOccurrences(of: "TEXT", with: marked))}"),
             args: ["lint", "$/s.scene.json"], says: "the string has a character of 1000 Unicode scalars (a letter and its combining marks) at character 1; one may have at most 32"),
    CostCase(name: "a string of 20,000 scalars in 20 characters", file: scene("{\(text.replacingOccurrences(of: "TEXT", with: marked + marked))}"),
             args: ["lint", "$/s.scene.json"], says: "the string is 20000 characters long (Unicode scalars); at most 10000 are allowed"),
    // §5: the whole scene.
    CostCase(name: "100 text layers of 2,500 characters", file: copies(100, text.replacingOccurrences(of: "TEXT", with: String(repeating: "x", count: 2500))),
             args: ["lint", "$/s.scene.json"], says: "the scene's text layers hold more than 200000 characters in all (repeats counted); --max-scene-text raises the limit"),
    CostCase(name: "100 text layers of 2,500 characters, raised", file: copies(100, text.replacingOccurrences(of: "TEXT", with: String(repeating: "x", count: 2500))),
             args: ["lint", "$/s.scene.json", "--max-scene-text", "250000"], says: ""),
    CostCase(name: "300 shadowed layers", file: copies(300, #""frame": [0, 0, 4, 4], "shadowOpacity": 0.5"#),
             args: ["lint", "$/s.scene.json"], says: "the scene has more than 256 layers with a shadow (repeats counted); --max-shadows raises the limit"),
    CostCase(name: "300 shadowed layers, raised", file: copies(300, #""frame": [0, 0, 4, 4], "shadowOpacity": 0.5"#),
             args: ["lint", "$/s.scene.json", "--max-shadows", "300"], says: ""),
    CostCase(name: "300 layers whose shadow is animated in", file: copies(300, #""frame": [0, 0, 4, 4], "animations": {"s": {"class": "CABasicAnimation", "keyPath": "shadowOpacity", "toValue": 1, "duration": 1}}"#),
             args: ["lint", "$/s.scene.json"], says: "--max-shadows raises the limit"),
    CostCase(name: "300 shadowed layers before the first frame", file: copies(300, #""frame": [0, 0, 4, 4], "shadowOpacity": 0.5"#),
             args: ["render", "$/s.scene.json", "--out", "$/out.png"], says: "--max-shadows raises the limit"),
    CostCase(name: "17 backdrop layers", file: copies(17, #""class": "CABackdropLayer", "frame": [0, 0, 4, 4]"#),
             args: ["lint", "$/s.scene.json"], says: "the scene has more than 16 backdrop layers (repeats counted); --max-backdrops raises the limit"),
    CostCase(name: "17 backdrop layers, raised", file: copies(17, #""class": "CABackdropLayer", "frame": [0, 0, 4, 4]"#),
             args: ["lint", "$/s.scene.json", "--max-backdrops", "17"], says: ""),
    CostCase(name: "a contents image over --max-texture-bytes", file: scene(#"{"name": "i", "frame": [0, 0, 10, 10], "contents": "i.png"}"#),
             args: ["lint", "$/s.scene.json", "--max-texture-bytes", "1000"], says: "the scene's contents images take more than 1000 bytes decoded; --max-texture-bytes raises the limit"),
    CostCase(name: "1000 copies of one image count once", file: copies(1000, #""frame": [0, 0, 4, 4], "contents": "i.png""#),
             args: ["lint", "$/s.scene.json", "--max-texture-bytes", "1600"], says: ""),
    CostCase(name: "10,001 layers", file: scene(#"{"name": "a", "sublayers": [{"repeat": {"count": 1000, "each": {"sublayers": [{"repeat": {"count": 9, "each": {}}}]}}}]}"#),
             args: ["lint", "$/s.scene.json"], says: "--max-layers raises the limit"),
    CostCase(name: "10,001 layers, raised", file: scene(#"{"name": "a", "sublayers": [{"repeat": {"count": 1000, "each": {"sublayers": [{"repeat": {"count": 9, "each": {}}}]}}}]}"#),
             args: ["lint", "$/s.scene.json", "--max-layers", "10002"], says: ""),
    // Text that reaches a scene from the command line or a trace.
    CostCase(name: "an alert title of marked letters", file: "",
             args: ["render", "alert", "--title", String(marked.prefix(1)), "--out", "$/out.png"], says: "--title has a character of 1000 Unicode scalars"),
    CostCase(name: "a typed text event of marked letters", file: "",
             args: ["replay", "$/t.trace", "--out", "$/frames"], says: "\"text\" has a character of 1000 Unicode scalars"),
]

@Suite(.serialized, .tags(.gl)) struct SceneCostTests {
    @Test(arguments: cases) func costIsBoundedByTheInput(_ c: CostCase) throws {
        let dir = try temporaryDirectory("cost")
        let expand = { (s: String) in s.replacingOccurrences(of: "$", with: dir) }
        if !c.file.isEmpty { try c.file.write(toFile: dir + "/s.scene.json", atomically: true, encoding: .utf8) }
        try PNG.write(Image(width: 20, height: 20, fill: .white), to: dir + "/i.png")
        let header = #"{"trace": 1, "scene": "kitchensink", "width": 320, "height": 480, "scale": 1, "fps": 20}"#
        let typed = #"{"t": 0, "kind": "key", "text": "\#(marked)"}"#
        try (header + "\n" + typed + "\n").write(toFile: dir + "/t.trace", atomically: true, encoding: .utf8)
        let r = try strata(c.args.map(expand))
        if c.says.isEmpty {
            #expect(r.status == 0, "\(r.stderr)")
        } else {
            #expect(r.status == 2 && r.stderr.hasPrefix("strata: error: ") && r.stderr.contains(c.says), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.png") && !FileManager.default.fileExists(atPath: dir + "/frames"))
        }
    }
}
