import StrataModel
import StrataText

/// The layers an alert is drawn with (UIKit's _UIAlertControllerView), built from an
/// `AlertLayout` and kept in step with the controller: highlight, enabled state, text.
///
///     view (fills the window)
///     ├── alert.dimming                the dim over the presenting scene
///     │   └── alert.dimming.blur       a blurred backdrop instead (BackdropLayer)
///     └── alert                        at the layout's frame; transitions move, scale
///         │                            and fade this one
///         ├── alert.group.0            the rounded box (a sheet's actions group): a
///         │                            BackdropLayer with the material
///         │   ├── alert.image, alert.title, alert.message
///         │   ├── alert.textFields     bordered, with alert.textField.N inside
///         │   ├── alert.button.N       one per action (N: index in `actions`),
///         │   │   └── alert.button.N.title   background shows the highlight
///         │   └── alert.separator, alert.spacer   hairlines are backdrop layers of
///         │                            the box's group: vibrancy over the same capture
///         └── alert.group.1            a sheet's cancel group
final class AlertView {
    let dimmingLayer = Layer()
    let blurLayer = BackdropLayer()
    let alertLayer = Layer()
    private(set) var groupLayers: [Layer] = []
    private(set) var buttonLayers: [Int: Layer] = [:]
    private(set) var titleLayers: [Int: TextLayer] = [:]
    private(set) var textFieldViews: [TextFieldView] = []

    init(in view: Layer) {
        dimmingLayer.name = "alert.dimming"
        blurLayer.name = "alert.dimming.blur"
        alertLayer.name = "alert"
        dimmingLayer.addSublayer(blurLayer)
        view.addSublayer(dimmingLayer)
        view.addSublayer(alertLayer)
    }

    /// Replaces the alert's contents for `layout`; the alert layer itself (and the
    /// transition animations on it) stays.
    func rebuild(_ layout: AlertLayout, controller c: AlertController, colors: AlertColors) {
        dimmingLayer.frame = Rect(origin: .zero, size: layout.screen.size)
        blurLayer.frame = dimmingLayer.bounds
        alertLayer.frame = layout.frame
        for s in alertLayer.sublayers { s.removeFromSuperlayer() }
        groupLayers = []
        buttonLayers = [:]
        titleLayers = [:]
        textFieldViews = []

        for (i, g) in layout.groups.enumerated() {
            let group = BackdropLayer()
            group.groupName = AlertView.materialGroup
            group.name = "alert.group.\(i)"
            group.frame = g.frame
            group.cornerRadius = g.cornerRadius
            group.cornerCurve = AlertMetrics.cornerCurve
            group.masksToBounds = true
            alertLayer.addSublayer(group)
            groupLayers.append(group)
        }
        guard !groupLayers.isEmpty else { return }
        let main = groupLayers[0]

        if let frame = layout.image, let image = c.image {
            let l = Layer()
            l.name = "alert.image"
            l.frame = frame
            l.contents = image
            main.addSublayer(l)
        }
        for (name, label) in [("alert.title", layout.title), ("alert.message", layout.message)] {
            guard let label else { continue }
            main.addSublayer(textLayer(name, label))
        }
        if let first = layout.textFields.first, let last = layout.textFields.last {
            let box = Layer()
            box.name = "alert.textFields"
            box.frame = Rect(x: first.minX, y: first.minY, width: first.width, height: last.maxY - first.minY)
            box.borderWidth = layout.screen.hairline
            main.addSublayer(box)
            for (i, f) in layout.textFields.enumerated() {
                let v = TextFieldView(index: i, frame: Rect(x: 0, y: f.minY - first.minY, width: f.width, height: f.height))
                box.addSublayer(v.layer)
                textFieldViews.append(v)
                if i > 0 {
                    let rule = Layer()
                    rule.name = "alert.textFields.separator"
                    rule.frame = Rect(x: 0, y: f.minY - first.minY, width: f.width, height: layout.screen.hairline)
                    box.addSublayer(rule)
                }
            }
        }
        for b in layout.buttons {
            let button = Layer()
            button.name = "alert.button.\(b.actionIndex)"
            button.frame = b.frame
            let title = textLayer("alert.button.\(b.actionIndex).title", b.label, origin: b.frame.origin)
            button.addSublayer(title)
            groupLayers[b.group].addSublayer(button)
            buttonLayers[b.actionIndex] = button
            titleLayers[b.actionIndex] = title
        }
        // Hairlines last, over the buttons' highlight.
        for rule in layout.spacers {
            let l = Layer()
            l.name = "alert.spacer"
            l.frame = rule.frame
            groupLayers[rule.group].addSublayer(l)
        }
        for rule in layout.separators {
            let l = BackdropLayer()
            l.groupName = AlertView.materialGroup
            l.name = "alert.separator"
            l.frame = rule.frame
            groupLayers[rule.group].addSublayer(l)
        }
    }

    /// Colours, highlight and text-field contents as the controller's state says.
    func update(_ c: AlertController, colors: AlertColors, screen: Screen, fonts: FontLibrary,
                restartBlinkOf edited: TextField? = nil) {
        dimmingLayer.backgroundColor = c.backgroundAppearance.color(dark: c.userInterfaceStyle == .dark)
        blurLayer.material = c.backgroundAppearance.material
        blurLayer.isHidden = blurLayer.material == nil
        blurLayer.opacity = c.backgroundAppearance.opacity
        let blurred = c.needDialogBlur
        for (i, g) in groupLayers.enumerated() {
            // A sheet's second group holds only the cancel action, on an opaque ground.
            let opaque = i == 1 || !blurred
            (g as? BackdropLayer)?.material = opaque ? nil : colors.material
            g.backgroundColor = opaque ? colors.cancelGroupBackground : nil
        }
        for l in alertLayer.sublayers.flatMap(\.sublayers) {
            switch l.name {
            case "alert.title": (l as? TextLayer)?.foregroundColor = c.preferredStyle == .alert ? colors.title : colors.sheetHeader
            case "alert.message": (l as? TextLayer)?.foregroundColor = c.preferredStyle == .alert ? colors.message : colors.sheetHeader
            case "alert.separator":
                (l as? BackdropLayer)?.material = blurred ? colors.separatorMaterial : nil
                l.backgroundColor = blurred ? nil : colors.separator
            case "alert.spacer": l.backgroundColor = colors.spacer
            case "alert.textFields":
                l.borderColor = colors.textFieldBorder
                for s in l.sublayers where s.name == "alert.textFields.separator" { s.backgroundColor = colors.textFieldBorder }
            default: break
            }
        }
        for (index, button) in buttonLayers {
            let action = c.actions[index]
            button.backgroundColor = action === c.highlightedAction ? colors.highlight : nil
            titleLayers[index]?.foregroundColor = colors.titleColor(for: action)
        }
        for (i, v) in textFieldViews.enumerated() where i < c.textFields.count {
            let field = c.textFields[i]
            v.update(field, colors: colors, screen: screen, fonts: fonts, restartBlink: field === edited)
        }
    }

    /// The backdrop group of the box and its hairlines: one capture of the scene behind.
    static let materialGroup = "alert.material"

    /// A text layer for `label`, its frame relative to `origin` (a button's own space).
    private func textLayer(_ name: String, _ label: AlertLayout.Label, origin: Point = .zero) -> TextLayer {
        let t = TextLayer()
        t.name = name
        t.string = label.string
        t.font = label.font
        t.alignmentMode = .center
        t.lineHeight = label.lineHeight
        if label.isWrapped {
            t.numberOfLines = 0
            t.lineBreakMode = .byWordWrapping
        } else {
            t.numberOfLines = 1
            t.lineBreakMode = .byTruncatingMiddle
        }
        t.frame = Rect(x: label.frame.minX - origin.x, y: label.frame.minY - origin.y,
                       width: label.frame.width, height: label.frame.height)
        return t
    }
}
