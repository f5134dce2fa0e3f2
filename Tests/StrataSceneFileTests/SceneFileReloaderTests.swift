import Foundation
import Testing
import StrataDriver
import StrataGestures
import StrataModel
@testable import StrataSceneFile

/// The live window's reload, given file contents: a good edit is a new scene that keeps
/// the angle the pan had reached; a broken one is one error, and the scene stays.
@Suite struct SceneFileReloaderTests {
    @Test func anEditReloadsAndKeepsTheDrivenAngle() throws {
        let path = packageRoot + "/Scenes/carousel.scene.json"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let file = try SceneFile.parse(data: Array(original.utf8), path: path)
        let scene = try file.makeScene(options: try file.descriptor.sceneOptions([:]), viewSize: file.size)
        let driver = SceneDriver(scene: scene, events: [.down(x: 100, y: 160, t: 0), .move(x: 160, y: 160, t: 0.1), .up(x: 160, y: 160, t: 0.2)])
        driver.step(to: 0.5)
        #expect(scene.statusDescription == "angle: 30")
        let reloader = SceneFileReloader(file: file)

        #expect({ if case .unchanged = reloader.check(contents: Array(original.utf8)) { return true }; return false }())

        let edited = original.replacingOccurrences(of: "\"cornerRadius\": 10", with: "\"cornerRadius\": 40")
        guard case .reloaded(let newFile) = reloader.check(contents: Array(edited.utf8)) else {
            Issue.record("the edit was not reloaded"); return
        }
        guard case .success(let replacement) = SceneFileReloader.scene(from: newFile, replacing: scene, options: [:], viewSize: file.size),
              let newScene = replacement as? FileScene else {
            Issue.record("no scene from the edit"); return
        }
        #expect(newScene.statusDescription == "angle: 30")
        #expect(newScene.layer(named: "plane0")?.cornerRadius == 40)
        #expect(newScene.layer(named: "plane0")?.transform == scene.layer(named: "plane0")?.transform)
        #expect(newFile.sha256 != file.sha256)

        let broken = edited.replacingOccurrences(of: "\"borderWidth\": 4", with: "\"borderWidth\": \"4pt\"")
        guard case .failed(let message) = reloader.check(contents: Array(broken.utf8)) else {
            Issue.record("a broken edit was taken"); return
        }
        #expect(message.description == "\(path):32:28: root.sublayers[0].sublayers[0].repeat.each.borderWidth: expected a number, got \"4pt\"")
        // The same broken bytes again are not reported again.
        #expect({ if case .unchanged = reloader.check(contents: Array(broken.utf8)) { return true }; return false }())
    }

    /// An edit that removes an option the window was opened with keeps the old scene.
    @Test func anEditThatDropsAGivenOptionIsRefused() throws {
        let path = packageRoot + "/Scenes/carousel.scene.json"
        let file = try SceneFile.load(path: path)
        let scene = try file.makeScene(options: try file.descriptor.sceneOptions(["snap": true]), viewSize: file.size)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(text.range(of: "    \"snap\": {"))
        let end = try #require(text.range(of: "}\n  },", range: start.upperBound..<text.endIndex))
        let withoutSnap = text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "  },")
            .replacingOccurrences(of: ",\n      \"snap\": \"{snap * 360 / planes}\"", with: "")
            .replacingOccurrences(of: "\"momentum\": {\"type\": \"boolean\", \"default\": false,\n                 \"help\": \"beyond the seed: glide on after a release, slowing as a scroll view does\"},", with: "\"momentum\": {\"type\": \"boolean\", \"default\": false,\n                 \"help\": \"beyond the seed: glide on after a release, slowing as a scroll view does\"}")
        let newFile = try SceneFile.parse(data: Array(withoutSnap.utf8), path: path)
        guard case .failure(let e) = SceneFileReloader.scene(from: newFile, replacing: scene, options: ["snap": true], viewSize: file.size) else {
            Issue.record("a scene was made without the option"); return
        }
        #expect(e.message.hasPrefix("unknown option \"snap\""))
    }
}

extension SceneFileReloaderTests {
    /// A pan that drives a layer's key path: the reload keeps the rotation it reached.
    @Test func aReloadKeepsADrivenKeyPath() throws {
        let text = scene(#"{"sublayers": [{"name": "card", "frame": [50, 25, 100, 50], "cornerRadius": 2}]}"#,
                         #""gestures": [{"pan": {"layer": "card", "translation.x": {"keyPath": "transform.rotation.z", "degreesPerPoint": 1}}}]"#)
        let old = try makeScene(text)
        SceneDriver(scene: old, events: [.down(x: 100, y: 50, t: 0), .move(x: 145, y: 50, t: 0.1), .up(x: 145, y: 50, t: 0.2)]).step(to: 1)
        let edited = try SceneFile.parse(data: Array(text.replacingOccurrences(of: "\"cornerRadius\": 2", with: "\"cornerRadius\": 9").utf8), path: "t.scene.json")
        guard case .success(let new) = SceneFileReloader.scene(from: edited, replacing: old, options: [:], viewSize: edited.size) else {
            Issue.record("no scene"); return
        }
        #expect(new.statusDescription == "card.transform.rotation.z: 45")
        #expect((new as? FileScene)?.layer(named: "card")?.cornerRadius == 9)
    }
}
