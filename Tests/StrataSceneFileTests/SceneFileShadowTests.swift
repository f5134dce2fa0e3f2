import Foundation
import Testing
import StrataDriver
import StrataModel
@testable import StrataSceneFile

/// `"shadowPath"`: SVG path data on any layer, its errors at their character, animating
/// from the file between paths of one structure.
@Suite struct SceneFileShadowTests {
    @Test func shadowPathIsReadOnAnyLayer() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "card", "shadowOpacity": 0.3, "shadowPath": "M 0 0 H 10 V 10 h -10 Z"},"#
            + #"{"name": "text", "class": "CATextLayer", "shadowPath": "M 1 1 L 2 2"}, {"name": "plain"}]}"#))
        let card = try #require(s.layer(named: "card"))
        #expect(card.shadowPath?.elements == [.move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10)),
                                              .line(to: Point(0, 10)), .closeSubpath])
        #expect(s.layer(named: "text")?.shadowPath?.elements.count == 2)
        #expect(s.layer(named: "plain")?.shadowPath == nil, "CALayer's default: no shadow path")
        do {
            _ = try makeScene(scene(#"{"shadowPath": "M 0 0 Q 1"}"#))
            Issue.record("bad path data was read")
        } catch let e as SceneFileError {
            #expect(e.description.contains("root.shadowPath: path data, character"), "\(e.description)")
        }
    }

    /// shadowPath from (0, 0)-(10, 0) to (0, 0)-(30, 20) over 2 s, seen at 1 s: (0, 0)-(20, 10).
    @Test func shadowPathAnimates() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "s", "shadowPath": "M 0 0 L 10 0", "animations": {"#
            + #""path": {"class": "CABasicAnimation", "keyPath": "shadowPath", "fromValue": "M 0 0 L 10 0", "toValue": "M 0 0 L 30 20", "duration": 2}"#
            + "}}]}"))
        let driver = SceneDriver(scene: s)
        driver.step(to: 1)
        let p = try #require(s.presentationLayer.firstLayer(named: "s"))
        #expect(p.shadowPath?.elements == [.move(to: Point(0, 0)), .line(to: Point(20, 10))])
    }
}
