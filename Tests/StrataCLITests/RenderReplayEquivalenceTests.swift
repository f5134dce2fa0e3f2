import Foundation
import Testing
import StrataRender
import StrataTestSupport

/// `strata render` is a replay of a trace it makes in memory: the trace it saves with
/// --save-trace replays, through `strata replay`, to a frame byte-identical to the one
/// render wrote at the same time. One case per built-in scene, at a time where something
/// is moving (frame index = time × 60, the saved trace's rate).
@Suite(.serialized, .tags(.gl)) struct RenderReplayEquivalenceTests {
    static let cases: [(scene: String, args: [String], frame: Int)] = [
        ("carousel", ["--angle", "30", "--planes", "7"], 0),
        ("shake", ["--shake", "all", "--time", "0.25"], 15),
        ("shake", ["--shake", "completion", "--time", "0.8"], 48),
        ("alert", ["--example", "login", "--time", "0.2"], 12),
        ("kitchensink", ["--labels", "One,Two", "--tap", "2", "--transition", "flipHorizontal", "--present",
                         "--answer", "Three", "--time", "0.75"], 45),
    ]

    @Test(arguments: 0..<RenderReplayEquivalenceTests.cases.count)
    func renderEqualsTheReplayOfItsTrace(_ index: Int) throws {
        let c = Self.cases[index]
        let dir = try temporaryDirectory("render-replay-\(c.scene)-\(index)")
        let render = try strata(["render", c.scene] + c.args + ["--out", "r.png", "--save-trace", "r.trace"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let replay = try strata(["replay", "r.trace", "--out", "frames", "--frames", String(c.frame + 1)], in: dir)
        #expect(replay.status == 0, "\(replay.stderr)")
        let name = String(format: "frames/frame-%05d.png", c.frame)
        let rendered = try PNG.read(path: dir + "/r.png"), replayed = try PNG.read(path: dir + "/" + name)
        #expect(rendered.width == replayed.width && rendered.height == replayed.height)
        #expect(rendered.pixels == replayed.pixels, "\(c.scene) \(c.args): render and replay frame \(c.frame) differ")
    }
}
