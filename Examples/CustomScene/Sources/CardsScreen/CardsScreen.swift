import Foundation
import StrataDriver
import StrataGestures
import StrataImage
import StrataModel

/// The twin of Scenes/cards.scene.json, written in Swift against Strata's API as an app
/// would write it: an App Store-style list of cards (a photo under top-only continuous
/// corners, a progress ring, a spinner, a shimmering placeholder, a gradient) on iOS's
/// grouped grey, scrolled by a vertical drag that glides on after the release. Same name,
/// option, size and scale as the file, so the file's recorded scroll replays on it, and
/// `CardsScreenTests` holds it to the file's bytes.
public final class CardsScreen: Scene {
    /// How far the list may be scrolled up, in points: the file's range for `scroll`.
    public static let scrollRange = -560.0...0

    public static let descriptor = SceneDescriptor(
        name: "cards",
        summary: "Scenes/cards.scene.json in Swift: photo, progress ring, shimmer, spinner; scrolled by a vertical drag",
        options: [
            OptionSpec("scroll", .number(scrollRange), default: 0,
                       help: "how far the list is scrolled up, in points (a drag changes it)"),
        ],
        defaultViewSize: Size(width: 375, height: 667),
        defaultScale: 2
    ) { context in try CardsScreen(context) }

    public let rootLayer = Layer()
    /// Every card, stacked from the heading down; its y is the scroll.
    public let list = Layer()
    /// How far the list is scrolled, in points: negative moves it up. A drag changes it
    /// by the drag's change of translation, without clamping, as the file's pan binding does.
    public private(set) var scroll: Double {
        didSet { Transaction.perform(disableActions: true) { list.frame = listFrame } }
    }

    /// The list's height: the story card's bottom and a margin.
    public static let listHeight = 1220.0
    private var listFrame: Rect { Rect(x: 0, y: scroll, width: rootLayer.bounds.width, height: CardsScreen.listHeight) }

    private let clock = SceneClock()
    private let pan = PanGestureRecognizer()
    /// The drag's translation when it last moved the list.
    private var lastTranslation = 0.0
    /// The glide after a release (UIScrollView's normal deceleration).
    private var glide: Deceleration?
    /// The time of the event being handled: a glide starts then.
    private var eventTime = 0.0

    public init(_ context: SceneContext) throws {
        let view = context.viewSize
        scroll = context.options.number("scroll")
        rootLayer.name = "view"
        rootLayer.bounds = Rect(x: 0, y: 0, width: view.width, height: view.height)
        rootLayer.position = Point(x: view.width / 2, y: view.height / 2)
        rootLayer.backgroundColor = .systemGray6

        list.name = "list"
        list.frame = listFrame
        rootLayer.addSublayer(list)
        let heading = Cards.label("heading", "Today", frame: Rect(x: 16, y: 56, width: 343, height: 42),
                                  font: .systemFont(ofSize: 34, weight: .bold), color: .label)
        let progress = Cards.download(y: 426)
        let shimmer = Cards.placeholder(y: 570)
        for layer in [heading, Cards.photo(try CardsScreen.photo(), y: 112), progress.card, shimmer.card, Cards.story(y: 884)] {
            list.addSublayer(layer)
        }

        // Animations begin on the scene's clock, at time 0.
        clock.attach(rootLayer)
        progress.start()
        shimmer.start()

        pan.addTarget { [unowned self] gesture in self.dragged(gesture) }
    }

    /// The list follows the finger; on release it glides on at the drag's speed.
    private func dragged(_ gesture: PanGestureRecognizer) {
        let y = gesture.translation(in: rootLayer).y
        if gesture.state == .began { lastTranslation = 0 }
        let movedBy = y - lastTranslation
        lastTranslation += movedBy
        scroll += movedBy
        if gesture.state == .ended {
            glide = Deceleration(startTime: eventTime, angle: scroll, velocity: gesture.velocity(in: rootLayer).y)
        }
    }

    // MARK: The photo

    /// The bundled photo (Scenes/images/photo.jpg's bytes), decoded once.
    private static let decodedPhoto = Result<Image, Error> {
        guard let path = Bundle.module.path(forResource: "photo", ofType: "jpg") else {
            throw SceneError("the cards screen's photo.jpg is missing from its resources")
        }
        return try ImageFile.read(path: path)
    }

    static func photo() throws -> Image {
        do { return try decodedPhoto.get() } catch let e as SceneError { throw e } catch { throw SceneError("\(error)") }
    }

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        eventTime = event.t
        guard case .pointer(let pointer) = event else { return }
        // A touch stops a glide where it is, as a finger stops a decelerating scroll view.
        if pointer.kind == .down { glide = nil }
        pan.handle(event)
    }

    public func advance(to time: Double) {
        clock.advance(to: time)
        guard let g = glide else { return }
        scroll = g.angle(at: time)
        if time >= g.endTime { glide = nil }
    }

    public var hasRunningAnimations: Bool { !clock.isIdle || glide != nil }

    public var presentationLayer: Layer { rootLayer.subtreeHasAnimations ? rootLayer.presentation(at: clock.now) : rootLayer }

    public var statusDescription: String { String(format: "scroll: %g", scroll) }
}
