import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Copies a shipped scene file into `dir` and returns its name there.
private func copyScene(_ name: String, to dir: String) throws -> String {
    let file = "\(name).scene.json"
    try? FileManager.default.removeItem(atPath: dir + "/" + file)
    try FileManager.default.copyItem(atPath: repository + "/Scenes/" + file, toPath: dir + "/" + file)
    return file
}

/// Peak signal-to-noise ratio of two RGBA images, dB (infinite when identical).
private func psnr(_ a: Image, _ b: Image) -> Double {
    var sum = 0.0
    for (x, y) in zip(a.pixels, b.pixels) { let d = Double(x) - Double(y); sum += d * d }
    let mse = sum / Double(a.pixels.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// A scene file goes wherever a scene name does: render, replay, check, lint, help.
@Suite(.serialized, .tags(.gl)) struct SceneFileCommandTests {
    /// The shipped carousel file draws the built-in carousel's frame, byte for byte.
    @Test(arguments: ["0", "30", "47.5", "-100", "200.25"])
    func theCarouselFileRendersTheBuiltInCarousel(_ angle: String) throws {
        let dir = try temporaryDirectory("scenefile-carousel-\(angle)")
        let file = try copyScene("carousel", to: dir)
        let a = try strata(["render", file, "--angle", angle, "--out", "file.png"], in: dir)
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == "wrote file.png (480x320 px, carousel at 0 s after 0 events: angle: \(angle))\n")
        let b = try strata(["render", "carousel", "--angle", angle, "--out", "builtin.png"], in: dir)
        #expect(b.status == 0, "\(b.stderr)")
        let fileImage = try PNG.read(path: dir + "/file.png"), builtIn = try PNG.read(path: dir + "/builtin.png")
        #expect(psnr(fileImage, builtIn) >= 50)
        #expect(fileImage.pixels == builtIn.pixels)
    }

    /// The shipped shake file draws the built-in form and its shakes, byte for byte (the
    /// completion's alert, 0.6 s after the third button, is the built-in scene's alone).
    @Test(arguments: [("all", "0"), ("all", "0.1642201497610505"), ("all", "0.25"), ("one", "0.2"), ("one", "0.45"),
                      ("completion", "0.3"), ("completion", "0.59")])
    func theShakeFileRendersTheBuiltInShake(_ button: String, _ time: String) throws {
        let dir = try temporaryDirectory("scenefile-shake-\(button)-\(time)")
        let file = try copyScene("shake", to: dir)
        let layer = ["one": "button.shake one", "all": "button.shake all", "completion": "button.shake all with completion"][button]!
        let a = try strata(["render", file, "--tap", layer, "--time", time, "--out", "file.png"], in: dir)
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == "wrote file.png (320x568 px, shake at \(time) s after 2 events: taps: 1)\n")
        let b = try strata(["render", "shake", "--shake", button, "--time", time, "--out", "builtin.png"], in: dir)
        #expect(b.status == 0, "\(b.stderr)")
        let fileImage = try PNG.read(path: dir + "/file.png"), builtIn = try PNG.read(path: dir + "/builtin.png")
        #expect(psnr(fileImage, builtIn) >= 50)
        #expect(fileImage.pixels == builtIn.pixels)
    }

    /// A shipped trace, its header naming the scene file beside it, replayed through the
    /// file and as shipped (the built-in scene): both summaries and the frame names, each
    /// frame compared byte for byte.
    func replayThroughFile(_ trace: String, scene: String, every: Int) throws -> (file: String, builtIn: String, frames: [String]) {
        let dir = try temporaryDirectory("scenefile-replay-\(trace)")
        _ = try copyScene(scene, to: dir)
        let lines = try String(contentsOfFile: repository + "/Traces/\(trace).trace", encoding: .utf8).split(separator: "\n")
        let header = lines[0].dropLast() + #", "sceneFile": "\#(scene).scene.json"}"#
        try ([String(header)] + lines.dropFirst().map(String.init)).joined(separator: "\n").appending("\n")
            .write(toFile: dir + "/t.trace", atomically: true, encoding: .utf8)
        let file = try strata(["replay", "t.trace", "--out", "file", "--every", String(every)], in: dir)
        #expect(file.status == 0, "\(file.stderr)")
        let builtIn = try strata(["replay", repository + "/Traces/\(trace).trace", "--out", "builtin", "--every", String(every)], in: dir)
        #expect(builtIn.status == 0, "\(builtIn.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/builtin").sorted()
        for name in frames {
            let a = try PNG.read(path: dir + "/file/" + name), b = try PNG.read(path: dir + "/builtin/" + name)
            #expect(a.pixels == b.pixels, "\(trace) \(name)")
        }
        return (file.stdout, builtIn.stdout, frames)
    }

    /// --scene replays a trace of the built-in carousel into the file.
    @Test func aBuiltInTraceReplaysIntoAFileByScene() throws {
        let dir = try temporaryDirectory("scenefile-by-scene")
        let file = try copyScene("carousel", to: dir)
        let r = try strata(["replay", repository + "/Traces/carousel-drag.trace", "--scene", file, "--out", "f", "--every", "1000"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("angle: 20\n"))
        let b = try strata(["replay", repository + "/Traces/carousel-drag.trace", "--out", "b", "--every", "1000"], in: dir)
        #expect(try PNG.read(path: dir + "/f/frame-00000.png").pixels == PNG.read(path: dir + "/b/frame-00000.png").pixels)
        #expect(b.status == 0)
    }

    /// The shipped shake-all trace: both run until the shake is over, the same frames.
    @Test func theShippedShakeReplaysThroughTheFile() throws {
        let r = try replayThroughFile("shake-all", scene: "shake", every: 5)
        #expect(r.file.split(separator: " ").prefix(3) == r.builtIn.split(separator: " ").prefix(3), "\(r.file) \(r.builtIn)")
        #expect(r.frames.count > 10)
    }

    /// The shipped drag reaches the built-in carousel's angle in as many frames.
    @Test func theShippedDragReplaysThroughTheFile() throws {
        let r = try replayThroughFile("carousel-drag", scene: "carousel", every: 24)
        #expect(r.file.hasSuffix("angle: 20\n") && r.builtIn.hasSuffix("angle: 20\n"), "\(r.file)")
        #expect(r.file.contains("replayed 193 frames"))
        #expect(r.frames.count == 9)
    }

    /// A trace saved from a file scene names the file (relative to the trace) and its
    /// hash; replay finds it there, or by --scene, and warns when the file has changed.
    @Test func aTraceRemembersItsSceneFile() throws {
        let dir = try temporaryDirectory("scenefile-trace")
        let file = try copyScene("carousel", to: dir)
        try FileManager.default.createDirectory(atPath: dir + "/traces", withIntermediateDirectories: true)
        let r = try strata(["render", file, "--angle", "10", "--out", "r.png", "--save-trace", "traces/r.trace"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // The file is outside the trace's folder: said, with the flag a replay needs.
        #expect(r.stderr == "strata: note: traces/r.trace names carousel.scene.json, outside the trace's folder; a replay reads it only when allowed: strata replay traces/r.trace --root .\n")
        let refused = try strata(["replay", "traces/r.trace", "--out", "frames", "--frames", "1"], in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("the trace names the scene file ../carousel.scene.json, outside the trace's folder; only files under "), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"))
        let trace = try String(contentsOfFile: dir + "/traces/r.trace", encoding: .utf8)
        #expect(trace.contains(#""sceneFile": "../carousel.scene.json""#), "\(trace)")
        #expect(trace.contains(#""sceneSHA256": ""#))
        let replay = try strata(["replay", "traces/r.trace", "--out", "frames", "--frames", "1", "--root", "."], in: dir)
        #expect(replay.status == 0 && replay.stderr.isEmpty, "\(replay.stderr)")
        #expect(try PNG.read(path: dir + "/frames/frame-00000.png").pixels == PNG.read(path: dir + "/r.png").pixels)

        // strata check finds it too: record references, then pass against them.
        let record = try strata(["check", "traces/r.trace", "--references", "refs", "--record", "--root", "."], in: dir)
        #expect(record.status == 0, "\(record.stderr)")
        let check = try strata(["check", "traces/r.trace", "--references", "refs", "--root", "."], in: dir)
        #expect(check.status == 0 && check.stdout.hasSuffix("1 passed, 0 failed\n"), "\(check.stdout) \(check.stderr)")

        // Changed on disk: replayed as it is, with a warning.
        let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"cornerRadius\": 10", with: "\"cornerRadius\": 30").write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
        let changed = try strata(["replay", "traces/r.trace", "--out", "frames2", "--frames", "1", "--root", "."], in: dir)
        #expect(changed.status == 0)
        #expect(changed.stderr.hasPrefix("strata: warning: traces/../carousel.scene.json has changed since traces/r.trace was recorded"), "\(changed.stderr)")
        let failing = try strata(["check", "traces/r.trace", "--references", "refs", "--root", "."], in: dir)
        #expect(failing.status == 1, "rounder corners are a different frame: \(failing.stdout)")

        // Moved away: found by --scene, else a clear error.
        try FileManager.default.moveItem(atPath: dir + "/" + file, toPath: dir + "/moved.scene.json")
        let lost = try strata(["replay", "traces/r.trace", "--out", "frames3", "--root", "."], in: dir)
        #expect(lost.status == 2)
        #expect(lost.stderr == "strata: error: traces/r.trace: the trace was recorded from the scene file ../carousel.scene.json, which is not at traces/../carousel.scene.json; give it with --scene PATH\n")
        let found = try strata(["replay", "traces/r.trace", "--scene", "moved.scene.json", "--out", "frames4", "--frames", "1"], in: dir)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/frames4/frame-00000.png"))
    }

    @Test func lintChecksWithoutRendering() throws {
        let dir = try temporaryDirectory("scenefile-lint")
        let file = try copyScene("carousel", to: dir)
        let shake = try copyScene("shake", to: dir)
        let ok = try strata(["lint", file, shake], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "carousel.scene.json: ok (7 layers, 0 animations, options: planes, angle, momentum, snap)\n"
                + "shake.scene.json: ok (14 layers, 2 animations)\n")
        try #"{"strataScene": 1, "size": [100, 100], "root": {"sublayers": [{}, {}, {"cornerRadius": "10px"}]}}"#
            .write(toFile: dir + "/bad.scene.json", atomically: true, encoding: .utf8)
        let bad = try strata(["lint", "bad.scene.json"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr == "strata: error: bad.scene.json:1:88: root.sublayers[2].cornerRadius: expected a number, got \"10px\"\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["bad.scene.json", "carousel.scene.json", "shake.scene.json"])
    }

    /// lint reads every file given and reports each one with an error, fonts included
    /// (render stops at a font that is not installed), exit 2 when any is bad.
    @Test func lintReportsEveryBadFile() throws {
        let dir = try temporaryDirectory("scenefile-lint-all")
        let good = try copyScene("shake", to: dir)
        try #"{"strataScene": 1, "size": [100, 100], "root": {"sublayers": [{"class": "CATextLayer", "name": "title", "string": "Hi", "font": "NoSuchFamilyStrata"}]}}"#
            .write(toFile: dir + "/font.scene.json", atomically: true, encoding: .utf8)
        try "{\"strataScene\": 1, // v1\n\"size\": [1, 1], \"root\": {}}".write(toFile: dir + "/comment.scene.json", atomically: true, encoding: .utf8)
        let r = try strata(["lint", "font.scene.json", good, "comment.scene.json"], in: dir)
        #expect(r.status == 2)
        #expect(r.stdout == "shake.scene.json: ok (14 layers, 2 animations)\n")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stderr)")
        #expect(lines.first?.hasPrefix("strata: error: font.scene.json: text layer \"title\": font family NoSuchFamilyStrata not found") == true, "\(r.stderr)")
        #expect(lines.dropFirst().first == "strata: error: comment.scene.json:1:20: comments are not allowed in JSON; remove the // comment (a \"summary\" or an option's \"help\" can hold notes)")
        #expect(lines.last == "strata: 2 of 3 scene files have errors")
        let render = try strata(["render", "font.scene.json", "--out", "x.png"], in: dir)
        #expect(render.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    /// Every command reports a bad file the same way, exit 2, and writes nothing.
    @Test(arguments: [["render", "bad.scene.json", "--out", "x.png"], ["render", "missing.scene.json"],
                      ["window", "bad.scene.json"], ["help", "bad.scene.json"]])
    func aBadFileIsOneErrorAndNothingWritten(_ args: [String]) throws {
        let dir = try temporaryDirectory("scenefile-bad-\(args[0])")
        try "{\"strataScene\": 1,\n \"size\": [100, 100],\n \"root\": {\"opacity\": [1]}}".write(toFile: dir + "/bad.scene.json", atomically: true, encoding: .utf8)
        let r = try strata(args, in: dir, environment: ["DISPLAY": ""])
        #expect(r.status == 2)
        let expected = args[1] == "missing.scene.json"
            ? "strata: error: missing.scene.json:1:1: cannot read the scene file: No such file or directory\n"
            : "strata: error: bad.scene.json:3:22: root.opacity: expected a number, got an array\n"
        #expect(r.stderr == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["bad.scene.json"])
    }

    /// The scene file is an input: no output flag may replace it.
    @Test(arguments: [["render", "c.scene.json", "--out", "c.scene.json"], ["render", "c.scene.json", "--save-trace", "./c.scene.json"],
                      ["window", "c.scene.json", "--record", "c.scene.json"]])
    func theSceneFileIsNeverAnOutput(_ args: [String]) throws {
        let dir = try temporaryDirectory("scenefile-output-\(args[0])-\(args[2])")
        try FileManager.default.copyItem(atPath: repository + "/Scenes/carousel.scene.json", toPath: dir + "/c.scene.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/c.scene.json"))
        let r = try strata(args, in: dir, environment: ["DISPLAY": ""])
        #expect(r.status == 2)
        #expect(r.stderr == "strata: error: \(args[2]) \(args[3]) is the scene file itself; writing there would replace it. Choose another path\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/c.scene.json")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["c.scene.json"])
    }

    @Test func helpDescribesTheFilesOptions() throws {
        let r = try strata(["help", repository + "/Scenes/carousel.scene.json"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("--angle X               starting angle in degrees (0: plane 0 faces front) (default 0;"))
        #expect(r.stdout.contains("--tap LAYER"))
        #expect(r.stdout.contains("USAGE: strata render \(repository)/Scenes/carousel.scene.json [--planes N]"))
    }

    /// A CAShapeLayer from a file, its strokeEnd animated 0 to 1 over 2 s, rendered at 1 s:
    /// a circle of radius 40 about (60, 60), as SVG's arc from its right-most point turning
    /// towards +y, stroked 10 wide, is drawn below its centre only. A bad path is refused
    /// by lint at its character.
    @Test func aShapeLayerFileAnimatesItsStrokeEnd() throws {
        let dir = try temporaryDirectory("scenefile-shape")
        let ring = #"{"class": "CAShapeLayer", "frame": [0, 0, 120, 120], "fillColor": null, "strokeColor": "black", "lineWidth": 10,"#
            + #" "path": "M 100 60 A 40 40 0 0 1 20 60 A 40 40 0 0 1 100 60 Z","#
            + #" "animations": {"end": {"class": "CABasicAnimation", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 2}}}"#
        try (#"{"strataScene": 1, "size": [120, 120], "root": {"backgroundColor": "white", "sublayers": ["# + ring + "]}}")
            .write(toFile: dir + "/ring.scene.json", atomically: true, encoding: .utf8)
        let r = try strata(["render", "ring.scene.json", "--time", "1", "--out", "ring.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/ring.png")
        #expect(image.rgba(60, 100) == RGBA(0, 0, 0), "bottom")
        #expect(image.rgba(60, 19) == RGBA(255, 255, 255), "top")
        #expect(image.rgba(60, 60) == RGBA(255, 255, 255), "centre: no fill")
        try #"{"strataScene": 1, "size": [120, 120], "root": {"class": "CAShapeLayer", "path": "M 0 0 Q 1"}}"#
            .write(toFile: dir + "/bad.scene.json", atomically: true, encoding: .utf8)
        let bad = try strata(["lint", "bad.scene.json"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.scene.json:1:82: root.path: path data, character 10: expected a number"), "\(bad.stderr)")
    }
}
