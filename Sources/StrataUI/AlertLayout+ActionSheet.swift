import StrataModel
import StrataText

extension AlertLayout {
    /// The action-sheet style: the screen's width less 8 pt each side, at the bottom.
    /// An optional grey header and the actions in their order (destructive ones in place)
    /// in one rounded group; the cancel action alone in a second group 8 pt below.
    static func actionSheet(_ c: AlertController, screen: Screen, fonts: FontLibrary) throws -> AlertLayout {
        typealias M = AlertMetrics
        // A sheet keeps its portrait width in landscape.
        let width = min(screen.size.width, screen.size.height) - 2 * M.sheetSideMargin
        let textWidth = width - 2 * M.contentInset

        var lastBaseline: Double?
        var title: Label?, message: Label?
        if let t = c.title, !t.isEmpty {
            let label = try wrappedLabel(t, font: M.sheetTitleFont, lineHeight: M.sheetTitleLineHeight, width: textWidth,
                                         x: M.contentInset, baseline: M.sheetHeaderFirstBaseline, fonts: fonts)
            title = label
            lastBaseline = label.lastBaseline
        }
        if let m = c.message, !m.isEmpty {
            let baseline = lastBaseline.map { $0 + M.sheetTitleToMessageBaseline } ?? M.sheetHeaderFirstBaseline
            let label = try wrappedLabel(m, font: M.sheetMessageFont, lineHeight: M.sheetMessageLineHeight, width: textWidth,
                                         x: M.contentInset, baseline: baseline, fonts: fonts)
            message = label
            lastBaseline = label.lastBaseline
        }
        let header = screen.roundToPixels(lastBaseline.map { $0 + M.sheetHeaderLastBaselineToBottom } ?? 0)

        // UIKit gives a sheet's preferred action no emphasis: only cancel is semibold.
        let cancelIndex = c.actions.firstIndex { $0.style == .cancel }
        let others = c.actions.indices.filter { $0 != cancelIndex }
        let axis = c.actionAxis ?? .vertical

        var buttons: [Button] = [], separators: [Rule] = [], spacers: [Rule] = []
        var groups: [Group] = []
        var mainHeight = header
        if !others.isEmpty {
            if axis == .horizontal {
                let row = try horizontalRow(others.map { ($0, M.sheetActionFont, false, c.actions[$0].title ?? "") },
                                            group: 0, width: width, top: header, rowHeight: M.sheetRowHeight,
                                            hairlineAbove: header > 0, screen: screen, fonts: fonts)
                buttons += row.buttons; separators += row.separators; mainHeight = row.bottom
            } else {
                let rows = try verticalRows(others.map {
                    ($0, M.sheetActionFont, false, c.actions[$0].title ?? "", c.customSpacing(after: c.actions[$0]))
                }, group: 0, width: width, top: header, rowHeight: M.sheetRowHeight, hairlineAbove: header > 0,
                   screen: screen, fonts: fonts)
                buttons += rows.buttons; separators += rows.separators; spacers += rows.spacers
                mainHeight = rows.bottom
            }
        }
        var height = 0.0
        if mainHeight > 0 {
            groups.append(Group(frame: Rect(x: 0, y: 0, width: width, height: mainHeight), cornerRadius: c.cornerRadius))
            height = mainHeight
        }
        if let cancel = cancelIndex {
            let top = groups.isEmpty ? 0 : height + M.sheetGroupSpacing
            let group = groups.count
            groups.append(Group(frame: Rect(x: 0, y: top, width: width, height: M.sheetRowHeight), cornerRadius: c.cornerRadius))
            let row = Rect(x: 0, y: 0, width: width, height: M.sheetRowHeight)
            buttons.append(Button(actionIndex: cancel, group: group, frame: row,
                                  label: try buttonLabel(c.actions[cancel].title ?? "", font: M.sheetCancelFont, in: row,
                                                         screen: screen, fonts: fonts),
                                  isEmphasized: true))
            height = top + M.sheetRowHeight
        }

        let bottom = screen.size.height - max(M.sheetBottomMargin, screen.safeAreaInsets.bottom)
        let frame = Rect(x: screen.roundToPixels((screen.size.width - width) / 2), y: screen.roundToPixels(bottom - height),
                         width: width, height: height)
        return AlertLayout(style: .actionSheet, screen: screen, frame: frame, groups: groups, image: nil, title: title,
                           message: message, textFields: [], buttons: buttons, separators: separators, spacers: spacers,
                           actionAxis: axis)
    }
}
