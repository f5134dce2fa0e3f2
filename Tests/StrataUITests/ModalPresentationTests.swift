import Testing
import StrataGestures
import StrataModel
@testable import StrataUI
import StrataTestSupport

/// The rules of modal presentation (seed 001): one controller presented at a time, input
/// to the top only, the presenter dismisses, callbacks and completions in UIKit's order.
struct ModalPresentationTests {
    @Test func aControllerPresentsOneControllerAtATime() {
        let (window, root) = modalWindow()
        let log = root.log
        let a = LoggingController("a", log: log), b = LoggingController("b", log: log)
        root.present(a, animated: false)
        root.present(b, animated: false)
        #expect(root.presentedViewController === a)
        #expect(a.presentingViewController === root)
        #expect(b.presentingViewController == nil && b.view.superlayer == nil)
        // What is presented can present in turn: the stack grows from the top.
        a.present(b, animated: false)
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(window.topViewController === b)
        // A controller already presented cannot be presented again.
        let c = LoggingController("c", log: log)
        c.present(a, animated: false)
        #expect(a.presentingViewController === root)
    }

    @Test func inputGoesToTheTopControllerOnlyAndToNobodyDuringATransition() {
        let (window, root) = modalWindow()
        let a = LoggingController("a", log: root.log)
        root.present(a, animated: true)
        window.deliver(.down(x: 10, y: 10, t: 0.1))       // cover slides up until 0.5
        #expect(root.events.isEmpty && a.events.isEmpty)
        window.deliver(.down(x: 10, y: 20, t: 0.6))
        #expect(root.events.isEmpty && a.events.count == 1)
        root.dismiss(animated: true)                     // at 0.6, over by 1.1
        window.deliver(.up(x: 10, y: 20, t: 1.0))
        #expect(a.events.count == 1 && root.events.isEmpty)
        window.deliver(.down(x: 30, y: 30, t: 1.2))
        #expect(root.events.count == 1 && a.events.count == 1)
    }

    @Test func thePresenterDismissesWhatItPresented() {
        let (window, root) = modalWindow()
        let a = LoggingController("a", log: root.log)
        root.present(a, animated: false)
        root.dismiss(animated: false)
        #expect(root.presentedViewController == nil && a.presentingViewController == nil)
        #expect(a.view.superlayer == nil && window.topViewController === root)

        // The seed's other way: the presented controller asks its presenter.
        root.present(a, animated: false)
        a.presentingViewController?.dismiss(animated: false)
        #expect(root.presentedViewController == nil && a.view.superlayer == nil)

        // And dismiss on the presented controller itself reaches the presenter.
        root.present(a, animated: false)
        a.dismiss(animated: false)
        #expect(root.presentedViewController == nil)
    }

    /// Dismissing a controller takes those it presents away at once, as UIKit does,
    /// with whatever their transitions added: a sheet's dim, a curl around its view.
    @Test func dismissingFromBelowTakesTheWholeStackAway() {
        let cases: [(ModalTransitionStyle, ModalPresentationStyle, [String?])] = [
            (.partialCurl, .fullScreen, ["root", "b", "modal.partialCurl"]),
            (.coverVertical, .formSheet, ["root", "a", "modal.dimming", "b"]),
        ]
        for (style, presentation, stack) in cases {
            let (window, root) = modalWindow()
            let a = LoggingController("a", log: root.log), b = LoggingController("b", log: root.log)
            root.present(a, animated: false)
            b.modalTransitionStyle = style
            b.modalPresentationStyle = presentation
            a.present(b, animated: false)
            #expect(window.layer.sublayers.map(\.name) == stack)
            root.dismiss(animated: true)
            window.advance(to: 0.5)
            #expect(root.presentedViewController == nil && a.presentedViewController == nil)
            #expect(window.layer.sublayers.map(\.name) == ["root"], "\(style), \(presentation)")
            #expect(!root.view.isHidden)
        }
    }

    @Test func callbacksAndCompletionsComeInUIKitsOrder() {
        let (window, root) = modalWindow()
        let log = root.log
        let a = LoggingController("a", log: log)
        root.present(a, animated: true) { log.entries.append("presented") }
        #expect(log.entries == ["root.viewWillDisappear", "a.viewWillAppear"])
        #expect(a.isBeingPresented)
        window.advance(to: 0.49)
        #expect(log.entries.count == 2)
        window.advance(to: 0.5)
        #expect(log.entries == ["root.viewWillDisappear", "a.viewWillAppear",
                                "root.viewDidDisappear", "a.viewDidAppear", "presented"])
        #expect(!a.isBeingPresented)

        log.entries = []
        window.advance(to: 1)
        root.dismiss(animated: true) {
            log.entries.append("dismissed")
            // By the time the completion runs the presentation is over.
            #expect(root.presentedViewController == nil && a.view.superlayer == nil)
        }
        #expect(log.entries == ["a.viewWillDisappear", "root.viewWillAppear"])
        #expect(a.isBeingDismissed)
        window.advance(to: 1.49)
        #expect(log.entries.count == 2)
        window.advance(to: 1.5)
        #expect(log.entries == ["a.viewWillDisappear", "root.viewWillAppear",
                                "a.viewDidDisappear", "root.viewDidAppear", "dismissed"])
    }

    @Test func withoutAnimationEverythingHappensAtOnce() {
        let (window, root) = modalWindow()
        defer { withExtendedLifetime(window) {} }
        let a = LoggingController("a", log: root.log)
        var done = false
        root.present(a, animated: false) { done = true }
        #expect(done)
        #expect(root.log.entries == ["root.viewWillDisappear", "a.viewWillAppear", "root.viewDidDisappear", "a.viewDidAppear"])
    }

    @Test func fullScreenHidesThePresenterOnceCoveredAndShowsItWhenDismissalStarts() {
        let (window, root) = modalWindow()
        let a = LoggingController("a", log: root.log)
        root.present(a, animated: true)
        #expect(!root.view.isHidden)                     // seen under the cover as it slides
        window.advance(to: 0.5)
        #expect(root.view.isHidden)
        root.dismiss(animated: true)
        #expect(!root.view.isHidden)
    }

    @Test func sheetsAreCentredCardsOverTheDimmedPresenter() throws {
        // formSheet: 540 x 620 shrunk to 320 - 40 by 480 - 120, centred.
        #expect(ModalPresentationStyle.formSheet.frameOfPresentedView(in: Rect(x: 0, y: 0, width: 320, height: 480))
                == Rect(x: 20, y: 60, width: 280, height: 360))
        // pageSheet: full height less 2 x 20, portrait width less 2 x 16.
        #expect(ModalPresentationStyle.pageSheet.frameOfPresentedView(in: Rect(x: 0, y: 0, width: 320, height: 480))
                == Rect(x: 16, y: 20, width: 288, height: 440))
        // An iPad-sized window gets UIKit's own 540 x 620 form sheet.
        #expect(ModalPresentationStyle.formSheet.frameOfPresentedView(in: Rect(x: 0, y: 0, width: 768, height: 1024))
                == Rect(x: 114, y: 202, width: 540, height: 620))

        let (window, root) = modalWindow()
        let a = LoggingController("a", log: root.log)
        a.modalPresentationStyle = .formSheet
        root.present(a, animated: true)
        #expect(a.view.frame == Rect(x: 20, y: 60, width: 280, height: 360))
        #expect(a.view.cornerRadius == 10 && a.view.masksToBounds)
        let dim = try #require(window.layer.firstLayer(named: "modal.dimming"))
        #expect(dim.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(dim.backgroundColor == Color(white: 0, alpha: 0.4))
        let dimIndex = try #require(window.layer.sublayers.firstIndex { $0 === dim })
        let cardIndex = try #require(window.layer.sublayers.firstIndex { $0 === a.view })
        #expect(dimIndex == cardIndex - 1)
        // The dim fades in with the card: half way at half time.
        window.advance(to: 0.25)
        #expect(close(try #require(seen("modal.dimming", in: window)).opacity, 0.5, within: 1e-4))
        window.advance(to: 0.5)
        // The presenter stays on screen: no appearance callbacks for it.
        #expect(!root.view.isHidden)
        #expect(root.log.entries == ["a.viewWillAppear", "a.viewDidAppear"])
        root.dismiss(animated: true)
        window.advance(to: 1)
        #expect(window.layer.firstLayer(named: "modal.dimming") == nil)
        #expect(a.view.cornerRadius == 0 && !a.view.masksToBounds)
    }

    @Test func partialCurlNeedsBothControllersFullScreen() {
        let (window, root) = modalWindow()
        defer { withExtendedLifetime(window) {} }
        let a = LoggingController("a", log: root.log)
        a.modalTransitionStyle = .partialCurl
        #expect(ModalTransition.resolvedStyle(of: a, presenter: root) == .partialCurl)
        a.modalPresentationStyle = .pageSheet
        #expect(ModalTransition.resolvedStyle(of: a, presenter: root) == .coverVertical)
        root.present(a, animated: true)
        #expect(a.view.animation(forKey: ModalTransition.coverKey) != nil)
        #expect(root.view.superlayer?.firstLayer(named: "modal.partialCurl") == nil)
    }
}
