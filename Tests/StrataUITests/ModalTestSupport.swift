import StrataGestures
import StrataModel
@testable import StrataUI
import StrataTestSupport

/// A controller that writes down what happens to it: appearance callbacks and input.
final class LoggingController: ViewController {
    let label: String
    let log: ModalLog
    private(set) var events: [InputEvent] = []

    init(_ label: String, log: ModalLog) {
        self.label = label
        self.log = log
        super.init()
        view.name = label
        view.backgroundColor = .white
    }

    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(label).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(label).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(label).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(label).viewDidDisappear") }
    override func handle(_ event: InputEvent) { events.append(event) }
}

final class ModalLog {
    var entries: [String] = []
}

/// A 320 x 480 pt window (the seed's iPhone, at 1x) whose root is a LoggingController "root".
func modalWindow(log: ModalLog = ModalLog()) -> (window: Window, root: LoggingController) {
    let window = Window(screen: Screen(size: Size(width: 320, height: 480), scale: 1))
    let root = LoggingController("root", log: log)
    window.rootViewController = root
    return (window, root)
}

/// What is seen of the layer named `name` at the window's time.
func seen(_ name: String, in window: Window) -> Layer? {
    window.presentationLayer.firstLayer(named: name)
}

/// A layer's bounds corners (top-left, top-right, bottom-right, bottom-left) as seen in
/// its superlayer: through its transform, perspective divided.
func projectedCorners(of layer: Layer) -> [Point] {
    let b = layer.bounds, m = layer.transformToSuperlayer
    return [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY),
            Point(x: b.minX, y: b.maxY)].map { m.project($0) }
}

func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

func close(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
    close(a.x, b.x, within: tolerance) && close(a.y, b.y, within: tolerance)
}
