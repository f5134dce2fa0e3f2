import StrataGestures
import StrataModel
@testable import StrataUI
import StrataTestSupport

/// Seed 002's first alert: 标题 / one-line message / 取消 + 好的.
func simpleAlert(style: AlertController.Style = .alert, handler: ((AlertAction) -> Void)? = nil) throws -> AlertController {
    let alert = AlertController(title: "标题", message: "这个是UIAlertController的默认样式", preferredStyle: style)
    try alert.addAction(AlertAction(title: "取消", style: .cancel, handler: handler))
    try alert.addAction(AlertAction(title: "好的", style: .default, handler: handler))
    return alert
}

/// A window on an iPhone 8 with a root controller, `alert` presented at time 0.
func presented(_ alert: AlertController, screen: Screen = .iPhone8) -> (window: Window, root: ViewController) {
    let window = Window(screen: screen)
    let root = ViewController()
    window.rootViewController = root
    root.present(alert, animated: true)
    return (window, root)
}

/// Two points are within `tolerance` of each other on both axes.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    near(a.minX, b.minX, tolerance) && near(a.minY, b.minY, tolerance)
        && near(a.width, b.width, tolerance) && near(a.height, b.height, tolerance)
}

extension Window {
    /// A tap at `point` (screen points): down at `t`, up 0.1 s later.
    func tap(_ point: Point, at t: Double) {
        deliver(.down(x: point.x, y: point.y, t: t))
        deliver(.up(x: point.x, y: point.y, t: t + 0.1))
    }
}

extension AlertLayout {
    /// The centre of an action's button in screen points.
    func center(ofAction index: Int) -> Point {
        let b = button(forAction: index)!
        return screenRect(b.frame, inGroup: b.group).center
    }
}
