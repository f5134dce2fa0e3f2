import StrataGestures
import StrataModel
import StrataUI

/// An alert presented over a plain scene, as the seeds present theirs: the root
/// controller's view is the presenting scene (white, or black in dark appearance) and
/// the alert is presented on it, animated, at time 0. Once the alert is gone, a tap on
/// the scene presents it again.
///
/// The actions' handlers do what the seeds' do: seed 002's OK logs the login fields
/// (帐号 and 密码), seed 000's auto-dismissing alert goes after 2 s on a one-shot timer.
/// Every pick is logged.
public final class AlertScene: Scene {
    /// An iPhone 8's screen, in points: the default presenting scene.
    public static let defaultViewSize = Size(width: 375, height: 667)

    public let specification: AlertSpecification
    public let window: Window
    public let presenter: PresenterController
    /// The alert on screen, or the last one shown.
    public private(set) var alert: AlertController?
    /// What the handlers did, in order: "picked 好的", "帐号: abc", ...
    public private(set) var log: [String] = []
    /// Why the alert could not be laid out (a missing font), if so.
    public var layoutError: Error? { alert?.layoutError }
    /// Times the alert was presented.
    public private(set) var presentationCount = 0

    /// `backdrop`: the presenting scene shows this image (a user's own screen), scaled
    /// to the view, instead of a plain colour.
    public init(_ specification: AlertSpecification, viewSize: Size = AlertScene.defaultViewSize, scale: Double = 2,
                backdrop: Image? = nil) throws {
        self.specification = specification
        window = Window(screen: Screen(size: viewSize, scale: scale), userInterfaceStyle: specification.appearance)
        presenter = PresenterController()
        presenter.backdrop = backdrop
        window.rootViewController = presenter
        presenter.onTap = { [unowned self] in try? self.present() }
        try present()
    }

    /// Presents a fresh alert from the specification, if none is presented.
    public func present() throws {
        guard presenter.presentedViewController == nil else { return }
        let alert = try specification.makeController(scale: window.screen.scale) { [unowned self] action, alert in
            self.log.append("picked \(action.title ?? "")")
            // Seed 002's OK handler reads the fields.
            if alert.textFields.count == 2 && action.style != .cancel {
                self.log.append("帐号: \(alert.textFields[0].text)")
                self.log.append("密码: \(alert.textFields[1].text)")
            }
        }
        self.alert = alert
        presentationCount += 1
        presenter.present(alert, animated: true)
        if let delay = specification.autoDismissAfter {
            window.clock.after(seconds: delay) { [weak alert, unowned self] in
                guard let alert, alert.presentingViewController != nil else { return }
                self.log.append("dismissed by the timer")
                alert.dismiss(animated: true)
            }
        }
    }

    // MARK: Scene

    public var rootLayer: Layer { window.layer }

    public func handle(_ event: InputEvent) { window.handle(event) }

    public func advance(to time: Double) { window.advance(to: time) }

    public var presentationLayer: Layer { window.presentationLayer }

    /// Also true while a timer waits or a caret blinks: the picture still changes.
    public var hasRunningAnimations: Bool { !window.clock.isIdle }

    public var statusDescription: String {
        let state: String
        if let alert, alert.presentingViewController != nil {
            state = alert.statusDescription
        } else {
            state = "dismissed"
        }
        return log.isEmpty ? state : state + "; " + log.joined(separator: ", ")
    }
}

/// The presenting scene: a plain view in the appearance's background colour, or an
/// image stretched over it. A tap on it (while nothing is presented) asks for the alert
/// again.
public final class PresenterController: ViewController {
    var onTap: (() -> Void)?
    var backdrop: Image?
    private let tap = TapGestureRecognizer()

    public override init() {
        super.init()
        tap.addTarget { [unowned self] _ in self.onTap?() }
    }

    public override func viewWillLayoutSubviews() {
        view.backgroundColor = AlertColors.forStyle(userInterfaceStyle).sceneBackground
        view.contents = backdrop
    }

    public override func handle(_ event: InputEvent) { tap.handle(event) }
}
