import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// `strata window FILE` under Xvfb: an edit saved while the window is open is drawn; a
/// broken one is reported once and the last good scene stays; the recording names the
/// file and its hash.
@Suite(.serialized, .tags(.gl)) struct SceneFileWindowTests {
    @Test func theWindowReloadsTheFileAndKeepsTheLastGoodScene() throws {
        let missing = ["Xvfb", "xdotool"].filter { findOnPath($0) == nil }
        guard missing.isEmpty else {
            Issue.record("\(missing.joined(separator: " and ")) not found: the window test needs them; install with 'make deps'")
            return
        }
        guard let strata = strataBinary() else { return }
        let xdotool = findOnPath("xdotool")!
        let dir = try makeTemporaryDirectory("scenefile-window")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/card.scene.json"
        func write(_ color: String) throws {
            try #"{"strataScene": 1, "size": [200, 100], "root": {"backgroundColor": "\#(color)", "sublayers": [{"name": "card", "frame": [50, 25, 100, 50], "backgroundColor": "systemBlue"}]}}"#
                .write(toFile: scene, atomically: true, encoding: .utf8)
        }
        try write("white")

        let x = try VirtualDisplay(xvfb: findOnPath("Xvfb")!)
        let env: [String: String?] = ["DISPLAY": x.display, "WAYLAND_DISPLAY": nil]
        let window = try ChildProcess(strata, ["window", scene, "--record", dir + "/t.trace", "--screenshot", dir + "/shot.png"],
                                      environment: env)
        let search = try runProcess(xdotool, ["search", "--sync", "--onlyvisible", "--name", "^strata"], environment: env, timeout: 20)
        guard search.status == 0 else {
            window.signal(SIGTERM)
            Issue.record("the window did not appear: \(window.wait(timeout: 10).map { $0.stderr } ?? "still running")")
            return
        }
        usleep(300_000)
        try write("#00FF00")
        usleep(1_500_000)
        // Broken: a colour that is no colour. The green scene stays.
        try write("gren")
        usleep(1_500_000)
        window.signal(SIGTERM)
        guard let result = window.wait(timeout: 20) else { Issue.record("strata window did not exit"); return }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("strata: reloaded \(scene)\n"), "\(result.stderr)")
        let broken = "strata: error: \(scene):1:68: root.backgroundColor: unknown colour name \"gren\"; did you mean \"green\"? (keeping the last good scene)\n"
        #expect(result.stderr.components(separatedBy: broken).count == 2, "reported once: \(result.stderr)")

        let shot = try PNG.read(path: dir + "/shot.png")
        let corner = shot.pixel(x: 5, y: 5), card = shot.pixel(x: shot.width / 2, y: shot.height / 2)
        #expect(corner.r == 0 && corner.g == 255 && corner.b == 0, "the edited background: \(corner)")
        #expect(card.r == 0 && card.g == 122 && card.b == 255, "the card: \(card)")

        let header = try String(contentsOfFile: dir + "/t.trace", encoding: .utf8).split(separator: "\n")[0]
        #expect(header.contains(#""sceneFile": "card.scene.json""#) && header.contains(#""sceneSHA256": ""#), "\(header)")

        // The trace keeps the file's text at the start (white) and at the reload (green): a
        // replay draws what the window drew, whatever the file holds now (still broken).
        let trace = try String(contentsOfFile: dir + "/t.trace", encoding: .utf8)
        #expect(trace.components(separatedBy: #""kind": "scene""#).count - 1 == 2, "\(trace)")
        let record = try runProcess(strata, ["check", dir + "/t.trace", "--references", dir + "/refs", "--record"])
        #expect(record.status == 0 && !record.stderr.contains("has changed since"), "\(record.stderr)")
        let check = try runProcess(strata, ["check", dir + "/t.trace", "--references", dir + "/refs"])
        #expect(check.status == 0 && check.stdout.hasSuffix(" passed, 0 failed\n"), "\(check.stdout) \(check.stderr)")
        let map = try referenceFrameMap(dir + "/refs")
        let names = map.keys.sorted()
        let first = try PNG.read(path: dir + "/refs/" + map[names[0]]! + ".png").pixel(x: 5, y: 5)
        #expect(first.r == 255 && first.g == 255 && first.b == 255, "the file as the recording began: \(first)")
        let last = try PNG.read(path: dir + "/refs/" + map[names[names.count - 1]]! + ".png")
        #expect(last.width == shot.width && last.height == shot.height)
        let lastCorner = last.pixel(x: 5, y: 5), lastCard = last.pixel(x: last.width / 2, y: last.height / 2)
        #expect(lastCorner.r == 0 && lastCorner.g == 255 && lastCorner.b == 0 && lastCard.b == 255, "as the window showed it last: \(lastCorner) \(lastCard)")
    }
}
