import StrataGestures
import StrataModel
import StrataScenes
import Testing
@testable import StrataUI
import StrataTestSupport

@Suite struct AlertSceneRegistryTests {
    @Test func traceOptionsNameTheExampleAndAppearance() throws {
        let scene = try SceneRegistry.makeScene(named: "alert", options: ["example": "login", "appearance": "dark"],
                                                viewSize: Size(width: 375, height: 667))
        let alert = try #require((scene as? AlertScene)?.alert)
        #expect(alert.title == "文本对话框" && alert.textFields.count == 2)
        #expect(alert.userInterfaceStyle == .dark)
        #expect(SceneRegistry.descriptor(named: "alert")?.defaultViewSize == Size(width: 375, height: 667))
    }

    @Test func theDefaultIsTheSimpleAlert() throws {
        let scene = try SceneRegistry.makeScene(named: "alert", viewSize: Size(width: 375, height: 667))
        #expect((scene as? AlertScene)?.alert?.title == "标题")
    }

    @Test func badOptionsAreSceneErrors() {
        #expect(throws: SceneError.self) {
            try SceneRegistry.makeScene(named: "alert", options: ["example": "nope"], viewSize: Size(width: 375, height: 667))
        }
        #expect(throws: SceneError.self) {
            try SceneRegistry.makeScene(named: "alert", options: ["example": 3], viewSize: Size(width: 375, height: 667))
        }
        #expect(throws: SceneError.self) {
            try SceneRegistry.makeScene(named: "alert", options: ["appearance": "dim"], viewSize: Size(width: 375, height: 667))
        }
    }

    @Test func everyExampleMakesAnAlert() throws {
        for example in AlertExample.allCases {
            let scene = try AlertScene(example.specification)
            #expect(scene.alert?.layout != nil && scene.layoutError == nil, "\(example)")
        }
    }
}
