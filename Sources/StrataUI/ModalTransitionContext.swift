import StrataModel

/// What a modal presentation put on screen besides the presented view, kept by the
/// presented controller so that its dismissal plays the same transition backwards and
/// takes it all away.
final class ModalTransitionContext {
    /// The style played: the controller's, or coverVertical where partialCurl is not allowed.
    let transitionStyle: ModalTransitionStyle
    let presentationStyle: ModalPresentationStyle
    /// The dim under a sheet.
    var dimmingLayer: Layer?
    /// The presenter's view is wrapped in it while curled.
    var curlLayer: PageCurlLayer?
    /// The presented view's look before it became a sheet, restored when it goes.
    var savedCornerRadius = 0.0
    var savedCornerCurve = CornerCurve.circular
    var savedMasksToBounds = false
    /// Set when the dismissal starts: a presentation still finishing then leaves the
    /// presenter's view alone.
    var isDismissing = false

    init(transitionStyle: ModalTransitionStyle, presentationStyle: ModalPresentationStyle) {
        self.transitionStyle = transitionStyle
        self.presentationStyle = presentationStyle
    }
}
