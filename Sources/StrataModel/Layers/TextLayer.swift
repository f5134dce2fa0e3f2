/// CATextLayer: a string drawn in the layer's bounds as its content (above the
/// background, below the sublayers and the border), from the top edge down, each line
/// placed by `alignmentMode` within the bounds' width.
///
/// Line breaking and truncation take UILabel's two knobs, `numberOfLines` and
/// `lineBreakMode`; CATextLayer's `isWrapped` and `truncationMode` are views of the same
/// two. Lines also stop where the bounds' height runs out (when it is set), the last
/// one shown being truncated as `lineBreakMode` says, as CATextLayer does.
///
/// Measuring needs fonts, so it lives with the text engine: `import StrataText` for
/// `sizeThatFits(_:)` and `preferredFrameSize()`.
///
/// Presentation copies carry every text property; `foregroundColor` and `fontSize`
/// animate, as in Core Animation.
open class TextLayer: Layer {
    public override init() { super.init() }

    open override func copyProperties(from layer: Layer) {
        super.copyProperties(from: layer)
        guard let t = layer as? TextLayer else { return }
        string = t.string
        font = t.font
        foregroundColor = t.foregroundColor
        alignmentMode = t.alignmentMode
        numberOfLines = t.numberOfLines
        lineBreakMode = t.lineBreakMode
        lineHeight = t.lineHeight
    }

    /// Adds "foregroundColor" (color) and "fontSize" (double) to the layer's key paths.
    open override class var animatableProperties: AnimatableProperties { textAnimatableProperties }

    private static let textAnimatableProperties = AnimatableProperties([
        AnimatableProperty("foregroundColor", \TextLayer.foregroundColor),
        AnimatableProperty("fontSize", \TextLayer.fontSize),
    ], inheriting: Layer.animatableProperties)

    /// The text; nil or empty draws nothing.
    public var string: String?
    /// CATextLayer's default is Helvetica 36; here the system font (Inter) at 36 pt.
    public var font: Font = .systemFont(ofSize: 36)
    /// CATextLayer's `fontSize`: the size of `font`.
    public var fontSize: Double {
        get { font.size }
        set { font.size = newValue }
    }
    /// Straight alpha, like every model color; opaque white by default, as in CATextLayer.
    public var foregroundColor: Color = .white
    public var alignmentMode: TextAlignment = .natural
    /// The most lines shown; 0 means as many as the bounds' height holds.
    /// CATextLayer's default, one line, is `isWrapped == false`.
    public var numberOfLines = 1
    /// CATextLayer's default (not wrapped, not truncated) is `.byClipping` on one line.
    public var lineBreakMode: LineBreakMode = .byClipping
    /// Baseline-to-baseline distance in points; nil uses the font's line height.
    public var lineHeight: Double?

    /// CATextLayer's `isWrapped`: true lets the text take as many lines as it needs.
    public var isWrapped: Bool {
        get { numberOfLines != 1 }
        set { numberOfLines = newValue ? 0 : 1 }
    }

    /// CATextLayer's truncation modes.
    public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
        case none, start, end, middle
    }

    /// CATextLayer's `truncationMode`, a view of `lineBreakMode`.
    public var truncationMode: TruncationMode {
        get {
            switch lineBreakMode {
            case .byTruncatingHead: return .start
            case .byTruncatingTail: return .end
            case .byTruncatingMiddle: return .middle
            case .byWordWrapping, .byCharWrapping, .byClipping: return .none
            }
        }
        set {
            switch newValue {
            case .start: lineBreakMode = .byTruncatingHead
            case .end: lineBreakMode = .byTruncatingTail
            case .middle: lineBreakMode = .byTruncatingMiddle
            case .none: if lineBreakMode.truncates { lineBreakMode = .byClipping }
            }
        }
    }

    /// What the text engine lays out, apart from the string and the bounds.
    public var style: TextStyle {
        TextStyle(font: font, alignment: alignmentMode, lineBreakMode: lineBreakMode,
                  numberOfLines: numberOfLines, lineHeight: lineHeight)
    }

    /// True when there is something to draw: a non-empty string in a visible color.
    public var hasVisibleText: Bool {
        !(string ?? "").isEmpty && foregroundColor.alpha > 0 && font.size > 0
    }
}
