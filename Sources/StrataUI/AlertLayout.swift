import StrataModel
import StrataText

/// Where everything of an alert or action sheet goes, worked out from the controller and
/// the screen without drawing: text is measured with the fonts (FreeType), nothing else
/// is needed, so tests check the numbers without GL.
///
/// Coordinates: `frame` is in the screen's points; `groups` in the frame's own space
/// (origin at its top-left); everything else in its group's space. An alert has one
/// group, the box; an action sheet has the actions' group (with the header) and, below
/// it, the cancel group.
public struct AlertLayout: Sendable {
    /// A block of text: what to draw and where its first baseline lands.
    public struct Label: Sendable, Hashable {
        public var string: String
        public var font: Font
        /// The text layer's frame: `lineCount` lines of `lineHeight`, the first baseline
        /// at `firstBaseline`.
        public var frame: Rect
        public var firstBaseline: Double
        /// Baseline to baseline; nil is the font's own line height.
        public var lineHeight: Double?
        public var lineCount: Int
        /// Wrapped text (header) or one truncated line (buttons).
        public var isWrapped: Bool

        /// The baseline of the last line.
        public var lastBaseline: Double { firstBaseline + Double(lineCount - 1) * (lineHeight ?? 0) }
    }

    /// One action's button.
    public struct Button: Sendable, Hashable {
        /// Index into the controller's `actions`.
        public var actionIndex: Int
        public var group: Int
        public var frame: Rect
        public var label: Label
        /// Drawn semibold: the preferred action, else the cancel action.
        public var isEmphasized: Bool
    }

    /// A rounded panel: the alert's box, or one of an action sheet's two groups.
    public struct Group: Sendable, Hashable {
        public var frame: Rect
        public var cornerRadius: Double
    }

    /// A rectangle drawn in one group: a hairline, or a custom spacing band.
    public struct Rule: Sendable, Hashable {
        public var group: Int
        public var frame: Rect
    }

    public let style: AlertController.Style
    public let screen: Screen
    /// The whole alert (or both sheet groups) in screen points.
    public let frame: Rect
    public let groups: [Group]
    public let image: Rect?
    public let title: Label?
    public let message: Label?
    /// The text fields' boxes, stacked, in group 0.
    public let textFields: [Rect]
    /// In the order they are drawn: left to right, or top to bottom.
    public let buttons: [Button]
    /// One device pixel thick: above each row of buttons, and between side-by-side ones.
    public let separators: [Rule]
    /// Gaps set with `setCustomSpacing(_:after:)`, drawn as bands between rows.
    public let spacers: [Rule]
    /// How the buttons of group 0 run.
    public let actionAxis: LayoutAxis

    init(style: AlertController.Style, screen: Screen, frame: Rect, groups: [Group], image: Rect?, title: Label?,
         message: Label?, textFields: [Rect], buttons: [Button], separators: [Rule], spacers: [Rule],
         actionAxis: LayoutAxis) {
        self.style = style; self.screen = screen; self.frame = frame; self.groups = groups; self.image = image
        self.title = title; self.message = message; self.textFields = textFields; self.buttons = buttons
        self.separators = separators; self.spacers = spacers; self.actionAxis = actionAxis
    }

    /// Lays `controller` out on `screen`. Throws only when a font is missing.
    public init(_ controller: AlertController, screen: Screen, fonts: FontLibrary = .shared) throws {
        switch controller.preferredStyle {
        case .alert: self = try AlertLayout.alert(controller, screen: screen, fonts: fonts)
        case .actionSheet: self = try AlertLayout.actionSheet(controller, screen: screen, fonts: fonts)
        }
    }

    // MARK: Queries

    /// The box of the alert (group 0) or of a sheet group, in screen points.
    public func frame(ofGroup index: Int) -> Rect {
        let g = groups[index].frame
        return Rect(x: frame.minX + g.minX, y: frame.minY + g.minY, width: g.width, height: g.height)
    }

    /// A rectangle of group `group` in screen points.
    public func screenRect(_ rect: Rect, inGroup group: Int) -> Rect {
        let g = frame(ofGroup: group)
        return Rect(x: g.minX + rect.minX, y: g.minY + rect.minY, width: rect.width, height: rect.height)
    }

    /// The button under `point` (screen points), if any.
    public func button(at point: Point) -> Button? {
        buttons.first { screenRect($0.frame, inGroup: $0.group).contains(point) }
    }

    /// The index of the text field under `point` (screen points), if any.
    public func textField(at point: Point) -> Int? {
        textFields.firstIndex { screenRect($0, inGroup: 0).contains(point) }
    }

    /// True when `point` (screen points) is on one of the groups: not on the dim.
    public func contains(_ point: Point) -> Bool {
        groups.indices.contains { frame(ofGroup: $0).contains(point) }
    }

    /// The button of the action at `index` in the controller's `actions`.
    public func button(forAction index: Int) -> Button? {
        buttons.first { $0.actionIndex == index }
    }

    // MARK: Shared pieces

    /// Text wrapped to `width`, centred, with its first baseline at `baseline`.
    static func wrappedLabel(_ string: String, font: Font, lineHeight: Double, width: Double, x: Double,
                             baseline: Double, fonts: FontLibrary) throws -> Label {
        let style = TextStyle(font: font, alignment: .center, lineBreakMode: .byWordWrapping, numberOfLines: 0,
                              lineHeight: lineHeight)
        let layout = try fonts.layout(string, style: style, width: width)
        let lines = max(1, layout.lines.count)
        let descender = try fonts.metrics(for: font).descender
        let top = baseline - (lineHeight - descender)
        return Label(string: string, font: font, frame: Rect(x: x, y: top, width: width, height: Double(lines) * lineHeight),
                     firstBaseline: baseline, lineHeight: lineHeight, lineCount: lines, isWrapped: true)
    }

    /// A button's one-line title, centred in `row` as UIButton centres its label: the
    /// label is the font's line height tall (rounded up to a device pixel, as a label's
    /// fitting size is), its origin floored to a pixel (UIRectIntegral), and the baseline
    /// the font's ascender below it, on the nearest pixel (glyphs sit on whole pixels).
    static func buttonLabel(_ string: String, font: Font, in row: Rect, screen: Screen, fonts: FontLibrary) throws -> Label {
        let metrics = try fonts.metrics(for: font)
        let box = screen.ceilToPixels(metrics.lineHeight)
        let baseline = screen.roundToPixels(screen.floorToPixels(row.midY - box / 2) + metrics.ascender)
        let inset = AlertMetrics.actionTitleInset
        let frame = Rect(x: row.minX + inset, y: baseline - metrics.ascender, width: max(0, row.width - 2 * inset),
                         height: metrics.lineHeight)
        return Label(string: string, font: font, frame: frame, firstBaseline: baseline, lineHeight: nil, lineCount: 1,
                     isWrapped: false)
    }

    /// The advance width of `string` on one line.
    static func measuredWidth(of string: String, font: Font, fonts: FontLibrary) throws -> Double {
        guard !string.isEmpty else { return 0 }
        return try fonts.layout(string, style: TextStyle(font: font, numberOfLines: 1)).size.width
    }

    /// Side-by-side buttons across `width`, their separators, in `group` from `top`.
    /// The first button's hairline is drawn only when something is above it.
    static func horizontalRow(_ actions: [(index: Int, font: Font, emphasized: Bool, title: String)], group: Int,
                              width: Double, top: Double, rowHeight: Double, hairlineAbove: Bool, screen: Screen,
                              fonts: FontLibrary) throws -> (buttons: [Button], separators: [Rule], bottom: Double) {
        let h = screen.hairline
        var separators: [Rule] = []
        if hairlineAbove { separators.append(Rule(group: group, frame: Rect(x: 0, y: top, width: width, height: h))) }
        let rowTop = top + (hairlineAbove ? h : 0)
        var buttons: [Button] = []
        let n = Double(actions.count)
        for (k, a) in actions.enumerated() {
            let x0 = screen.roundToPixels(width * Double(k) / n)
            let x1 = screen.roundToPixels(width * Double(k + 1) / n)
            let row = Rect(x: x0, y: rowTop, width: x1 - x0, height: rowHeight)
            buttons.append(Button(actionIndex: a.index, group: group, frame: row,
                                  label: try buttonLabel(a.title, font: a.font, in: row, screen: screen, fonts: fonts),
                                  isEmphasized: a.emphasized))
            // The vertical hairline covers the right button's first pixel column.
            if k > 0 { separators.append(Rule(group: group, frame: Rect(x: x0, y: rowTop, width: h, height: rowHeight))) }
        }
        return (buttons, separators, rowTop + rowHeight)
    }

    /// Stacked buttons, each below a hairline (the first only when something is above
    /// it, none right below a band), with custom spacing bands after the actions that
    /// have one.
    static func verticalRows(_ actions: [(index: Int, font: Font, emphasized: Bool, title: String, spacingAfter: Double)],
                             group: Int, width: Double, top: Double, rowHeight: Double, hairlineAbove: Bool,
                             screen: Screen, fonts: FontLibrary)
        throws -> (buttons: [Button], separators: [Rule], spacers: [Rule], bottom: Double) {
        let h = screen.hairline
        var y = top
        var buttons: [Button] = [], separators: [Rule] = [], spacers: [Rule] = []
        var afterSpacer = false
        for (k, a) in actions.enumerated() {
            // A spacing band already parts the rows: no hairline under it.
            if (k > 0 || hairlineAbove) && !afterSpacer {
                separators.append(Rule(group: group, frame: Rect(x: 0, y: y, width: width, height: h)))
                y += h
            }
            let row = Rect(x: 0, y: y, width: width, height: rowHeight)
            buttons.append(Button(actionIndex: a.index, group: group, frame: row,
                                  label: try buttonLabel(a.title, font: a.font, in: row, screen: screen, fonts: fonts),
                                  isEmphasized: a.emphasized))
            y += rowHeight
            afterSpacer = false
            if a.spacingAfter > 0 && k < actions.count - 1 {
                afterSpacer = true
                let s = screen.roundToPixels(a.spacingAfter)
                spacers.append(Rule(group: group, frame: Rect(x: 0, y: y, width: width, height: s)))
                y += s
            }
        }
        return (buttons, separators, spacers, y)
    }
}
