import StrataModel
import StrataText

extension AlertLayout {
    /// The alert style: a 270 pt box centred in the safe area. Header (image, title,
    /// message, text fields), then the buttons: two side by side when both titles fit
    /// (cancel on the left), otherwise stacked (cancel last).
    static func alert(_ c: AlertController, screen: Screen, fonts: FontLibrary) throws -> AlertLayout {
        typealias M = AlertMetrics
        let width: Double
        if let d = c.minDistanceToEdges {
            width = max(M.alertWidth / 2, screen.size.width - 2 * d)
        } else {
            width = M.alertWidth
        }
        let textWidth = width - 2 * M.contentInset

        // Header: baselines from the top of the box.
        var top = 0.0
        var image: Rect?
        if let img = c.image, img.width > 0, img.height > 0 {
            let size = fittedImageSize(Size(width: Double(img.width) / screen.scale, height: Double(img.height) / screen.scale),
                                       limit: c.imageLimitSize, maxWidth: textWidth)
            image = Rect(x: screen.roundToPixels((width - size.width) / 2), y: M.imageTopInset,
                         width: size.width, height: size.height)
            top = size.height + M.imageToTitleShift
        }
        var lastBaseline: Double?
        var title: Label?, message: Label?
        if let t = c.title, !t.isEmpty {
            let label = try wrappedLabel(t, font: M.titleFont, lineHeight: M.titleLineHeight, width: textWidth,
                                         x: M.contentInset, baseline: top + M.titleFirstBaseline, fonts: fonts)
            title = label
            lastBaseline = label.lastBaseline
        }
        if let m = c.message, !m.isEmpty {
            let baseline = lastBaseline.map { $0 + M.titleToMessageBaseline } ?? top + M.messageOnlyFirstBaseline
            let label = try wrappedLabel(m, font: M.messageFont, lineHeight: M.messageLineHeight, width: textWidth,
                                         x: M.contentInset, baseline: baseline, fonts: fonts)
            message = label
            lastBaseline = label.lastBaseline
        }
        var fields: [Rect] = []
        var headerBottom: Double
        if !c.textFields.isEmpty {
            var y = lastBaseline.map { $0 + M.lastBaselineToTextField } ?? top + M.contentInset
            for _ in c.textFields {
                fields.append(Rect(x: M.contentInset, y: y, width: textWidth, height: M.textFieldHeight))
                y += M.textFieldHeight
            }
            headerBottom = y + M.textFieldToActions
        } else if let b = lastBaseline {
            headerBottom = b + M.lastBaselineToActions
        } else if let img = image {
            headerBottom = img.maxY + M.imageTopInset
        } else {
            headerBottom = 0
        }
        headerBottom = screen.roundToPixels(headerBottom)

        // Buttons.
        let emphasized = c.preferredAction ?? c.actions.first { $0.style == .cancel }
        func entry(_ i: Int) -> (index: Int, font: Font, emphasized: Bool, title: String) {
            let a = c.actions[i]
            let strong = a === emphasized
            return (i, strong ? M.emphasizedActionFont : M.actionFont, strong, a.title ?? "")
        }
        let cancelIndex = c.actions.firstIndex { $0.style == .cancel }
        let others = c.actions.indices.filter { $0 != cancelIndex }
        let axis: LayoutAxis
        if let forced = c.actionAxis, c.actions.count > 1 {
            axis = forced
        } else if c.actions.count == 2 {
            let limit = width / 2 - 2 * M.actionTitleInset
            let fits = try c.actions.indices.allSatisfy { i in
                let e = entry(i)
                return try measuredWidth(of: e.title, font: e.font, fonts: fonts) <= limit
            }
            axis = fits ? .horizontal : .vertical
        } else {
            axis = .vertical
        }

        var buttons: [Button] = [], separators: [Rule] = [], spacers: [Rule] = []
        var height = headerBottom
        if !c.actions.isEmpty {
            if axis == .horizontal {
                let order = (cancelIndex.map { [$0] } ?? []) + others
                let row = try horizontalRow(order.map(entry), group: 0, width: width, top: headerBottom,
                                            rowHeight: M.actionRowHeight, hairlineAbove: headerBottom > 0,
                                            screen: screen, fonts: fonts)
                buttons = row.buttons; separators = row.separators; height = row.bottom
            } else {
                let order = others + (cancelIndex.map { [$0] } ?? [])
                let rows = try verticalRows(order.map { i in
                    let e = entry(i)
                    return (e.index, e.font, e.emphasized, e.title, c.customSpacing(after: c.actions[i]))
                }, group: 0, width: width, top: headerBottom, rowHeight: M.actionRowHeight,
                   hairlineAbove: headerBottom > 0, screen: screen, fonts: fonts)
                buttons = rows.buttons; separators = rows.separators; spacers = rows.spacers; height = rows.bottom
            }
        }

        let safe = screen.safeArea
        let frame = Rect(x: screen.roundToPixels((screen.size.width - width) / 2 + c.offsetForAlert.x),
                         y: screen.roundToPixels(safe.midY - height / 2 + c.offsetForAlert.y),
                         width: width, height: height)
        return AlertLayout(style: .alert, screen: screen, frame: frame,
                           groups: [Group(frame: Rect(x: 0, y: 0, width: width, height: height), cornerRadius: c.cornerRadius)],
                           image: image, title: title, message: message, textFields: fields, buttons: buttons,
                           separators: separators, spacers: spacers, actionAxis: axis)
    }

    /// A header image's size in points: its own, scaled down to fit `limit` and `maxWidth`.
    static func fittedImageSize(_ size: Size, limit: Size?, maxWidth: Double) -> Size {
        var factor = 1.0
        if let l = limit {
            if l.width > 0 { factor = min(factor, l.width / size.width) }
            if l.height > 0 { factor = min(factor, l.height / size.height) }
        }
        factor = min(factor, maxWidth / size.width)
        return Size(width: size.width * factor, height: size.height * factor)
    }
}
