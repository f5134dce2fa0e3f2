import Foundation
import Testing
import StrataDriver
import StrataModel
@testable import StrataSceneFile

/// Issue 24's animation keys in scene files: a keyframe `path` with its modes, springs by
/// feel, `hidden` animated with true and false; misuse named at its key.
@Suite struct SceneFileKeyframePathTests {
    /// The layer "dot" at time `t` of a scene whose dot runs `animation`.
    private func dot(_ animation: String, at t: Double) throws -> Layer {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "dot", "animations": {"a": "# + animation + "}}]}"))
        let driver = SceneDriver(scene: s)
        driver.step(to: t)
        return try #require(s.presentationLayer.firstLayer(named: "dot"))
    }

    /// An L of 300 then 100 pt, paced: the corner at 300/400 of 2 s = 1.5 s; a quarter
    /// turn (auto) on the way down at 1.75 s, 50 pt down.
    @Test func pathPacedWithRotation() throws {
        let a = #"{"class": "CAKeyframeAnimation", "keyPath": "position", "path": "M 0 0 H 300 V 100", "#
            + #""calculationMode": "paced", "rotationMode": "auto", "duration": 2}"#
        #expect(try dot(a, at: 1.5).position == Point(x: 300, y: 0))
        let down = try dot(a, at: 1.75)
        #expect(abs(down.position.y - 50) < 1e-6)
        #expect(abs(down.transform.m11) < 1e-9 && abs(down.transform.m12 - 1) < 1e-9)
        // Linear (the default): each line its half of the time.
        let linear = #"{"class": "CAKeyframeAnimation", "keyPath": "position", "path": "M 0 0 H 300 V 100", "duration": 2}"#
        #expect(try dot(linear, at: 1).position == Point(x: 300, y: 0))
    }

    @Test func springByFeelAndHiddenFlags() throws {
        let spring = #"{"class": "CASpringAnimation", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "perceptualDuration": 0.5, "bounce": 0.2}"#
        let s = try makeScene(scene(#"{"sublayers": [{"name": "dot", "animations": {"a": "# + spring + "}}]}"))
        let made = try #require(s.layer(named: "dot")?.animation(forKey: "a") as? SpringAnimation)
        #expect(abs(made.stiffness - 16 * Double.pi * Double.pi) < 1e-9 && abs(made.bounce - 0.2) < 1e-9)
        #expect(made.duration == made.settlingDuration)

        let blink = #"{"class": "CAKeyframeAnimation", "keyPath": "hidden", "values": [true, false], "keyTimes": [0, 0.5, 1], "#
            + #""calculationMode": "discrete", "duration": 1}"#
        #expect(try dot(blink, at: 0.25).isHidden == true)
        #expect(try dot(blink, at: 0.75).isHidden == false)
    }

    @Test(arguments: [
        (#""keyPath": "opacity", "path": "M 0 0 L 1 1""#, "a keyframe path moves a point property such as position"),
        (#""keyPath": "position", "values": [[0, 0]], "rotationMode": "auto""#, "rotationMode turns a layer along a \"path\""),
        (#""keyPath": "position", "path": "M 0 0 L 1 1", "values": [[0, 0]]"#, "give \"values\" or \"path\", not both"),
        (#""keyPath": "position", "path": "M 0 0 L 1 1", "rotationMode": "sideways""#, "rotation mode"),
    ])
    func misuseIsNamed(_ keys: String, _ message: String) throws {
        do {
            _ = try makeScene(scene(#"{"animations": {"a": {"class": "CAKeyframeAnimation", "# + keys + "}}}"))
            Issue.record("read: \(keys)")
        } catch let e as SceneFileError {
            #expect(e.description.contains(message), "\(e.description)")
        }
        do {
            _ = try makeScene(scene(#"{"animations": {"a": {"class": "CASpringAnimation", "keyPath": "opacity", "bounce": 0.2, "mass": 2}}}"#))
            Issue.record("read a spring with both kinds of keys")
        } catch let e as SceneFileError {
            #expect(e.description.contains("give one or the other"), "\(e.description)")
        }
    }
}
