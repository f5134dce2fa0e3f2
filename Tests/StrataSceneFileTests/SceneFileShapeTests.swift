import Foundation
import Testing
import StrataDriver
import StrataModel
@testable import StrataSceneFile

/// `"class": "CAShapeLayer"`: every key read into the layer, path data errors at their
/// character, and the animatable keys animating from the file.
@Suite struct SceneFileShapeTests {
    @Test func everyShapeKeyIsRead() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "s", "class": "CAShapeLayer", "path": "M 0 0 L 10 0 l 0 10 Z","#
            + #""fillColor": null, "fillRule": "evenOdd", "strokeColor": "systemRed", "lineWidth": 4, "lineCap": "round","#
            + #""lineJoin": "bevel", "miterLimit": 3, "lineDashPattern": [5, 2], "lineDashPhase": 1, "strokeStart": 0.25, "strokeEnd": "{0.5 + 0.25}"},"#
            + #"{"name": "d", "class": "CAShapeLayer"}]}"#))
        let l = try #require(s.layer(named: "s") as? ShapeLayer)
        #expect(l.path?.elements == [.move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10)), .closeSubpath])
        #expect(l.fillColor == nil && l.fillRule == .evenOdd && l.strokeColor == .systemRed)
        #expect(l.lineWidth == 4 && l.lineCap == .round && l.lineJoin == .bevel && l.miterLimit == 3)
        #expect(l.lineDashPattern == [5, 2] && l.lineDashPhase == 1 && l.strokeStart == 0.25 && l.strokeEnd == 0.75)
        // CAShapeLayer's defaults.
        let d = try #require(s.layer(named: "d") as? ShapeLayer)
        #expect(d.path == nil && d.fillColor == .black && d.strokeColor == nil && d.lineWidth == 1 && d.miterLimit == 10)
    }

    @Test func badPathDataNamesItsCharacter() throws {
        do {
            _ = try makeScene(scene(#"{"class": "CAShapeLayer", "path": "M 0 0 L 10 X"}"#))
            Issue.record("bad path data was read")
        } catch let e as SceneFileError {
            #expect(e.description.hasPrefix("t.scene.json:1:82: root.path: path data, character 12: "), "\(e.description)")
        }
        #expect(throws: SceneFileError.self) { try makeScene(scene(#"{"class": "CAShapeLayer", "lineCap": "rounded"}"#)) }
        // Shape keys belong to shape layers only.
        #expect(throws: SceneFileError.self) { try makeScene(scene(#"{"class": "CALayer", "strokeEnd": 0.5}"#)) }
        var limits = SceneFileLimits()
        limits.pathDataLength = 10
        #expect(throws: SceneFileError.self) { try makeScene(scene(#"{"class": "CAShapeLayer", "path": "M 0 0 L 10 10"}"#), limits: limits) }
    }

    /// strokeEnd, lineWidth, strokeColor and path (between paths of one structure) animate from the file.
    @Test func shapeKeysAnimate() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "s", "class": "CAShapeLayer", "path": "M 0 0 L 10 0", "animations": {"#
            + #""end": {"class": "CABasicAnimation", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 2},"#
            + #""width": {"class": "CABasicAnimation", "keyPath": "lineWidth", "fromValue": 0, "toValue": 8, "duration": 2},"#
            + #""color": {"class": "CABasicAnimation", "keyPath": "strokeColor", "fromValue": "black", "toValue": "white", "duration": 2},"#
            + #""path": {"class": "CAKeyframeAnimation", "keyPath": "path", "values": ["M 0 0 L 10 0", "M 0 0 L 30 20"], "duration": 2}"#
            + "}}]}"))
        let driver = SceneDriver(scene: s)
        driver.step(to: 1)
        let p = try #require(s.presentationLayer.firstLayer(named: "s") as? ShapeLayer)
        #expect(abs(p.strokeEnd - 0.5) < 1e-12 && abs(p.lineWidth - 4) < 1e-12)
        #expect(p.strokeColor.map { abs($0.red - 0.5) < 1e-9 } == true)
        #expect(p.path?.elements == [.move(to: Point(0, 0)), .line(to: Point(20, 10))])
    }
}
