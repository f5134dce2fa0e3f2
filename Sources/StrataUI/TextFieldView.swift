import StrataModel
import StrataText

/// The layers of one text field in an alert: a white box clipping its text (the text
/// scrolls left so its end stays in view, as UITextField keeps the caret visible), the
/// grey placeholder while empty, and the caret, which blinks on the scene clock.
final class TextFieldView {
    let layer = Layer()
    let textLayer = TextLayer()
    let caretLayer = Layer()

    static let caretWidth = 2.0
    /// On for half a second, off for half a second, restarted by every edit: the same
    /// frames on every replay, whatever the frame rate.
    static let blinkPeriod = 1.0
    static let blinkKey = "blink"

    private var caretShown = false

    init(index: Int, frame: Rect) {
        layer.name = "alert.textField.\(index)"
        layer.frame = frame
        layer.masksToBounds = true
        textLayer.name = "alert.textField.\(index).text"
        textLayer.alignmentMode = .left
        textLayer.numberOfLines = 1
        textLayer.lineBreakMode = .byClipping
        caretLayer.name = "alert.textField.\(index).caret"
        caretLayer.isHidden = true
        layer.addSublayer(textLayer)
        layer.addSublayer(caretLayer)
    }

    /// Shows `field` as it is now. `restartBlink` (an edit) starts the blink over, so
    /// the caret stays solid while typing.
    func update(_ field: TextField, colors: AlertColors, screen: Screen, fonts: FontLibrary, restartBlink: Bool) {
        let bounds = layer.bounds
        layer.backgroundColor = colors.textFieldBackground
        let shown = field.displayedText
        let empty = shown.isEmpty
        textLayer.string = empty ? (field.placeholder ?? "") : shown
        textLayer.font = field.font
        textLayer.foregroundColor = empty ? colors.placeholder : colors.text

        let size = field.font.size
        let metrics = try? fonts.metrics(for: field.font)
        let ascender = metrics?.ascender ?? size * 0.97
        let descender = metrics?.descender ?? size * 0.24
        let capHeight = metrics?.capHeight ?? size * 0.73
        let inset = AlertMetrics.textFieldTextInset
        let available = bounds.width - 2 * inset - TextFieldView.caretWidth
        let measured = (try? textLayer.sizeThatFits(Size(width: 0, height: 0), library: fonts).width) ?? 0
        let textWidth = empty ? 0 : measured
        // Text wider than the box scrolls so its end, and the caret, stay in view.
        let x = inset + min(0, available - textWidth)
        let baseline = screen.roundToPixels(bounds.midY + capHeight / 2)
        textLayer.frame = Rect(x: x, y: baseline - ascender, width: max(measured, 1), height: ascender + descender)

        caretLayer.backgroundColor = colors.action
        caretLayer.frame = Rect(x: screen.roundToPixels(x + textWidth + (empty ? 0 : 1)),
                                y: screen.roundToPixels(baseline - ascender),
                                width: TextFieldView.caretWidth,
                                height: screen.roundToPixels(ascender + descender))
        if field.isFirstResponder {
            if !caretShown || restartBlink { startBlinking() }
            caretLayer.isHidden = false
            caretShown = true
        } else {
            caretLayer.removeAnimation(forKey: TextFieldView.blinkKey)
            caretLayer.isHidden = true
            caretShown = false
        }
    }

    private func startBlinking() {
        var blink = KeyframeAnimation.Typed(keyPath: .opacity, values: [1, 0], keyTimes: [0, 0.5, 1])
        blink.calculationMode = .discrete
        blink.duration = TextFieldView.blinkPeriod
        blink.repeatCount = .infinity
        caretLayer.add(blink, forKey: TextFieldView.blinkKey)
    }
}
