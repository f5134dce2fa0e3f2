import StrataGestures
import StrataModel
import StrataScenes
import Testing
@testable import StrataUI
import StrataTestSupport

@Suite struct AlertTextFieldTests {
    /// Seed 002's rule, driven by a trace: OK is enabled while the login has more than
    /// 2 characters, re-evaluated on every change, backspace included.
    @Test func okFollowsTheLoginsLengthWhileTyping() throws {
        let text = """
        {"trace": 1, "scene": "alert", "width": 375, "height": 667, "scale": 2, "fps": 60, "options": {"example": "login"}}
        {"t": 0.6, "kind": "key", "text": "a"}
        {"t": 0.7, "kind": "key", "text": "b"}
        {"t": 0.8, "kind": "key", "text": "c"}
        {"t": 0.9, "kind": "key", "key": "backspace"}
        {"t": 1.0, "kind": "key", "text": "dé"}
        """
        let trace = try Trace.parse(text: text, name: "login.trace").trace
        let scene = try exampleScene(.login)
        let alert = try #require(scene.alert)
        let ok = alert.actions[1]
        var enabled: [Bool] = [ok.isEnabled]
        for event in trace.events {
            scene.deliver(event)
            enabled.append(ok.isEnabled)
        }
        #expect(enabled == [false, false, false, true, false, true])
        #expect(alert.textFields[0].text == "abdé")
    }

    @Test func theFirstFieldIsFocusedTabMovesOnAndSecureFieldsShowBullets() throws {
        let scene = try exampleScene(.login)
        let alert = try #require(scene.alert)
        #expect(alert.firstResponder === alert.textFields[0])
        scene.deliver(.text("user", t: 0.6))
        scene.deliver(.key(.tab, t: 0.7))
        #expect(alert.firstResponder === alert.textFields[1])
        scene.deliver(.text("1234", t: 0.8))
        let shown = try #require(alert.view.firstLayer(named: "alert.textField.1.text") as? TextLayer)
        #expect(shown.string == "••••" && alert.textFields[1].text == "1234")
        // Picking OK logs both fields, as seed 002's handler does.
        let ok = try #require(alert.layout).center(ofAction: 1)
        scene.deliver(.down(x: ok.x, y: ok.y, t: 1))
        scene.deliver(.up(x: ok.x, y: ok.y, t: 1.1))
        #expect(scene.log == ["picked 好的", "帐号: user", "密码: 1234"])
    }

    @Test func tappingAFieldFocusesIt() throws {
        let scene = try exampleScene(.login)
        let alert = try #require(scene.alert)
        let layout = try #require(alert.layout)
        let second = layout.screenRect(layout.textFields[1], inGroup: 0).center
        scene.deliver(.down(x: second.x, y: second.y, t: 1))
        scene.deliver(.up(x: second.x, y: second.y, t: 1.05))
        #expect(alert.firstResponder === alert.textFields[1])
        #expect(alert.textFields[0].isFirstResponder == false)
    }

    @Test func thePlaceholderShowsGreyWhileEmpty() throws {
        let scene = try exampleScene(.login)
        let alert = try #require(scene.alert)
        let text = try #require(alert.view.firstLayer(named: "alert.textField.0.text") as? TextLayer)
        #expect(text.string == "登录" && text.foregroundColor == Color(r8: 199, g8: 199, b8: 204))
        scene.deliver(.text("x", t: 1))
        #expect(text.string == "x" && text.foregroundColor == .black)
    }

    /// On for half a second, off for half, from the last edit: on the scene clock.
    @Test func theCaretBlinksOnTheSceneClock() throws {
        let scene = try exampleScene(.login)
        func caretOpacity(_ t: Double) throws -> Double {
            scene.advance(to: t)
            let caret = try #require(scene.presentationLayer.firstLayer(named: "alert.textField.0.caret"))
            return caret.isHidden ? 0 : caret.opacity
        }
        #expect(try caretOpacity(0.2) == 1)
        #expect(try caretOpacity(0.6) == 0)
        #expect(try caretOpacity(1.1) == 1)
        #expect(try caretOpacity(1.7) == 0)
        // Typing at 1.8 shows the caret at once, and restarts the cycle from there.
        scene.deliver(.text("a", t: 1.8))
        #expect(try caretOpacity(1.8) == 1)
        #expect(try caretOpacity(2.2) == 1)
        #expect(try caretOpacity(2.4) == 0)
        let other = try #require(scene.presentationLayer.firstLayer(named: "alert.textField.1.caret"))
        #expect(other.isHidden)
    }

    @Test func theCaretFollowsTheText() throws {
        let scene = try exampleScene(.login)
        let alert = try #require(scene.alert)
        let caret = try #require(alert.view.firstLayer(named: "alert.textField.0.caret"))
        let empty = caret.frame.minX
        scene.deliver(.text("abc", t: 1))
        #expect(caret.frame.minX > empty + 10)
        // Longer than the field: the text scrolls and the caret stays inside.
        scene.deliver(.text(String(repeating: "w", count: 60), t: 1.1))
        #expect(caret.frame.maxX <= 238)
    }

    @Test func typingDoesNothingWithoutAField() throws {
        let scene = try exampleScene(.simple)
        scene.deliver(.text("abc", t: 1))
        scene.deliver(.key(.backspace, t: 1.1))
        #expect(scene.alert?.presentingViewController != nil && scene.log.isEmpty)
    }
}
