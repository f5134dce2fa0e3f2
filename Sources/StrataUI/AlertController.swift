import StrataGestures
import StrataModel
import StrataText

/// UIAlertController: an alert or an action sheet, presented modally over the scene.
///
///     let alert = AlertController(title: "标题", message: "这个是UIAlertController的默认样式",
///                                 preferredStyle: .alert)
///     try alert.addAction(AlertAction(title: "取消", style: .cancel))
///     try alert.addAction(AlertAction(title: "好的", style: .default) { _ in print("OK") })
///     root.present(alert, animated: true)
///
/// Misuse UIKit raises an exception for is a thrown `AlertControllerError` here.
///
/// Touch, as iOS does it: pressing an action highlights it, dragging moves the highlight
/// to the enabled action under the finger (or none), releasing on one runs its handler
/// and then dismisses the alert. A disabled action neither highlights nor runs. Tapping
/// a text field focuses it; keys type into the focused field; Return picks the
/// preferred action, Escape the cancel action. Tapping the dim dismisses an action sheet
/// that has a cancel action (running its handler), or any alert with
/// `tapBackgroundViewDismiss` set.
///
/// SPAlertController's extras are properties of the same class: `actionAxis`,
/// `cornerRadius`, `minDistanceToEdges`, `offsetForAlert`, `setCustomSpacing(_:after:)`,
/// `backgroundAppearance`, `tapBackgroundViewDismiss`, `needDialogBlur`, `image` and
/// `animationType`.
public final class AlertController: ViewController, TextFieldOwner {
    /// UIAlertController.Style.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Slides up from the bottom: a list of choices.
        case actionSheet
        /// A box in the middle of the screen.
        case alert
    }

    public let preferredStyle: Style
    public override var title: String? {
        didSet { if title != oldValue { setNeedsLayout() } }
    }
    public var message: String? {
        didSet { if message != oldValue { setNeedsLayout() } }
    }
    public private(set) var actions: [AlertAction] = []
    public private(set) var textFields: [TextField] = []
    /// Emphasised (semibold) instead of the cancel action, and picked by Return. Only
    /// alerts use it, as in UIKit. Set with `setPreferredAction(_:)`.
    public private(set) var preferredAction: AlertAction?

    // MARK: SPAlertController's extras

    /// Forces the buttons side by side or stacked (for a sheet, every action but cancel).
    /// nil: UIKit's rule (two actions side by side when their titles fit).
    public var actionAxis: LayoutAxis? { didSet { setNeedsLayout() } }
    /// SPAlertController's cornerRadiusForAlert; also a sheet's groups.
    public var cornerRadius = AlertMetrics.cornerRadius { didSet { setNeedsLayout() } }
    /// An alert's distance from the screen's sides: the box is the screen's width less
    /// twice this. nil: UIKit's fixed 270 pt.
    public var minDistanceToEdges: Double? { didSet { setNeedsLayout() } }
    /// Moves an alert from the centre of the safe area (positive x right, y down).
    public var offsetForAlert = Point.zero { didSet { setNeedsLayout() } }
    /// What covers the presenting scene.
    public var backgroundAppearance = BackgroundAppearance.default { didSet { refresh() } }
    /// SPAlertController's needDialogBlur: the box (a sheet's action group) on the
    /// translucent material, its hairlines vibrant; false draws it opaque, hairlines flat.
    public var needDialogBlur = true { didSet { refresh() } }
    /// Whether tapping the background dismisses (running the cancel action's handler if
    /// there is one). nil: UIKit's rule, true for an action sheet with a cancel action.
    public var tapBackgroundViewDismiss: Bool?
    /// An image above the title, at its own size in points (pixels / screen scale).
    public var image: Image? { didSet { setNeedsLayout() } }
    /// The largest size the header image is shown at (SPAlertController's imageLimitSize).
    public var imageLimitSize: Size? { didSet { setNeedsLayout() } }
    public var animationType: AlertAnimationType

    private var customSpacings: [ObjectIdentifier: Double] = [:]

    // MARK: State

    /// The layout the alert is drawn with, once it is in a window.
    public private(set) var layout: AlertLayout?
    /// Why the last layout failed (a missing font), if it did.
    public private(set) var layoutError: Error?
    /// The action under a pressed finger.
    public private(set) var highlightedAction: AlertAction?
    /// The action whose handler ran, once one has been picked.
    public private(set) var selectedAction: AlertAction?
    /// Where text is measured.
    public var fonts: FontLibrary = .shared

    private var alertView: AlertView?
    private enum Touch { case actions, textField(Int), background }
    private var touch: Touch?

    public init(title: String?, message: String?, preferredStyle: Style, animationType: AlertAnimationType = .default) {
        self.preferredStyle = preferredStyle
        self.message = message
        self.animationType = animationType
        super.init()
        self.title = title
        view.name = "alert.view"
    }

    // MARK: Building

    /// Adds a button. Throws for a second cancel action (UIKit's exception) and for an
    /// action already in an alert.
    public func addAction(_ action: AlertAction) throws {
        if action.controller != nil || actions.contains(where: { $0 === action }) {
            throw AlertControllerError.actionAlreadyAdded
        }
        if action.style == .cancel && actions.contains(where: { $0.style == .cancel }) {
            throw AlertControllerError.multipleCancelActions
        }
        actions.append(action)
        action.controller = self
        setNeedsLayout()
    }

    /// addTextField(configurationHandler:): a field below the message, configured by
    /// `configurationHandler`. Throws on an action sheet, as UIKit does.
    public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) throws {
        guard preferredStyle == .alert else { throw AlertControllerError.textFieldInActionSheet }
        let field = TextField()
        configurationHandler?(field)
        field.owner = self
        textFields.append(field)
        setNeedsLayout()
    }

    /// UIKit's `preferredAction` setter, which raises for an action not added; a Swift
    /// setter cannot throw, so this is a method. nil removes the preference.
    public func setPreferredAction(_ action: AlertAction?) throws {
        if let action, !actions.contains(where: { $0 === action }) {
            throw AlertControllerError.preferredActionNotAdded
        }
        preferredAction = action
        setNeedsLayout()
    }

    /// Space below `action` before the next button, in a stacked layout.
    public func setCustomSpacing(_ spacing: Double, after action: AlertAction) {
        customSpacings[ObjectIdentifier(action)] = max(0, spacing)
        setNeedsLayout()
    }

    public func customSpacing(after action: AlertAction) -> Double {
        customSpacings[ObjectIdentifier(action)] ?? 0
    }

    /// The cancel action, if there is one.
    public var cancelAction: AlertAction? { actions.first { $0.style == .cancel } }

    /// Whether tapping outside the alert dismisses it, by `tapBackgroundViewDismiss` or UIKit's rule.
    public var dismissesOnBackgroundTap: Bool {
        tapBackgroundViewDismiss ?? (preferredStyle == .actionSheet && cancelAction != nil)
    }

    // MARK: Layout and drawing

    /// Lays the alert out for `screen` without presenting it: what layout tests read.
    public func layout(on screen: Screen) throws -> AlertLayout {
        try AlertLayout(self, screen: screen, fonts: fonts)
    }

    public override func viewWillLayoutSubviews() {
        guard let window else { return }
        if alertView == nil { alertView = AlertView(in: view) }
        do {
            let l = try AlertLayout(self, screen: window.screen, fonts: fonts)
            layout = l
            layoutError = nil
            Transaction.perform(disableActions: true) {
                alertView?.rebuild(l, controller: self, colors: colors)
            }
        } catch {
            layoutError = error
        }
        refresh()
    }

    private var colors: AlertColors { AlertColors.forStyle(userInterfaceStyle) }

    /// Lays out again after a change that moves things (title, actions, ...).
    private func setNeedsLayout() {
        guard window != nil else { return }
        viewWillLayoutSubviews()
    }

    /// Redraws state that moves nothing: colours, highlight, text. Changes show at once,
    /// never as implicit animations.
    private func refresh(restartBlinkOf edited: TextField? = nil) {
        guard let window, let alertView else { return }
        Transaction.perform(disableActions: true) {
            alertView.update(self, colors: colors, screen: window.screen, fonts: fonts, restartBlinkOf: edited)
        }
    }

    func actionDidChange() {
        if let h = highlightedAction, !h.isEnabled { highlightedAction = nil }
        refresh()
    }

    func textFieldDidChange(_ field: TextField) { refresh(restartBlinkOf: field) }

    func textFieldWillBecomeFirstResponder(_ field: TextField) {
        for f in textFields where f !== field { f.resignFirstResponder() }
    }

    /// The text field with keyboard focus.
    public var firstResponder: TextField? { textFields.first { $0.isFirstResponder } }

    // MARK: Transitions

    /// Seconds from `present` until the appearance has settled (a critically damped
    /// spring of about 0.4 s): when an alert is at rest.
    public static var presentationSettlingTime: Double {
        AlertTransition.spring(keyPath: .opacity, from: 0, to: 1).duration
    }

    public override func animatePresentation(animated: Bool, completion: @escaping () -> Void) {
        selectedAction = nil
        // The keyboard comes up with the alert: the first field is focused at once.
        textFields.first?.becomeFirstResponder()
        guard let alertView, let window else { return completion() }
        AlertTransition.present(animated ? animationType.resolved(for: preferredStyle) : .none,
                                alert: alertView.alertLayer, dim: alertView.dimmingLayer, screen: window.screen.size,
                                completion: completion)
    }

    public override func animateDismissal(animated: Bool, completion: @escaping () -> Void) {
        firstResponder?.resignFirstResponder()
        highlightedAction = nil
        refresh()
        guard let alertView, let window else { return completion() }
        AlertTransition.dismiss(animated ? animationType.resolved(for: preferredStyle) : .none,
                                alert: alertView.alertLayer, dim: alertView.dimmingLayer, screen: window.screen.size,
                                completion: completion)
    }

    // MARK: Input

    public override func handle(_ event: InputEvent) {
        switch event {
        case .pointer(let p): handlePointer(p)
        case .key(let k): handleKey(k)
        }
    }

    private func handlePointer(_ p: PointerEvent) {
        guard let layout else { return }
        switch p.kind {
        case .down:
            if let f = layout.textField(at: p.location) {
                touch = .textField(f)
            } else if layout.contains(p.location) {
                touch = .actions
                highlight(at: p.location)
            } else {
                touch = .background
            }
        case .move:
            if case .actions = touch { highlight(at: p.location) }
        case .up:
            let began = touch
            touch = nil
            switch began {
            case .actions:
                highlight(at: p.location)
                if let action = highlightedAction {
                    highlightedAction = nil
                    refresh()
                    select(action)
                }
            case .textField(let f):
                if layout.textField(at: p.location) == f { textFields[f].becomeFirstResponder() }
            case .background:
                if !layout.contains(p.location) && dismissesOnBackgroundTap { backgroundTapped() }
            case nil:
                break
            }
        case .cancel:
            touch = nil
            if highlightedAction != nil {
                highlightedAction = nil
                refresh()
            }
        }
    }

    /// The enabled action under `point`, or none, becomes the highlighted one.
    private func highlight(at point: Point) {
        let action = layout?.button(at: point).map { actions[$0.actionIndex] }
        let next = action?.isEnabled == true ? action : nil
        guard next !== highlightedAction else { return }
        highlightedAction = next
        refresh()
    }

    private func handleKey(_ k: KeyEvent) {
        switch k.input {
        case .text(let s):
            firstResponder?.insertText(s)
        case .key(.backspace):
            firstResponder?.deleteBackward()
        case .key(.tab):
            guard !textFields.isEmpty else { return }
            let next = textFields.firstIndex { $0.isFirstResponder }.map { ($0 + 1) % textFields.count } ?? 0
            textFields[next].becomeFirstResponder()
        case .key(.return):
            if preferredStyle == .alert, let preferred = preferredAction, preferred.isEnabled { select(preferred) }
        case .key(.escape):
            if let cancel = cancelAction, cancel.isEnabled { select(cancel) }
        }
    }

    private func backgroundTapped() {
        if let cancel = cancelAction {
            if cancel.isEnabled { select(cancel) }
        } else {
            dismiss(animated: true)
        }
    }

    /// Picks `action` as a tap on it does: its handler runs, then the alert goes. Once.
    public func select(_ action: AlertAction) {
        guard action.isEnabled, selectedAction == nil, !isBeingDismissed,
              actions.contains(where: { $0 === action }) else { return }
        selectedAction = action
        action.handler?(action)
        dismiss(animated: true)
    }

    public override var statusDescription: String {
        var s = "\(preferredStyle == .alert ? "alert" : "action sheet") \(SummaryText.quoted(title ?? message ?? ""))"
        if let a = selectedAction { s += ", picked \(SummaryText.quoted(a.title ?? ""))" }
        for (i, f) in textFields.enumerated() where !f.text.isEmpty {
            s += ", field \(i + 1): \(SummaryText.quoted(f.displayedText))"
        }
        return s
    }
}
