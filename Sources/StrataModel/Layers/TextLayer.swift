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

    open override class var declaration: LayerClassDeclaration { textDeclaration }

    /// `foregroundColor` and `fontSize` animate, without implicit actions, as in Core
    /// Animation. `wrapped` and `truncationMode` come before the two they are views of,
    /// so that a scene file giving both gets what it says last-named.
    private static let textDeclaration = LayerClassDeclaration("CATextLayer", inheriting: Layer.declaration,
                                                               make: { TextLayer() }, [
        Declare<TextLayer>.property("string", \.string, "the text; nil or empty draws nothing"),
        Declare<TextLayer>.property("font", \.font, "family, weight and size (a snapshot shows the size as fontSize)"),
        Declare<TextLayer>.animatable("fontSize", \.fontSize, action: false, copy: .view, "the size of font"),
        Declare<TextLayer>.animatable("foregroundColor", \.foregroundColor, action: false, "the text's colour"),
        Declare<TextLayer>.property("alignmentMode", \.alignmentMode, "each line's place in the bounds' width"),
        Declare<TextLayer>.property("wrapped", \.isWrapped, swift: "isWrapped", copy: .view, snapshot: false,
                                    "CATextLayer's isWrapped: numberOfLines other than 1"),
        Declare<TextLayer>.property("truncationMode", \.truncationMode, copy: .view, snapshot: false,
                                    "CATextLayer's truncationMode, a view of lineBreakMode"),
        Declare<TextLayer>.property("numberOfLines", \.numberOfLines, "the most lines shown; 0 as many as the bounds hold"),
        Declare<TextLayer>.property("lineBreakMode", \.lineBreakMode, "how lines break and the last one is truncated"),
        Declare<TextLayer>.property("lineHeight", \.lineHeight, "baseline to baseline; nil uses the font's"),
    ])

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
