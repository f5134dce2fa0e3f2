import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// A scene file of a 100x80 white view with `layer` as its one sublayer.
private func sceneFile(_ layer: String, options: String = "{}") -> String {
    "{\"strataScene\": 1, \"size\": [100, 80], \"options\": \(options), \"root\": {\"class\": \"CALayer\", \"name\": \"view\", \"backgroundColor\": \"white\", \"sublayers\": [\(layer)]}}"
}

/// An input that once stopped strata with SIGILL: the files it needs ($ is the case's
/// folder), the command, and the exit status and message it gives now.
struct TrapCase: Sendable, CustomStringConvertible {
    let name: String
    let files: [String: String]
    let args: [String]
    let status: Int32
    let says: String
    /// A pixel of `$/out.png` worked out by hand, when the frame shows one.
    var probe: (x: Int, y: Int, color: RGBA)? = nil
    var description: String { name }
}

private let shadowed = "\"backgroundColor\": \"red\", \"shadowOpacity\": 1"

private let traps: [TrapCase] = [
    TrapCase(name: "--mask of Int.max", files: [:], args: ["compare", "$/a.png", "$/a.png", "--mask", "9223372036854775807,0,1,1"],
             status: 2, says: "--mask: $/a.png: mask 9223372036854775807,0,1,1 is not inside the 40x30 frame (its far edge is beyond any frame)"),
    TrapCase(name: "--mask of width Int.max", files: [:], args: ["compare", "$/a.png", "$/a.png", "--mask", "5,0,9223372036854775807,1"],
             status: 2, says: "is not inside the 40x30 frame (its far edge is beyond any frame)"),
    TrapCase(name: "--mask-points 1e300", files: [:], args: ["check", "$/drag.trace", "--mask-points", "1e300,0,1,1"],
             status: 2, says: "--mask-points: mask '1e300,0,1,1' lies beyond any view: each number must be within -100000...100000 points"),
    TrapCase(name: "--mask-points -1e19", files: [:], args: ["check", "$/drag.trace", "--mask-points", "-1e19,0,1,1"],
             status: 2, says: "--mask-points: mask '-1e19,0,1,1' lies beyond any view"),
    TrapCase(name: "a manifest mask at x = Int.max", files: ["manifest-mask": "9223372036854775807"], args: ["check", "$/drag.trace"],
             status: 2, says: "$/drag.trace: mask 9223372036854775807,0,1,1 is not inside the 160x120 frame (its far edge is beyond any frame)"),
    TrapCase(name: "lint of an integer option beyond Int",
             files: ["s.scene.json": sceneFile("", options: "{\"count\": {\"type\": \"integer\", \"range\": [0, 1e30]}}")],
             args: ["lint", "$/s.scene.json"], status: 2, says: "options.count.range: an integer option's range must lie within -9223372036854775808...9223372036854775807, got 0...1e+30"),
    TrapCase(name: "render of an integer option beyond Int",
             files: ["s.scene.json": sceneFile("", options: "{\"count\": {\"type\": \"integer\", \"range\": [-1e19, 0]}}")],
             args: ["render", "$/s.scene.json", "--out", "$/out.png"], status: 2, says: "an integer option's range must lie within"),
    // Frames lint calls ok render without trapping.
    TrapCase(name: "a 1e20 frame with a shadow",
             files: ["s.scene.json": sceneFile("{\"class\": \"CALayer\", \"name\": \"a\", \"frame\": [0, 0, 1e20, 1e20], \(shadowed)}")],
             args: ["render", "$/s.scene.json", "--out", "$/out.png"], status: 0, says: ""),
    // Clamped to the frame, the capture of white behind a default material is white.
    TrapCase(name: "a 1e308 backdrop layer",
             files: ["s.scene.json": sceneFile("{\"class\": \"CABackdropLayer\", \"name\": \"a\", \"frame\": [0, 0, 1e308, 1e308]}")],
             args: ["render", "$/s.scene.json", "--out", "$/out.png"], status: 0, says: "", probe: (50, 40, RGBA(255, 255, 255))),
    // Glyphs past FontFace.maxPixelSize are left out: the view stays white.
    TrapCase(name: "fontSize 1e20",
             files: ["s.scene.json": sceneFile("{\"class\": \"CATextLayer\", \"name\": \"a\", \"frame\": [0, 0, 100, 80], \"string\": \"HH\", \"foregroundColor\": \"black\", \"fontSize\": 1e20}")],
             args: ["render", "$/s.scene.json", "--out", "$/out.png"], status: 0, says: "", probe: (50, 40, RGBA(255, 255, 255))),
    TrapCase(name: "a 1e308 text frame",
             files: ["s.scene.json": sceneFile("{\"class\": \"CATextLayer\", \"name\": \"a\", \"frame\": [0, 0, 1e308, 1e308], \"string\": \"H\"}")],
             args: ["render", "$/s.scene.json", "--out", "$/out.png"], status: 0, says: ""),
    TrapCase(name: "an animation to 1e308 on a shadowed layer",
             files: ["s.scene.json": sceneFile("{\"class\": \"CALayer\", \"name\": \"a\", \"frame\": [0, 0, 10, 10], \(shadowed), \"animations\": {\"grow\": {\"class\": \"CABasicAnimation\", \"keyPath\": \"bounds.size.width\", \"fromValue\": 10, \"toValue\": 1e308, \"duration\": 1}}}")],
             args: ["render", "$/s.scene.json", "--out", "$/out.png", "--time", "0.5"], status: 0, says: ""),
]

@Suite(.serialized, .tags(.gl)) struct InputTrapTests {
    @Test(arguments: traps) func noInputTraps(_ c: TrapCase) throws {
        let dir = try temporaryDirectory("trap")
        let expand = { (s: String) in s.replacingOccurrences(of: "$", with: dir) }
        #expect(try strata(["render", "carousel", "--size", "40x30", "--out", dir + "/a.png"]).status == 0)
        let trace = try dragTrace(dir)
        for (name, text) in c.files where name != "manifest-mask" {
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        }
        if let x = c.files["manifest-mask"] {
            #expect(try strata(["check", trace, "--record"]).status == 0)
            let path = dir + "/references/drag/strata-references.json"
            var text = try String(contentsOfFile: path, encoding: .utf8)
            text = text.replacingOccurrences(of: "\"backend\"", with: "\"masks\": [{\"x\": \(x), \"y\": 0, \"width\": 1, \"height\": 1}], \"backend\"")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let r = try strata(c.args.map(expand))
        #expect(r.status == c.status, "\(r.stderr)")
        if c.status == 2 {
            #expect(r.stderr.hasPrefix("strata: error: ") && r.stderr.contains(expand(c.says)), "\(r.stderr)")
        } else {
            // What render draws, lint calls ok too.
            let scene = c.args[1].replacingOccurrences(of: "$", with: dir)
            #expect(try strata(["lint", scene]).status == 0)
            let image = try PNG.read(path: dir + "/out.png")
            #expect(image.width == 100 && image.height == 80)
            if let p = c.probe { #expect(image.rgba(p.x, p.y) == p.color) }
        }
    }

    @Test(arguments: [(1e300, nil), (-1e19, nil), (.nan, nil), (.infinity, nil), (9_223_372_036_854_775_808.0, nil),
                      (-9_223_372_036_854_775_808.0, Int.min), (2.9, 2), (-2.9, -2), (1e15, 1_000_000_000_000_000)] as [(Double, Int?)])
    func checkedConversion(_ value: Double, _ expected: Int?) throws {
        #expect(Checked.int(value) == expected)
        if expected == nil {
            #expect(throws: Diagnostic.self) { _ = try Checked.int(value, "--x") }
        } else {
            #expect(try Checked.int(value, "--x") == expected)
        }
    }
}
