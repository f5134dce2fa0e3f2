import Foundation
import StrataModel

/// The default animator of `ViewController.present` and `dismiss`: plays the presented
/// controller's `modalTransitionStyle` in its `modalPresentationStyle`, and sends the
/// appearance callbacks (viewWillAppear ... viewDidDisappear) around it.
///
/// Model values are set to where each transition ends and explicit animations show the
/// way there, as Core Animation code does, so presentation copies (what tests and the
/// renderer read) follow the transition frame by frame. Every animation of one
/// transition shares a transaction whose completion block finishes it.
///
/// Appearance callbacks follow UIKit's order: the one going receives viewWillDisappear
/// before the one coming receives viewWillAppear, then, when the animation is over,
/// viewDidDisappear before viewDidAppear, and only then the caller's completion. The
/// presenter receives them only when the presented view covers it (full screen); a
/// sheet leaves it on screen, dimmed.
enum ModalTransition {
    static let coverKey = "modal.cover"
    static let flipKey = "modal.flip"
    static let fadeKey = "modal.fade"
    static let curlKey = "modal.curl"
    static let dimKey = "modal.dim"

    /// How far away the viewer is during a flip, as a multiple of the view's width
    /// (CATransform3D's m34 = -1 / distance): near enough that the edge coming forward
    /// is visibly larger, as in UIKit's flip.
    static let flipPerspective = 2.0

    /// The style that plays: partialCurl needs both views full screen (UIKit raises
    /// otherwise); here a sheet, or a presenter that is itself a sheet, gets coverVertical.
    static func resolvedStyle(of presented: ViewController, presenter: ViewController) -> ModalTransitionStyle {
        let style = presented.modalTransitionStyle
        guard style == .partialCurl else { return style }
        let presenterIsFullScreen = presenter.presentingViewController == nil || presenter.modalPresentationStyle == .fullScreen
        return presented.modalPresentationStyle == .fullScreen && presenterIsFullScreen ? .partialCurl : .coverVertical
    }

    // MARK: Presenting

    static func present(_ presented: ViewController, animated: Bool, completion: @escaping () -> Void) {
        guard let presenter = presented.presentingViewController, let window = presented.window else {
            return completion()
        }
        sweep(window)
        let presentation = presented.modalPresentationStyle
        let style = resolvedStyle(of: presented, presenter: presenter)
        let context = ModalTransitionContext(transitionStyle: style, presentationStyle: presentation)
        presented.modalTransitionContext = context
        let from = presenter.view, to = presented.view
        let covers = presentation.coversPresenter

        if covers { presenter.viewWillDisappear(animated) }
        presented.viewWillAppear(animated)

        Transaction.perform(disableActions: true) {
            if !covers { makeSheet(to, for: presented, context: context, window: window) }
            if style == .partialCurl { curl(from, under: to, for: presented, context: context) }
        }

        Transaction.begin()
        Transaction.setDisableActions(true)
        Transaction.setCompletionBlock {
            if !context.isDismissing {
                Transaction.perform(disableActions: true) {
                    reset(to)
                    if covers {
                        reset(from)
                        // UIKit takes the covered view out of the window; hiding it keeps
                        // its place. A curled page stays on screen.
                        if style != .partialCurl { from.isHidden = true }
                    }
                }
            }
            if covers { presenter.viewDidDisappear(animated) }
            presented.viewDidAppear(animated)
            completion()
        }
        if let dim = context.dimmingLayer {
            dim.opacity = 1
            if animated { dim.add(basic(.opacity, 0, 1, style), forKey: dimKey) }
        }
        if animated {
            switch style {
            case .coverVertical:
                to.add(basic(.transform.translationY, offscreenOffset(of: to, in: window), 0, style), forKey: coverKey)
            case .flipHorizontal:
                // One card: the presenter's view is its front, the presented view its
                // back. The card turns from 0 to -180° (its right edge coming forward), so
                // the back face turns from 180° to 0.
                prepareFlip(to)
                to.add(basic(.transform.rotationY, Double.pi, 0, style), forKey: flipKey)
                if covers {
                    prepareFlip(from)
                    from.add(basic(.transform.rotationY, 0, -Double.pi, style), forKey: flipKey)
                }
            case .crossDissolve:
                to.add(basic(.opacity, 0, 1, style), forKey: fadeKey)
                if covers { from.add(basic(.opacity, 1, 0, style), forKey: fadeKey) }
            case .partialCurl:
                if let curl = context.curlLayer {
                    curl.add(basic(.curlDistance, 0, curl.curlDistance, style), forKey: curlKey)
                }
            }
        }
        Transaction.commit()
    }

    // MARK: Dismissing

    static func dismiss(_ presented: ViewController, animated: Bool, completion: @escaping () -> Void) {
        guard let presenter = presented.presentingViewController, let window = presented.window else {
            return completion()
        }
        let context = presented.modalTransitionContext
            ?? ModalTransitionContext(transitionStyle: resolvedStyle(of: presented, presenter: presenter),
                                      presentationStyle: presented.modalPresentationStyle)
        context.isDismissing = true
        sweep(window)
        let style = context.transitionStyle
        let from = presenter.view, to = presented.view
        let covers = context.presentationStyle.coversPresenter
        // A controller presented over this one, gone at once, may have hidden it.
        to.isHidden = false

        presented.viewWillDisappear(animated)
        if covers {
            from.isHidden = false
            presenter.viewWillAppear(animated)
        }

        Transaction.begin()
        Transaction.setDisableActions(true)
        Transaction.setCompletionBlock {
            Transaction.perform(disableActions: true) {
                context.dimmingLayer?.removeFromSuperlayer()
                if let curl = context.curlLayer { uncurl(from, curl: curl) }
                reset(from)
                reset(to)
                to.cornerRadius = context.savedCornerRadius
                to.cornerCurve = context.savedCornerCurve
                to.masksToBounds = context.savedMasksToBounds
                // Off screen before viewDidDisappear, as in UIKit.
                to.removeFromSuperlayer()
            }
            presented.modalTransitionContext = nil
            presented.viewDidDisappear(animated)
            if covers { presenter.viewDidAppear(animated) }
            completion()
        }
        if let dim = context.dimmingLayer {
            dim.opacity = 0
            if animated { dim.add(basic(.opacity, 1, 0, style), forKey: dimKey) }
        }
        switch style {
        case .coverVertical:
            let offset = offscreenOffset(of: to, in: window)
            to.transform = .makeTranslation(0, offset, 0)
            if animated { to.add(basic(.transform.translationY, 0, offset, style), forKey: coverKey) }
        case .flipHorizontal:
            // The same card turning back: -180° to 0 for the presenter's face.
            if animated {
                prepareFlip(to)
                to.add(basic(.transform.rotationY, 0, Double.pi, style), forKey: flipKey)
                if covers {
                    prepareFlip(from)
                    from.add(basic(.transform.rotationY, -Double.pi, 0, style), forKey: flipKey)
                }
            }
        case .crossDissolve:
            to.opacity = 0
            if animated {
                to.add(basic(.opacity, 1, 0, style), forKey: fadeKey)
                if covers { from.add(basic(.opacity, 0, 1, style), forKey: fadeKey) }
            }
        case .partialCurl:
            if let curl = context.curlLayer {
                let curled = curl.curlDistance
                curl.curlDistance = 0
                if animated { curl.add(basic(.curlDistance, curled, 0, style), forKey: curlKey) }
            }
        }
        Transaction.commit()
    }

    // MARK: Pieces

    static func basic<Root>(_ keyPath: AnimationKeyPath<Root, Double>, _ from: Double, _ to: Double,
                            _ style: ModalTransitionStyle) -> BasicAnimation.Typed<Root> {
        var a = BasicAnimation.Typed(keyPath, from: from, to: to)
        a.duration = style.duration
        a.timingFunction = style.timingFunction
        return a
    }

    /// How far down a view moves to be just below the window's bottom edge.
    static func offscreenOffset(of view: Layer, in window: Window) -> Double {
        window.layer.bounds.maxY - view.frame.minY
    }

    /// The perspective a flip is seen in: CATransform3D's m34 for a viewer at
    /// `flipPerspective` view widths. Only `transform.rotation.y` animates; this model
    /// value carries the perspective the rotation is composed with.
    static func flipTransform(for view: Layer) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / (flipPerspective * max(view.bounds.width, 1))
        return t
    }

    /// A face of the flipping card: in perspective, and not drawn while it faces away.
    private static func prepareFlip(_ view: Layer) {
        view.transform = flipTransform(for: view)
        view.isDoubleSided = false
    }

    /// Takes off what a transition left on a view: the flip's perspective and
    /// single-sidedness, a fade, a slide.
    private static func reset(_ view: Layer) {
        for key in [coverKey, flipKey, fadeKey] { view.removeAnimation(forKey: key) }
        view.transform = .identity
        view.isDoubleSided = true
        view.opacity = 1
    }

    /// A sheet: rounded, over a dim that covers the rest of the window.
    private static func makeSheet(_ view: Layer, for presented: ViewController, context: ModalTransitionContext,
                                  window: Window) {
        context.savedCornerRadius = view.cornerRadius
        context.savedMasksToBounds = view.masksToBounds
        context.savedCornerCurve = view.cornerCurve
        view.cornerRadius = ModalPresentationStyle.sheetCornerRadius
        view.cornerCurve = ModalPresentationStyle.sheetCornerCurve
        view.masksToBounds = true
        let dim = ModalDimmingLayer()
        dim.presented = presented
        dim.name = "modal.dimming"
        dim.frame = window.layer.bounds
        dim.backgroundColor = ModalPresentationStyle.dimmingColor
        dim.opacity = 0
        view.superlayer?.insertSublayer(dim, below: view)
        context.dimmingLayer = dim
    }

    /// Wraps the presenter's view in a page-curl layer in its place, with the presented
    /// view moved below it: the page curls up off the presented view.
    private static func curl(_ page: Layer, under presentedView: Layer, for presented: ViewController,
                             context: ModalTransitionContext) {
        guard let parent = page.superlayer, let index = parent.sublayers.firstIndex(where: { $0 === page }) else { return }
        let curl = ModalCurlLayer()
        ModalPartialCurl.configure(curl, frame: page.frame)
        curl.presented = presented
        parent.insertSublayer(curl, at: index)
        let frame = page.frame
        curl.addSublayer(page)
        page.frame = Rect(x: frame.minX - curl.frame.minX, y: frame.minY - curl.frame.minY,
                          width: frame.width, height: frame.height)
        parent.insertSublayer(presentedView, below: curl)
        curl.curlDistance = ModalPartialCurl.finalDistance(for: curl.bounds.size)
        context.curlLayer = curl
    }

    /// Puts the presenter's view back where the curl layer was.
    static func uncurl(_ page: Layer, curl: PageCurlLayer) {
        guard let parent = curl.superlayer, let index = parent.sublayers.firstIndex(where: { $0 === curl }) else { return }
        let frame = page.frame
        parent.insertSublayer(page, at: index)
        page.frame = Rect(x: frame.minX + curl.frame.minX, y: frame.minY + curl.frame.minY,
                          width: frame.width, height: frame.height)
        curl.removeFromSuperlayer()
    }
}
