import StrataGestures
import StrataModel

/// UIViewController's part in presentation: a view (a layer standing for a UIView), and
/// modal presentation of one controller at a time over it (seed 001's modal rule:
/// while something is presented, input goes to it, never to the presenter).
///
/// Subclasses take input through `handle(_:)`, lay their view out in
/// `viewWillLayoutSubviews()`, and animate their own appearance and disappearance by
/// overriding `animatePresentation(animated:completion:)` and
/// `animateDismissal(animated:completion:)` (UIKit's transitioning delegate, folded in).
open class ViewController {
    /// The root of the controller's layers; it fills the window while presented.
    public let view: Layer
    public var title: String?

    /// The controller this one presents, if any.
    public private(set) var presentedViewController: ViewController?
    /// The controller that presents this one.
    public private(set) weak var presentingViewController: ViewController?
    /// The window showing this controller's view, set when it becomes the root or is
    /// presented.
    public internal(set) weak var window: Window?

    public private(set) var isBeingPresented = false
    public private(set) var isBeingDismissed = false

    /// UIViewController.overrideUserInterfaceStyle: nil follows the presenter, then the window.
    public var overrideUserInterfaceStyle: UserInterfaceStyle?

    /// UIViewController.modalTransitionStyle: how the default `animatePresentation` brings
    /// this controller in (and `animateDismissal` takes it away).
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// UIViewController.modalPresentationStyle: where its view sits while presented.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// What the default transition put on screen, while presented (see ModalTransition).
    var modalTransitionContext: ModalTransitionContext?

    public init() {
        view = Layer()
        view.name = "\(type(of: self)).view"
    }

    /// The appearance this controller draws in.
    public var userInterfaceStyle: UserInterfaceStyle {
        overrideUserInterfaceStyle ?? presentingViewController?.userInterfaceStyle ?? window?.userInterfaceStyle ?? .light
    }

    // MARK: Subclass hooks

    /// Input while this controller is the top of the window's presentation stack and no
    /// transition runs. Locations are in the window's coordinates.
    open func handle(_ event: InputEvent) {}

    /// The view's frame was just set (the window's bounds, or a sheet's frame in them):
    /// place the sublayers.
    open func viewWillLayoutSubviews() {}

    /// UIKit's appearance callbacks, sent by the default transitions (ModalTransition)
    /// to the controller coming and, when it is covered, the one going.
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// Plays the appearance of `view` (already in the window, laid out) and calls
    /// `completion` when it is over. By default it plays `modalTransitionStyle` in
    /// `modalPresentationStyle`, with the appearance callbacks (see ModalTransition).
    open func animatePresentation(animated: Bool, completion: @escaping () -> Void) {
        ModalTransition.present(self, animated: animated, completion: completion)
    }

    /// Plays the disappearance; `view` is removed from the window after `completion`.
    /// By default it plays `modalTransitionStyle` backwards.
    open func animateDismissal(animated: Bool, completion: @escaping () -> Void) {
        ModalTransition.dismiss(self, animated: animated, completion: completion)
    }

    /// A short account of the controller's state for a window title or a log line.
    open var statusDescription: String { title ?? "\(type(of: self))" }

    // MARK: Presentation

    /// present(_:animated:completion:). Ignored, as UIKit ignores it (with a console
    /// warning), when this controller is not in a window, already presents something,
    /// or `controller` is already presented.
    public func present(_ controller: ViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
        guard let window, presentedViewController == nil, controller.presentingViewController == nil,
              controller !== self, controller.window == nil else { return }
        presentedViewController = controller
        controller.presentingViewController = self
        controller.window = window
        controller.isBeingPresented = true
        // Putting the view in place is not a change to animate: the transition animates.
        Transaction.perform(disableActions: true) {
            controller.view.frame = controller.modalPresentationStyle.frameOfPresentedView(in: window.layer.bounds)
            controller.viewWillLayoutSubviews()
            window.layer.addSublayer(controller.view)
        }
        controller.animatePresentation(animated: animated) { [weak controller] in
            controller?.isBeingPresented = false
            completion?()
        }
    }

    /// dismiss(animated:completion:): on a presenter, dismisses what it presents; on a
    /// presented controller, dismisses itself. Controllers presented above it go
    /// without animation. Ignored while a dismissal is already running.
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
        guard let target = presentedViewController ?? (presentingViewController != nil ? self : nil),
              !target.isBeingDismissed else {
            completion?()
            return
        }
        if let above = target.presentedViewController { above.removeFromPresentation() }
        target.isBeingDismissed = true
        target.animateDismissal(animated: animated) { [weak target] in
            target?.removeFromPresentation()
            completion?()
        }
    }

    /// Takes the view out of the window and forgets the presentation links.
    private func removeFromPresentation() {
        if let above = presentedViewController { above.removeFromPresentation() }
        view.removeFromSuperlayer()
        presentingViewController?.presentedViewController = nil
        presentingViewController = nil
        window = nil
        isBeingPresented = false
        isBeingDismissed = false
    }

    /// The controller at the top of the presentation stack above (and including) this one.
    public var topmostViewController: ViewController {
        var top = self
        while let next = top.presentedViewController { top = next }
        return top
    }

    /// True while this controller or one it presents is appearing or disappearing.
    var isTransitioning: Bool {
        var c: ViewController? = self
        while let v = c {
            if v.isBeingPresented || v.isBeingDismissed { return true }
            c = v.presentedViewController
        }
        return false
    }
}
