import Foundation
import Testing
import StrataDigest
import StrataDriver
import StrataGestures
import StrataImage
import StrataModel
@testable import StrataSceneFile

/// Parses `text` and makes its scene with `options`.
func makeScene(_ text: String, options: [String: TraceValue] = [:], directory: String = "/tmp",
               limits: SceneFileLimits = .standard, allowOutsidePaths: Bool = false) throws -> FileScene {
    let file = try SceneFile.parse(data: Array(text.utf8), path: "t.scene.json", directory: directory,
                                   allowOutsidePaths: allowOutsidePaths, limits: limits)
    return try file.makeScene(options: try file.descriptor.sceneOptions(options), viewSize: file.size)
}

func scene(_ root: String, _ extra: String = "") -> String {
    "{\"strataScene\": 1, \"size\": [200, 100], \"root\": \(root)\(extra.isEmpty ? "" : ", " + extra)}"
}

@Suite struct SceneExpressionTests {
    @Test(arguments: [("360/n*i", 144.0), ("-(1 + 2) * 3", -9), ("1 - 2 - 3", -4), ("8 / 2 / 2", 2), ("2 + 3 * 4", 14),
                      ("1.5e1 + .5", 15.5), ("--2", 2)])
    func arithmeticAsWritten(_ text: String, _ value: Double) throws {
        let e = try SceneExpression.parse(text, known: ["i", "n"])
        #expect(try e.evaluate(["i": 2, "n": 5]) == value)
    }

    @Test(arguments: [("", "the expression is empty"), ("1 +", "the expression ends where a number or a name was expected"),
                      ("(1", "a '(' is not closed"), ("1 2", "unexpected '2' at character 3"), ("2 ^ 3", "unexpected '^' at character 3"),
                      ("sin(1)", "unknown name 'sin' in the expression; did you mean 'i' or 'n'? (names here: i, n)"),
                      ("m", "unknown name 'm' in the expression; did you mean 'i' or 'n'? (names here: i, n)"),
                      (String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40), "the expression is nested too deeply")])
    func badExpressionsSayWhy(_ text: String, _ message: String) {
        #expect(throws: Diagnostic(message)) { try SceneExpression.parse(text, known: ["i", "n"]) }
    }

    @Test func divisionByZeroIsAnError() throws {
        #expect(throws: Diagnostic("division by zero")) { try SceneExpression.parse("1/(i-i)", known: ["i"]).evaluate(["i": 3]) }
        #expect(throws: Diagnostic("the result is too large")) { try SceneExpression.parse("1e300*1e300", known: []).evaluate([:]) }
    }

    @Test func sha256OfKnownInputs() {
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: Array(String(repeating: "a", count: 1000).utf8)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

@Suite struct SceneFileFeatureTests {
    @Test func coloursByEveryForm() throws {
        let s = try makeScene(scene(##"{"sublayers": [{"name": "a", "backgroundColor": "#FF800040"}, {"name": "b", "backgroundColor": "systemBlue"},"##
            + #"{"name": "c", "backgroundColor": {"white": 1, "alpha": 0.3}}, {"name": "d", "backgroundColor": {"red": 0.5, "green": 0, "blue": 1}}]}"#))
        #expect(s.layer(named: "a")?.backgroundColor == Color(r8: 255, g8: 128, b8: 0, alpha: Double(0x40) / 255))
        #expect(s.layer(named: "b")?.backgroundColor == Color(r8: 0, g8: 122, b8: 255))
        #expect(s.layer(named: "c")?.backgroundColor == Color(white: 1, alpha: 0.3))
        #expect(s.layer(named: "d")?.backgroundColor == Color(red: 0.5, green: 0, blue: 1))
    }

    /// A gradient takes any number of stops (the file's limit is 1,000).
    @Test func gradientsTakeMoreThanEightStops() throws {
        let colors = (0..<20).map { $0 % 2 == 0 ? "\"black\"" : "\"white\"" }.joined(separator: ", ")
        let s = try makeScene(scene(#"{"sublayers": [{"name": "g", "class": "CAGradientLayer", "colors": ["# + colors + "]}]}"))
        let g = try #require(s.layer(named: "g") as? GradientLayer)
        #expect(g.colors.count == 20 && g.resolvedStops.count == 20)
        #expect(g.colors[19] == .white)
    }

    /// CSS's short hex forms: each digit doubled.
    @Test func shortHexColours() throws {
        let s = try makeScene(scene(##"{"sublayers": [{"name": "a", "backgroundColor": "#F80"}, {"name": "b", "backgroundColor": "#f804"}]}"##))
        #expect(s.layer(named: "a")?.backgroundColor == Color(r8: 255, g8: 136, b8: 0))
        #expect(s.layer(named: "b")?.backgroundColor == Color(r8: 255, g8: 136, b8: 0, alpha: Double(0x44) / 255))
    }

    /// Editors attach the schema through "$schema"; strata reads past it.
    @Test func aSchemaLinkIsAllowed() throws {
        let file = try SceneFile.parse(data: Array(#"{"$schema": "../docs/strata-scene.schema.json", "strataScene": 1, "size": [10, 10], "root": {}}"#.utf8),
                                       path: "t.scene.json")
        #expect(file.size == Size(width: 10, height: 10))
    }

    @Test func transformsInCoreAnimationsOrderOrSixteenNumbers() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "a", "transform": [{"perspective": 500}, {"rotate": [90, 0, 0, 1]}, {"translate": [10, 0]}, {"scale": 2}]},"#
            + #"{"name": "b", "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]}]}"#))
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = t.rotated(Transform3D.degrees(90), 0, 0, 1).translated(10, 0, 0).scaled(2, 2, 2)
        #expect(s.layer(named: "a")?.transform == t)
        #expect(s.layer(named: "b")?.transform == Transform3D.makeTranslation(5, 6, 7))
    }

    @Test func repeatMakesCopiesWithTheirIndex() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"repeat": {"count": "{k + 1}", "each": {"name": "r{i}", "position": ["{i * 10}", "{n}"]}}}]}"#,
                                    #""options": {"k": {"type": "integer", "default": 2, "range": [0, 10]}}"#), options: ["k": 3])
        #expect(s.layerNames == ["r0", "r1", "r2", "r3"])
        #expect(s.layer(named: "r3")?.position == Point(x: 30, y: 4))
    }

    /// A layer's animations start at time 0 and show in the presentation tree.
    @Test func animationsOfEveryClassRun() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "a", "opacity": 1, "animations": {"#
            + #""fade": {"class": "CABasicAnimation", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 2},"#
            + #""slide": {"class": "CAKeyframeAnimation", "keyPath": "position", "values": [[0, 0], [100, 0], [100, 50]], "keyTimes": [0, 0.5, 1], "duration": 1},"#
            + #""bounce": {"class": "CASpringAnimation", "keyPath": "cornerRadius", "fromValue": 0, "toValue": 10, "damping": 20},"#
            + #""both": {"class": "CAAnimationGroup", "duration": 4, "animations": [{"class": "CABasicAnimation", "keyPath": "borderWidth", "fromValue": 0, "toValue": 8, "duration": 4}]}"#
            + "}}]}"))
        let driver = SceneDriver(scene: s)
        driver.step(to: 0.5)
        let p = try #require(s.presentationLayer.firstLayer(named: "a"))
        #expect(abs(p.opacity - 0.75) < 1e-12)
        #expect(p.position == Point(x: 100, y: 0))
        #expect(abs(p.borderWidth - 1) < 1e-12)
        #expect(p.cornerRadius > 5 && p.cornerRadius < 12)
        #expect(s.hasRunningAnimations)
        driver.step(to: 5)
        #expect(!s.hasRunningAnimations)
        #expect(s.presentationLayer.firstLayer(named: "a")?.opacity == 1)
    }

    /// A pan drives a layer's key path (degrees per point for a rotation) and an option
    /// bound to another layer's opacity.
    @Test func panTargetsAndBoundOptions() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "card", "frame": [50, 25, 100, 50]}, {"name": "shade", "frame": [0, 0, 10, 10]}]}"#,
            #""options": {"dim": {"type": "number", "default": 0.5, "range": [-10, 10], "bind": {"layer": "shade", "keyPath": "opacity"}}},"#
            + #""gestures": [{"pan": {"layer": "card", "translation.x": {"keyPath": "transform.rotation.z", "degreesPerPoint": 1},"#
            + #""translation.y": {"option": "dim", "perPoint": -0.01}}}]"#))
        #expect(s.layer(named: "shade")?.opacity == 0.5)
        let driver = SceneDriver(scene: s, events: [.down(x: 100, y: 50, t: 0), .move(x: 130, y: 70, t: 0.1), .up(x: 130, y: 70, t: 0.2)])
        driver.step(to: 1)
        let rotation = try #require(s.layer(named: "card")?.animatableValue(forKeyPath: "transform.rotation.z")?.doubleValue)
        #expect(abs(rotation - Transform3D.degrees(30)) < 1e-12)
        #expect(abs((s.layer(named: "shade")?.opacity ?? 0) - 0.3) < 1e-12)
        #expect(s.statusDescription == "card.transform.rotation.z: 30, dim: 0.3")
    }

    /// A tap's animation may read the view's size; one that cannot be computed is an
    /// error when the scene is made, not a tap that does nothing.
    @Test func tappedAnimationsAreMadeWithTheView() throws {
        let library = #""animations": {"move": {"class": "CABasicAnimation", "keyPath": "position.x", "toValue": "{width - 10}", "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}}"#
        let s = try makeScene(scene(#"{"sublayers": [{"name": "b", "frame": [0, 0, 20, 20]}]}"#,
                                    library + #", "gestures": [{"tap": {"layer": "b", "run": "move"}}]"#))
        let driver = SceneDriver(scene: s, events: [.down(x: 5, y: 5, t: 0), .up(x: 5, y: 5, t: 0)])
        driver.step(to: 2)
        #expect(s.presentationLayer.firstLayer(named: "b")?.position.x == 190)
        #expect(s.statusDescription == "taps: 1")
        let bad = library.replacingOccurrences(of: "{width - 10}", with: "{1 / (width - 200)}")
        #expect(throws: SceneFileError.self) {
            try makeScene(scene(#"{"sublayers": [{"name": "b"}]}"#, bad + #", "gestures": [{"tap": {"layer": "b", "run": "move"}}]"#))
        }
    }

    @Test func limitsAreCheckedBeforeBuilding() throws {
        var limits = SceneFileLimits()
        limits.layerCount = 50
        #expect(throws: SceneFileError(file: "t.scene.json", position: SourcePosition(line: 1, column: 84), path: "root.sublayers[0].repeat.count",
                                       message: "100 copies would make more than 50 layers; --max-layers raises the limit")) {
            try makeScene(scene(#"{"sublayers": [{"repeat": {"count": "{k}", "each": {}}}]}"#, #""options": {"k": {"type": "integer", "default": 100, "range": [0, 1000]}}"#), limits: limits)
        }
        limits = SceneFileLimits()
        limits.fileSize = 20
        #expect(throws: SceneFileError(file: "t.scene.json", position: SourcePosition(line: 1, column: 1), path: "",
                                       message: "the file is 50 bytes; a scene file may be at most 20")) {
            try makeScene(scene("{}"), limits: limits)
        }
        limits = SceneFileLimits()
        limits.animationCount = 1
        let two = #"{"a": {"class": "CABasicAnimation", "keyPath": "opacity"}, "b": {"class": "CABasicAnimation", "keyPath": "opacity"}}"#
        #expect(throws: SceneFileError.self) { try makeScene(scene("{}", "\"animations\": " + two), limits: limits) }
        // One animation on a layer copied three times is three.
        limits.animationCount = 2
        let copied = #"{"sublayers": [{"repeat": {"count": 3, "each": {"animations": {"a": {"class": "CABasicAnimation", "keyPath": "opacity"}}}}}]}"#
        #expect(throws: SceneFileError(file: "t.scene.json", position: SourcePosition(line: 1, column: 95), path: "root.sublayers[0].repeat.each",
                                       message: "the scene starts more than 2 animations (repeats counted)")) {
            try makeScene(scene(copied), limits: limits)
        }
    }

    /// contents: a PNG under the scene's directory, unless outside paths are allowed; its
    /// pixel size checked from its header before it is decoded.
    @Test func contentsImagesStayInTheScenesDirectory() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scenefile-contents-\(getpid())").path
        try? FileManager.default.removeItem(atPath: base)
        try FileManager.default.createDirectory(atPath: base + "/scene/img", withIntermediateDirectories: true)
        let png = try PNG.encode(Image(width: 2, height: 3, pixels: [UInt8](repeating: 255, count: 24)))
        try Data(png).write(to: URL(fileURLWithPath: base + "/scene/img/a.png"))
        try Data(png).write(to: URL(fileURLWithPath: base + "/outside.png"))
        let inside = try makeScene(scene(#"{"sublayers": [{"name": "a", "contents": "img/a.png"}]}"#), directory: base + "/scene")
        #expect(inside.layer(named: "a")?.contents?.width == 2)
        #expect(throws: SceneFileError.self) {
            try makeScene(scene(#"{"contents": "img/../../outside.png"}"#), directory: base + "/scene")
        }
        let allowed = try makeScene(scene(#"{"sublayers": [{"name": "a", "contents": "../outside.png"}]}"#), directory: base + "/scene", allowOutsidePaths: true)
        #expect(allowed.layer(named: "a")?.contents?.height == 3)
        var limits = SceneFileLimits()
        limits.imageSide = 2
        do {
            _ = try makeScene(scene(#"{"contents": "img/a.png"}"#), directory: base + "/scene", limits: limits)
            Issue.record("a 2x3 image passed a 2 px limit")
        } catch let e as SceneFileError {
            #expect(e.description == "t.scene.json:1:61: root.contents: \"img/a.png\": 2x3 px is over the limit of 2 px a side")
        }
    }
}

/// A file named by many layers and animations is decoded once, and what all the images take
/// decoded is checked before each is decoded (a small file can inflate to 64 MiB).
@Suite struct SceneImageDecodingTests {
    @Test func eachImageFileIsDecodedOnceAndTheirSumIsLimited() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenefile-images-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(try PNG.encode(Image(width: 10, height: 10, fill: .red))).write(to: URL(fileURLWithPath: dir + "/a.png"))
        try Data(try PNG.encode(Image(width: 10, height: 10, fill: .blue))).write(to: URL(fileURLWithPath: dir + "/b.png"))
        let fade = #"{"class": "CABasicAnimation", "keyPath": "contents", "fromValue": "a.png", "toValue": "b.png", "duration": 1}"#
        let layers = (0..<50).map { #"{"name": "l\#($0)", "contents": "a.png", "animations": {"f": \#(fade)}}"# }.joined(separator: ", ")
        let text = #"{"strataScene": 1, "size": [100, 100], "root": {"sublayers": [\#(layers)]}}"#
        let file = try SceneFile.parse(data: Array(text.utf8), path: dir + "/s.scene.json")
        let scene = try file.makeScene(options: try file.descriptor.sceneOptions([:]), viewSize: file.size)
        let ids = Set(scene.rootLayer.sublayers.compactMap { $0.contents?.identity })
        #expect(ids.count == 1, "one decoded a.png for 50 layers")
        #expect(file.imageHashes.count == 2)
        // Two 10x10 images take 800 bytes: 799 refuses the second before decoding it.
        var limits = SceneFileLimits()
        limits.textureBytes = 799
        do {
            _ = try SceneFile.parse(data: Array(text.utf8), path: dir + "/s.scene.json", limits: limits)
            Issue.record("800 bytes of images passed a 799-byte limit")
        } catch let e as SceneFileError {
            #expect(e.description.contains("the scene's contents images take more than 799 bytes decoded"), "\(e)")
        }
    }
}
