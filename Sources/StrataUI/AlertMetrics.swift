import StrataModel

/// The numbers iOS draws alerts and action sheets with, in points, as measured on
/// iOS 12–17 screenshots at @2x and @3x. Baselines are given rather than label frames,
/// so the layout holds with Inter and Noto Sans CJK standing in for San Francisco and
/// PingFang, whose ascenders differ.
public enum AlertMetrics {
    // MARK: Alert

    public static let alertWidth = 270.0
    public static let cornerRadius = 13.0
    /// UIKit rounds alerts, action sheets and sheets with the continuous curve (its
    /// `_UIContinuousCorner`s, CALayer's `.continuous`): iOS 13+ alerts measure as
    /// non-circular, the curve leaving the side about 1.53 radii (20 pt) from the corner.
    public static let cornerCurve = CornerCurve.continuous
    /// Title, message and text fields keep this far from the sides.
    public static let contentInset = 16.0
    public static let titleFont = Font.systemFont(ofSize: 17, weight: .semibold)
    public static let messageFont = Font.systemFont(ofSize: 13)
    /// From the top of the box to the title's first baseline.
    public static let titleFirstBaseline = 36.0
    /// From the top of the box to the message's first baseline when there is no title.
    public static let messageOnlyFirstBaseline = 32.0
    /// From the title's last baseline to the message's first.
    public static let titleToMessageBaseline = 20.0
    public static let titleLineHeight = 20.5
    public static let messageLineHeight = 16.0
    /// From the last text baseline to the buttons' hairline.
    public static let lastBaselineToActions = 24.0
    /// From the last text baseline to the first text field's top.
    public static let lastBaselineToTextField = 24.0
    public static let textFieldHeight = 25.0
    /// From the last text field's bottom to the buttons' hairline.
    public static let textFieldToActions = 12.0
    /// Text inside a field keeps this far from its left edge.
    public static let textFieldTextInset = 4.0
    public static let textFieldFont = Font.systemFont(ofSize: 13)
    /// A header image (SPAlertController) sits this far below the top; the title's
    /// baseline moves down by the image's height and this gap.
    public static let imageTopInset = 20.0
    public static let imageToTitleShift = 8.0

    public static let actionRowHeight = 44.0
    public static let actionFont = Font.systemFont(ofSize: 17)
    public static let emphasizedActionFont = Font.systemFont(ofSize: 17, weight: .semibold)
    /// A title must keep this far from each side of its button for two buttons to sit
    /// side by side.
    public static let actionTitleInset = 8.0

    // MARK: Action sheet

    /// From each side of the screen (its shorter side: a sheet keeps its portrait width).
    public static let sheetSideMargin = 8.0
    /// Below the cancel group, or the safe area's bottom when that is larger.
    public static let sheetBottomMargin = 8.0
    /// Between the actions' group and the cancel group.
    public static let sheetGroupSpacing = 8.0
    public static let sheetRowHeight = 57.0
    public static let sheetActionFont = Font.systemFont(ofSize: 20)
    public static let sheetCancelFont = Font.systemFont(ofSize: 20, weight: .semibold)
    public static let sheetTitleFont = Font.systemFont(ofSize: 13, weight: .semibold)
    public static let sheetMessageFont = Font.systemFont(ofSize: 13)
    /// The header's numbers, from issue 16's measurements of iOS 11-17 action sheets
    /// (13 pt SF Pro Text, title over message): the first baseline 27 pt below the
    /// sheet's top and the last 17 pt above the header's bottom, so a one-line header is
    /// 27 + 17 = 44 pt tall and a title with a message 27 + 18 + 17 = 62 pt, as measured.
    public static let sheetHeaderFirstBaseline = 27.0
    public static let sheetHeaderLastBaselineToBottom = 17.0
    public static let sheetTitleToMessageBaseline = 18.0
    /// A wrapped title's line pitch: SF Pro Text 13 pt's own line height, rounded.
    public static let sheetTitleLineHeight = 16.0
    /// A wrapped message's line pitch: 18 pt on iOS 11 (issue 16's two-line message), the
    /// same pitch as title to message.
    public static let sheetMessageLineHeight = 18.0
}
