import StrataGestures
import StrataModel
import StrataText

/// A UITextField standing in a controller's view (rather than in an alert): the
/// rounded-rect box of `UITextField.BorderStyle.roundedRect` showing a `TextField`'s text,
/// or its grey placeholder while empty, and, while it is first responder, a caret that
/// blinks on the scene clock.
///
/// UIKit's behaviour, driven by the controller that owns it: a tap in the box makes it
/// first responder (if `textFieldShouldBeginEditing` agrees); typed text and Backspace
/// edit it; Return asks `textFieldShouldReturn` and, on true, ends editing; whatever
/// makes it resign (Return, a tap elsewhere, `resignFirstResponder()` on the field or
/// its `textField`) sends `textFieldDidEndEditing`. The caret sits at the end of the
/// text: there is no selection to move it.
public final class TextInputField {
    /// The field's model: text, placeholder, first responder. Delegate calls pass it.
    public let textField: TextField
    /// The box; its frame is in the superlayer's coordinates.
    public let layer = Layer()
    let textLayer = TextLayer()
    let caretLayer = Layer()
    public weak var delegate: TextFieldDelegate?
    /// Where the text is measured for the caret.
    public var fonts: FontLibrary = .shared

    /// UIKit's roundedRect field: 5 pt corners, a 7 pt text inset, a light grey hairline.
    public static let cornerRadius = 5.0
    public static let textInset = 7.0
    public static let borderWidth = 1.0
    public static let borderColor = Color(white: 0.8)
    /// UIColor.placeholderText over white.
    public static let placeholderColor = Color(r8: 196, g8: 196, b8: 199)
    public static let textColor = Color.black
    /// systemBlue, the tint colour.
    public static let caretColor = Color(r8: 0, g8: 122, b8: 255)
    public static let caretWidth = 2.0
    /// On for half a second, off for half a second, restarted by every edit (the caret
    /// stays solid while typing), on the scene clock: the same frames on every replay.
    public static let blinkPeriod = 1.0
    static let blinkKey = "blink"

    public init(frame: Rect, font: Font = .systemFont(ofSize: 17), name: String = "textField") {
        textField = TextField()
        textField.font = font
        layer.name = name
        textLayer.name = name + ".text"
        textLayer.alignmentMode = .left
        textLayer.numberOfLines = 1
        textLayer.lineBreakMode = .byClipping
        caretLayer.name = name + ".caret"
        caretLayer.isHidden = true
        layer.addSublayer(textLayer)
        layer.addSublayer(caretLayer)
        textField.owner = self
        textField.addAction(for: .editingDidBegin) { [weak self] f in self?.delegate?.textFieldDidBeginEditing(f) }
        textField.addAction(for: .editingDidEnd) { [weak self] f in self?.delegate?.textFieldDidEndEditing(f) }
        Transaction.perform(disableActions: true) { layer.frame = frame }
        update()
    }

    // MARK: UITextField's surface

    public var frame: Rect {
        get { layer.frame }
        set {
            Transaction.perform(disableActions: true) { layer.frame = newValue }
            update()
        }
    }

    public var text: String {
        get { textField.text }
        set { textField.text = newValue }
    }

    public var placeholder: String? {
        get { textField.placeholder }
        set { textField.placeholder = newValue }
    }

    public var isFirstResponder: Bool { textField.isFirstResponder }

    /// Starts editing, as a tap does, if the delegate agrees (UIKit asks
    /// `textFieldShouldBeginEditing` here too).
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard !textField.isFirstResponder else { return true }
        guard delegate?.textFieldShouldBeginEditing(textField) ?? true else { return false }
        return textField.becomeFirstResponder()
    }

    @discardableResult
    public func resignFirstResponder() -> Bool { textField.resignFirstResponder() }

    // MARK: Input

    /// Whether `point`, in the superlayer's coordinates, is in the box.
    public func contains(_ point: Point) -> Bool { layer.frame.contains(point) }

    /// A key while first responder; returns whether the field used it.
    @discardableResult
    public func handleKey(_ key: KeyEvent) -> Bool {
        guard textField.isFirstResponder else { return false }
        switch key.input {
        case .text(let s):
            // A pasted or committed line break is not text for a one-line field.
            textField.insertText(s.filter { !$0.isNewline })
        case .key(.backspace):
            textField.deleteBackward()
        case .key(.return):
            if delegate?.textFieldShouldReturn(textField) ?? true { textField.resignFirstResponder() }
        case .key(.tab), .key(.escape):
            return false
        }
        return true
    }

    // MARK: Drawing

    private var caretShown = false

    /// Shows the field as it is now; `restartBlink` starts the caret's cycle over.
    func update(restartBlink: Bool = false) {
        Transaction.perform(disableActions: true) { draw(restartBlink: restartBlink) }
    }

    private func draw(restartBlink: Bool) {
        let bounds = layer.bounds
        layer.backgroundColor = .white
        layer.cornerRadius = TextInputField.cornerRadius
        layer.borderWidth = TextInputField.borderWidth
        layer.borderColor = TextInputField.borderColor
        layer.masksToBounds = true

        let shown = textField.displayedText
        let empty = shown.isEmpty
        textLayer.string = empty ? (textField.placeholder ?? "") : shown
        textLayer.font = textField.font
        textLayer.foregroundColor = empty ? TextInputField.placeholderColor : TextInputField.textColor

        let font = textField.font
        let metrics = try? fonts.metrics(for: font)
        let ascender = metrics?.ascender ?? font.size * 0.97
        let descender = metrics?.descender ?? font.size * 0.24
        let capHeight = metrics?.capHeight ?? font.size * 0.73
        let inset = TextInputField.textInset
        let available = bounds.width - 2 * inset - TextInputField.caretWidth
        let measured = (try? textLayer.sizeThatFits(Size(width: 0, height: 0), library: fonts).width) ?? 0
        let textWidth = empty ? 0 : measured
        // Text wider than the box scrolls left so its end, and the caret, stay in view.
        let x = inset + min(0, available - textWidth)
        // Capitals centred on the box's middle, the baseline on a whole point.
        let baseline = (bounds.midY + capHeight / 2).rounded()
        textLayer.frame = Rect(x: x, y: baseline - ascender, width: max(measured, 1), height: ascender + descender)

        caretLayer.backgroundColor = TextInputField.caretColor
        caretLayer.frame = Rect(x: (x + textWidth + (empty ? 0 : 1)).rounded(), y: (baseline - ascender).rounded(),
                                width: TextInputField.caretWidth, height: (ascender + descender).rounded())
        if textField.isFirstResponder {
            if !caretShown || restartBlink { startBlinking() }
            caretLayer.isHidden = false
            caretShown = true
        } else {
            caretLayer.removeAnimation(forKey: TextInputField.blinkKey)
            caretLayer.isHidden = true
            caretShown = false
        }
    }

    private func startBlinking() {
        var blink = KeyframeAnimation.Typed(keyPath: .opacity, values: [1, 0], keyTimes: [0, 0.5, 1])
        blink.calculationMode = .discrete
        blink.duration = TextInputField.blinkPeriod
        blink.repeatCount = .infinity
        caretLayer.add(blink, forKey: TextInputField.blinkKey)
    }
}

extension TextInputField: TextFieldOwner {
    func textFieldDidChange(_ field: TextField) { update(restartBlink: true) }
    func textFieldWillBecomeFirstResponder(_ field: TextField) {}
}
