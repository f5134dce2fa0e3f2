import StrataModel

/// UIModalPresentationStyle: where the presented view sits.
///
/// On an iPhone UIKit shows every modal full screen; the sheets here are the iPad's,
/// scaled to the window: a centred card with rounded corners over the dimmed presenter,
/// which stays on screen (and gets no appearance callbacks), as on an iPad.
public enum ModalPresentationStyle: String, Hashable, Sendable, CaseIterable {
    /// The default: the presented view fills the window and the presenter goes off screen.
    case fullScreen
    /// Full height, portrait width: a tall card, 20 pt from the top and bottom edges and
    /// at most 768 pt wide (an iPad's portrait width), 16 pt from the sides at least.
    case pageSheet
    /// A smaller centred card: UIKit's 540 x 620 pt, shrunk to leave at least 20 pt at
    /// the sides and 60 pt above and below.
    case formSheet

    /// The dim over the presenter behind a sheet (UIKit's dimming view).
    public static let dimmingColor = Color(white: 0, alpha: 0.4)
    public static let sheetCornerRadius = 10.0
    /// UIKit's sheets, as its alerts, bend their corners with the continuous curve.
    public static let sheetCornerCurve = CornerCurve.continuous

    /// True when the presented view hides the presenter's entirely.
    public var coversPresenter: Bool { self == .fullScreen }

    /// The presented view's frame in a window with `bounds`.
    public func frameOfPresentedView(in bounds: Rect) -> Rect {
        let size: Size
        switch self {
        case .fullScreen:
            return bounds
        case .pageSheet:
            size = Size(width: max(0, min(768, bounds.width - 32)), height: max(0, bounds.height - 40))
        case .formSheet:
            size = Size(width: max(0, min(540, bounds.width - 40)), height: max(0, min(620, bounds.height - 120)))
        }
        return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                    width: size.width, height: size.height)
    }
}
