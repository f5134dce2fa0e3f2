import Foundation
import Testing
import StrataDriver
import StrataModel
@testable import StrataSceneFile

/// `"mask": LAYER`, `"maskedCorners"` and `"cornerCurve"`: read into the layer, wrong
/// names refused at their place, a mask's animations running on the scene's clock.
@Suite struct SceneFileMaskTests {
    @Test func cornerKeysAreRead() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "c", "cornerRadius": 12, "cornerCurve": "continuous","#
            + #""maskedCorners": ["layerMinXMinYCorner", "layerMaxXMinYCorner"]}, {"name": "d"}, {"name": "e", "maskedCorners": []}]}"#))
        let c = try #require(s.layer(named: "c"))
        #expect(c.cornerCurve == .continuous)
        #expect(c.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        let d = try #require(s.layer(named: "d"))
        #expect(d.cornerCurve == .circular && d.maskedCorners == .all, "CALayer's defaults")
        #expect(try #require(s.layer(named: "e")).maskedCorners.isEmpty)
    }

    @Test func wrongCornerNamesAreRefused() throws {
        do {
            _ = try makeScene(scene(#"{"maskedCorners": ["layerMinXMinYCorner", "topLeft"]}"#))
            Issue.record("a wrong corner name was read")
        } catch let e as SceneFileError {
            #expect(e.description.contains("root.maskedCorners[1]"), "\(e.description)")
            #expect(e.description.contains("unknown corner"), "\(e.description)")
        }
        #expect(throws: SceneFileError.self) { try makeScene(scene(#"{"cornerCurve": "squircle"}"#)) }
        #expect(throws: SceneFileError.self) { try makeScene(scene(#"{"maskedCorners": "layerMinXMinYCorner"}"#)) }
    }

    /// The mask is a layer object of any class, with sublayers and animations of its own:
    /// a shimmer's locations move on the scene's clock.
    @Test func aMaskIsALayerObjectWhoseAnimationsRun() throws {
        let s = try makeScene(scene(#"{"sublayers": [{"name": "card", "frame": [0, 0, 100, 40], "backgroundColor": "red","#
            + #""mask": {"name": "shine", "class": "CAGradientLayer", "frame": [0, 0, 100, 40], "colors": ["clear", "black", "clear"],"#
            + #""locations": [0, 0.1, 0.2], "sublayers": [{"name": "dot", "frame": [0, 0, 4, 4]}],"#
            + #""animations": {"move": {"class": "CABasicAnimation", "keyPath": "locations", "fromValue": [0, 0.1, 0.2], "toValue": [0.8, 0.9, 1], "duration": 2}}}}]}"#))
        let card = try #require(s.layer(named: "card"))
        let shine = try #require(card.mask as? GradientLayer)
        #expect(shine.name == "shine" && shine.superlayer == nil && shine.sublayers.count == 1)
        #expect(s.layer(named: "shine") === shine, "a mask's name is found as any layer's")
        let driver = SceneDriver(scene: s)
        driver.step(to: 1)
        let presented = try #require(s.presentationLayer.firstLayer(named: "card")?.mask as? GradientLayer)
        let locations = try #require(presented.locations)
        #expect(locations.count == 3 && abs(locations[1] - 0.5) < 0.1, "\(locations)")
        #expect(s.hasRunningAnimations)
    }
}

/// A mask's animation ends on the scene's clock as any layer's does: removed on
/// completion, its completion run, the scene idle after it.
@Suite struct MaskAnimationClockTests {
    @Test func aMasksAnimationEndsOnTheClock() throws {
        let root = Layer(), card = Layer(), mask = GradientLayer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(card)
        card.mask = mask
        let clock = SceneClock()
        clock.attach(root)
        var finished: Bool?
        var a = BasicAnimation(keyPath: "locations", fromValue: .doubles([0, 1]), toValue: .doubles([0.5, 1]))
        a.timing.duration = 1
        a.completion = { finished = $0 }
        try mask.add(a, forKey: "move")
        #expect(clock.hasRunningAnimations)
        clock.advance(to: 0.5)
        #expect(finished == nil && mask.animationKeys() == ["move"])
        clock.advance(to: 1.5)
        #expect(finished == true, "the completion ran")
        #expect(mask.animationKeys().isEmpty, "removed on completion")
        #expect(clock.isIdle)
    }
}
