import Testing
import StrataModel
@testable import StrataSceneFile

/// CABackdropLayer in scene files: a BackdropLayer whose material the keys describe.
@Suite struct SceneFileBackdropTests {
    @Test func theKeysMakeTheMaterial() throws {
        let s = try makeScene(scene("""
            {"sublayers": [{"class": "CABackdropLayer", "name": "glass", "frame": [20, 10, 160, 80], "cornerRadius": 12,
                            "blurRadius": 30, "saturation": 2.35, "tint": "#F9F9F9CC", "groupName": "card"},
                           {"class": "CABackdropLayer", "name": "plain", "frame": [0, 0, 10, 10]}]}
            """))
        let layers = s.rootLayer.sublayers.compactMap { $0 as? BackdropLayer }
        #expect(layers.count == 2)
        #expect(layers[0].material == Material(blurRadius: 30, saturation: 2.35,
                                              tint: Color(r8: 249, g8: 249, b8: 249, alpha: 0.8)))
        #expect(layers[0].groupName == "card" && layers[0].cornerRadius == 12)
        // Without keys: what is behind, as it is.
        #expect(layers[1].material == Material(blurRadius: 0) && layers[1].groupName == nil)
    }

    @Test func materialKeysBelongToBackdropLayersOnly() {
        #expect { try makeScene(scene(#"{"sublayers": [{"blurRadius": 3}]}"#)) } throws: {
            "\($0)".contains("root.sublayers[0].blurRadius: \"blurRadius\" is a property of CABackdropLayer, not CALayer")
        }
    }
}
