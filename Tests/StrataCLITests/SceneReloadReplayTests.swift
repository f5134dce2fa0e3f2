import Foundation
import Testing
import StrataTestSupport

/// Issue 26 §3: a recording that spans a live reload of its scene file replays what the
/// window drew at each moment: the trace keeps the file's text at the start and at the
/// reload, and the replay swaps scenes there, whatever the file on disk holds (or if it is
/// gone). `dump` steps the replay with no GL.
@Suite struct SceneReloadReplayTests {
    static func scene(_ color: String) -> String {
        #"{"strataScene": 1, "size": [120, 80], "root": {"name": "card", "backgroundColor": "\#(color)"}}"#
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    @Test func aTraceReplaysEachSceneTextFromItsTime() throws {
        let dir = try temporaryDirectory("reload-replay")
        func trace(reload: String) throws {
            let lines = [
                #"{"trace": 1, "scene": "card", "width": 120, "height": 80, "scale": 1, "fps": 10, "sceneFile": "card.scene.json"}"#,
                #"{"t": 0, "kind": "scene", "text": "# + Self.quoted(Self.scene("white")) + "}",
                #"{"t": 0.1, "kind": "down", "x": 10, "y": 10}"#,
                #"{"t": 0.3, "kind": "up", "x": 20, "y": 10}"#,
                #"{"t": 0.5, "kind": "scene", "text": "# + Self.quoted(reload) + "}",
            ]
            try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/t.trace", atomically: true, encoding: .utf8)
        }
        try trace(reload: Self.scene("#00FF00"))
        // The file on disk says blue; it is not read (and may be gone).
        try Self.scene("blue").write(toFile: dir + "/card.scene.json", atomically: true, encoding: .utf8)
        let env = ["STRATA_GL": "none"]
        for (time, color) in [("0", "#FFFFFF"), ("0.4", "#FFFFFF"), ("0.5", "#00FF00")] {
            let r = try strata(["dump", dir + "/t.trace", "--time", time], environment: env)
            #expect(r.status == 0 && r.stdout.contains("  backgroundColor: \(color)\n"), "t = \(time): \(r.stdout)\(r.stderr)")
            #expect(!r.stderr.contains("has changed since"), "\(r.stderr)")
        }
        try FileManager.default.removeItem(atPath: dir + "/card.scene.json")
        let gone = try strata(["dump", dir + "/t.trace", "--time", "0.5"], environment: env)
        #expect(gone.status == 0 && gone.stdout.contains("  backgroundColor: #00FF00\n"), "\(gone.stderr)")
        // The reload is the trace's last moment: a replay runs to it (frames 0...5 at 10 fps).
        let track = try strata(["track", dir + "/t.trace", "--key", "card.opacity"], environment: env)
        #expect(track.status == 0 && track.stdout.contains("\n5,0.5,"), "\(track.stdout)\(track.stderr)")
        // A kept text that does not parse: an error naming the trace and the time, exit 2.
        try trace(reload: Self.scene("gren"))
        let bad = try strata(["dump", dir + "/t.trace", "--time", "0.5"], environment: env)
        #expect(bad.status == 2 && bad.stderr.contains("\(dir)/t.trace: the scene file's text kept at t = 0.5 s") && bad.stderr.contains("gren"), "\(bad.stderr)")
    }
}
