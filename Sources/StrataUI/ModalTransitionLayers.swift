import StrataModel

/// The layers a modal transition adds to the window besides the presented view: the dim
/// under a sheet and the page curl around a presenter's view. Each remembers the
/// controller it was added for, so that one taken away without its own transition (a
/// controller above the one being dismissed goes at once, as in UIKit) does not leave
/// its dim or its curl behind (`ModalTransition.sweep(_:)`).
final class ModalDimmingLayer: Layer {
    weak var presented: ViewController?
}

final class ModalCurlLayer: PageCurlLayer {
    weak var presented: ViewController?
}

extension ModalTransition {
    /// Takes away the dims and curls of controllers no longer presented: a dim goes, a
    /// curl gives its page back to the curl's place.
    static func sweep(_ window: Window) {
        Transaction.perform(disableActions: true) {
            for layer in window.layer.sublayers {
                if let dim = layer as? ModalDimmingLayer, !isPresented(dim.presented) {
                    dim.removeFromSuperlayer()
                } else if let curl = layer as? ModalCurlLayer, !isPresented(curl.presented) {
                    for page in curl.sublayers { uncurl(page, curl: curl) }
                    curl.removeFromSuperlayer()
                }
            }
        }
    }

    private static func isPresented(_ controller: ViewController?) -> Bool {
        controller?.presentingViewController != nil
    }
}
