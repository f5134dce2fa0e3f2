import StrataModel

/// UITextField as an alert holds one: text, placeholder and secure entry, edited from
/// the keyboard (trace `key` events) while it is the first responder. The caret is
/// always at the end of the text: there is no selection to move it.
public final class TextField {
    /// UIControl.Event, the editing events a text field sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        /// The text changed by typing or deleting (UITextFieldTextDidChangeNotification);
        /// not sent when `text` is set in code, as in UIKit.
        case editingChanged
        case editingDidBegin
        case editingDidEnd
    }

    /// Shown in place of each character of a secure field.
    public static let bullet: Character = "\u{2022}"

    public var text = "" {
        didSet { if text != oldValue { owner?.textFieldDidChange(self) } }
    }
    /// Grey text shown while `text` is empty.
    public var placeholder: String? {
        didSet { if placeholder != oldValue { owner?.textFieldDidChange(self) } }
    }
    /// Bullets instead of the characters.
    public var isSecureTextEntry = false {
        didSet { if isSecureTextEntry != oldValue { owner?.textFieldDidChange(self) } }
    }
    public var font: Font = .systemFont(ofSize: 13) {
        didSet { if font != oldValue { owner?.textFieldDidChange(self) } }
    }
    public private(set) var isFirstResponder = false

    private var actions: [(event: Event, handler: (TextField) -> Void)] = []

    /// Where edits and focus changes are reported (the alert showing the field).
    weak var owner: TextFieldOwner?

    public init() {}

    /// UIControl.addAction(_:for:): `handler` runs on each `event`, in the order added.
    public func addAction(for event: Event, handler: @escaping (TextField) -> Void) {
        actions.append((event, handler))
    }

    /// What the field shows: the text, or a bullet per character when secure.
    public var displayedText: String {
        isSecureTextEntry ? String(repeating: TextField.bullet, count: text.count) : text
    }

    // MARK: UIKeyInput

    public var hasText: Bool { !text.isEmpty }

    /// The most characters a field holds (as a trace's text event does): typing past it
    /// is ignored, so no input makes a field's layout unbounded.
    public static let maximumLength = 10_000

    /// Types `string` at the caret (the end), up to `maximumLength` characters in all,
    /// and sends editingChanged.
    /// Counted in Unicode scalars, each character cut to `TextLimit.clusterScalars`.
    public func insertText(_ string: String) {
        let room = TextField.maximumLength - TextLimit.length(text)
        guard !string.isEmpty, room > 0 else { return }
        let typed = TextLimit.clipped(string, maximum: room)
        guard !typed.isEmpty else { return }
        text += typed
        // Marks typed alone join the character before them: that one is cut too.
        if let last = text.last, last.unicodeScalars.count > TextLimit.clusterScalars {
            text = String(text.dropLast()) + String(String.UnicodeScalarView(last.unicodeScalars.prefix(TextLimit.clusterScalars)))
        }
        send(.editingChanged)
    }

    /// Deletes the character before the caret and sends editingChanged; nothing when empty.
    public func deleteBackward() {
        guard hasText else { return }
        text.removeLast()
        send(.editingChanged)
    }

    // MARK: UIResponder

    /// Takes keyboard focus from the owner's other fields; editingDidBegin.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        owner?.textFieldWillBecomeFirstResponder(self)
        isFirstResponder = true
        send(.editingDidBegin)
        owner?.textFieldDidChange(self)
        return true
    }

    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        isFirstResponder = false
        send(.editingDidEnd)
        owner?.textFieldDidChange(self)
        return true
    }

    private func send(_ event: Event) {
        for action in actions where action.event == event { action.handler(self) }
    }
}

/// What a text field tells the controller that shows it.
protocol TextFieldOwner: AnyObject {
    /// Text, placeholder, secure entry or focus changed: redraw.
    func textFieldDidChange(_ field: TextField)
    /// `field` is about to become first responder: the current one resigns.
    func textFieldWillBecomeFirstResponder(_ field: TextField)
}
