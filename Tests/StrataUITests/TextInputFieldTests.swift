import Testing
import StrataGestures
import StrataModel
@testable import StrataUI
import StrataTestSupport

/// UITextField beyond alerts: first responder on tap (the owner's call), the delegate's
/// questions and notices, Return, and the caret blinking on the scene clock.
struct TextInputFieldTests {
    final class Delegate: TextFieldDelegate {
        var log: [String] = []
        var allowBegin = true
        var allowReturn = true
        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { log.append("shouldBegin"); return allowBegin }
        func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin") }
        func textFieldShouldReturn(_ textField: TextField) -> Bool { log.append("shouldReturn \(textField.text)"); return allowReturn }
        func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd \(textField.text)") }
    }

    /// A field in a window (so its caret has a clock), at (20, 100) 280 x 31.
    func fieldInWindow() -> (Window, TextInputField) {
        let (window, root) = modalWindow()
        let field = TextInputField(frame: Rect(x: 20, y: 100, width: 280, height: 31))
        root.view.addSublayer(field.layer)
        return (window, field)
    }

    @Test func aTapInsideMakesItFirstResponderIfTheDelegateAgrees() {
        let (_, field) = fieldInWindow()
        let delegate = Delegate()
        field.delegate = delegate
        #expect(field.contains(Point(x: 30, y: 110)) && !field.contains(Point(x: 30, y: 140)))
        delegate.allowBegin = false
        #expect(!field.becomeFirstResponder() && !field.isFirstResponder)
        delegate.allowBegin = true
        #expect(field.becomeFirstResponder() && field.isFirstResponder)
        #expect(delegate.log == ["shouldBegin", "shouldBegin", "didBegin"])
    }

    @Test func returnAsksTheDelegateAndEndsEditingOnlyWhenAllowed() {
        let (_, field) = fieldInWindow()
        let delegate = Delegate()
        field.delegate = delegate
        field.becomeFirstResponder()
        field.handleKey(KeyEvent(.text("Hi"), t: 0))
        field.handleKey(KeyEvent(.text("!\n"), t: 0))        // a line break is not text
        field.handleKey(KeyEvent(.key(.backspace), t: 0))
        #expect(field.text == "Hi")
        delegate.allowReturn = false
        field.handleKey(KeyEvent(.key(.return), t: 0))
        #expect(field.isFirstResponder)
        delegate.allowReturn = true
        field.handleKey(KeyEvent(.key(.return), t: 0))
        #expect(!field.isFirstResponder)
        #expect(delegate.log == ["shouldBegin", "didBegin", "shouldReturn Hi", "shouldReturn Hi", "didEnd Hi"])
        // Not first responder: keys are not its to take.
        #expect(!field.handleKey(KeyEvent(.text("x"), t: 0)) && field.text == "Hi")
    }

    @Test func withoutADelegateReturnEndsEditing() {
        let (_, field) = fieldInWindow()
        field.becomeFirstResponder()
        field.handleKey(KeyEvent(.key(.return), t: 0))
        #expect(!field.isFirstResponder)
    }

    @Test func resigningInCodeAlsoTellsTheDelegate() {
        let (_, field) = fieldInWindow()
        let delegate = Delegate()
        field.delegate = delegate
        field.becomeFirstResponder()
        field.textField.resignFirstResponder()      // as the seed's delegate does
        #expect(delegate.log.last == "didEnd ")
    }

    @Test func thePlaceholderShowsGreyWhileEmpty() {
        let (_, field) = fieldInWindow()
        field.placeholder = "Label Text"
        #expect(field.textLayer.string == "Label Text" && field.textLayer.foregroundColor == TextInputField.placeholderColor)
        field.text = "Sink"
        #expect(field.textLayer.string == "Sink" && field.textLayer.foregroundColor == .black)
    }

    /// On for the first half of each second after it starts (or after an edit), off for
    /// the second half, on the window's clock.
    @Test func theCaretBlinksOnTheSceneClockAndStaysSolidWhileTyping() throws {
        let (window, field) = fieldInWindow()
        func caretOpacity(at t: Double) throws -> Double {
            window.advance(to: t)
            let caret = try #require(seen("textField.caret", in: window))
            return caret.isHidden ? -1 : caret.opacity
        }
        #expect(try caretOpacity(at: 0) == -1)          // hidden until editing
        window.advance(to: 2)
        field.becomeFirstResponder()
        #expect(try caretOpacity(at: 2.25) == 1)
        #expect(try caretOpacity(at: 2.75) == 0)
        #expect(try caretOpacity(at: 3.25) == 1)
        #expect(try caretOpacity(at: 3.6) == 0)
        field.handleKey(KeyEvent(.text("a"), t: 3.6))     // the cycle starts over
        #expect(try caretOpacity(at: 3.85) == 1)
        #expect(try caretOpacity(at: 4.35) == 0)
        field.resignFirstResponder()
        #expect(try caretOpacity(at: 4.5) == -1)
    }

    /// Issue 28 §5: a field counts Unicode scalars and cuts a character's marks, even
    /// when the marks arrive one event at a time after their letter.
    @Test func typingIsBoundedInScalars() {
        let field = TextField()
        field.insertText("a" + String(repeating: "\u{301}", count: 999))
        #expect(field.text.count == 1 && field.text.unicodeScalars.count == TextLimit.clusterScalars)
        for _ in 0..<100 { field.insertText(String(repeating: "\u{301}", count: 20)) }
        #expect(field.text.count == 1 && field.text.unicodeScalars.count == TextLimit.clusterScalars)
        field.insertText(String(repeating: "b", count: 20_000))
        #expect(field.text.unicodeScalars.count == TextField.maximumLength)
    }
}
