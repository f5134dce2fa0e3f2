@_exported import StrataDriver
import StrataGestures
import StrataImage
import StrataModel
import StrataUI

/// The scenes of the seeds, as every command knows them. A package adds its own with
/// `StrataCommand.main(scenes:)`; these come with it.
public enum SceneRegistry {
    public static let scenes: [SceneDescriptor] = [
        CarouselController.descriptor, ShakeScene.descriptor, AlertScene.descriptor, KitchenSinkScene.descriptor,
    ]

    public static let catalog = SceneCatalog(scenes)

    public static var names: [String] { catalog.names }

    public static func descriptor(named name: String) -> SceneDescriptor? { catalog.descriptor(named: name) }

    /// Makes a built-in scene by name, its options validated against its declarations.
    public static func makeScene(named name: String, options: [String: TraceValue] = [:], viewSize: Size,
                                 scale: Double = 1) throws -> Scene {
        try catalog.makeScene(named: name, options: options, viewSize: viewSize, scale: scale)
    }
}

extension CarouselController {
    public static let descriptor = SceneDescriptor(
        name: "carousel",
        summary: "seed 000: gradient planes on a 3D carousel, turned by a horizontal drag",
        options: [
            OptionSpec("planes", .integer(1...1000), default: 5,
                       help: "number of planes, spaced 360/N degrees (divided on integers, as the seed does)"),
            OptionSpec("angle", .number(-1e6...1e6), default: 0, valueName: "DEG",
                       help: "starting angle in degrees (0: plane 0 faces front)"),
            OptionSpec("momentum", .boolean, default: false,
                       help: "beyond the seed: glide on after a release, slowing as a scroll view does"),
            OptionSpec("snap", .boolean, default: false,
                       help: "beyond the seed: come to rest with a plane facing front"),
        ],
        defaultViewSize: CarouselScene.defaultViewSize
    ) { context in
        let o = context.options
        let scene = CarouselScene(planeCount: o.integer("planes"), angle: o.number("angle"), viewSize: context.viewSize)
        return CarouselController(scene: scene, momentum: o.bool("momentum"), snap: o.bool("snap"))
    }
}

extension ShakeScene {
    /// `--shake` words, in the order of the scene's buttons.
    static let buttonWords: [(word: String, button: Button)] = [
        ("one", .shakeOne), ("all", .shakeAll), ("completion", .shakeAllWithCompletion),
    ]

    public static let descriptor = SceneDescriptor(
        name: "shake",
        summary: "seed 004: AFViewShaker's keyframe shake of text fields and buttons, started by taps; the third button's completion presents an alert",
        scriptOptions: [
            OptionSpec("shake", .choice(buttonWords.map(\.word)), valueName: "one|all|completion",
                       help: "tap a button at time 0: one (\"shake one\", 0.5 s), all (\"shake all\": the fields and underlines, 0.5 s) or completion (\"shake all with completion\": 0.6 s, then the alert 提示 / This is completions block / OK)"),
        ],
        defaultViewSize: ShakeScene.defaultViewSize,
        script: { options, scene in
            guard let word = options.optionalString("shake"), let shake = scene as? ShakeScene,
                  let button = buttonWords.first(where: { $0.word == word })?.button else { return [] }
            // The button's action runs on touch-up inside, at time 0.
            let p = shake.center(of: button)
            return [.down(x: p.x, y: p.y, t: 0), .up(x: p.x, y: p.y, t: 0)]
        }
    ) { context in ShakeScene(viewSize: context.viewSize, scale: context.scale) }
}

extension AlertScene {
    public static let descriptor = SceneDescriptor(
        name: "alert",
        summary: "seeds 000, 002-004: UIAlertController-style alerts and action sheets (270 pt box, 44 pt buttons, one-pixel hairlines), presented over a plain screen at time 0",
        options: [
            OptionSpec("example", .choice(AlertExample.names),
                       help: "one of the seeds' alerts, changed by the options below (the default is simple, unless the alert is described by them)"),
            OptionSpec("style", .choice(["alert", "sheet"]), help: "alert or action sheet"),
            OptionSpec("title", .text(maxLength: 1000), help: "the title"),
            OptionSpec("message", .text(maxLength: 4000), help: "the message"),
            OptionSpec("action", .text(maxLength: 1000), valueName: "STYLE:TITLE", repeatable: true,
                       help: "an action, in order; STYLE is default, cancel, destructive or disabled (a grey default action)"),
            OptionSpec("text-field", .text(maxLength: 1000), valueName: "PLACEHOLDER[:secure]", repeatable: true,
                       help: "a text field with this placeholder; :secure for bullets"),
            OptionSpec("preferred", .integer(1...1000),
                       help: "the Nth action (from 1) is preferred: semibold, and Return picks it"),
            OptionSpec("appearance", .choice(["light", "dark"]), default: "light", help: "light or dark"),
            OptionSpec("backdrop", .text(maxLength: 4096), valueName: "PNG", namesFile: true,
                       help: "present over this screen image (a PNG, e.g. a screenshot of your app) scaled to the view, instead of a plain screen: the alert's material shows it through, blurred"),
        ],
        defaultViewSize: AlertScene.defaultViewSize,
        defaultScale: 2,
        defaultTime: AlertScene.restTime
    ) { context in
        let backdrop = try context.options.isGiven("backdrop") ? backdropImage(context.options.string("backdrop")) : nil
        let scene = try AlertScene(try specification(context.options), viewSize: context.viewSize, scale: context.scale,
                                   backdrop: backdrop)
        if let error = scene.layoutError { throw SceneError("the alert cannot be laid out: \(error)") }
        return scene
    }

    /// The `--backdrop` image, its header checked against the pixel limit before it is
    /// decoded; errors name the file and say why (errno's words).
    static func backdropImage(_ path: String) throws -> Image {
        do {
            // Checked here as well as in PNG.read, to say it without compare's --max-pixels.
            let header = try PNGHeader.read(path: path)
            let limit = PNGHeader.defaultPixelLimit
            guard header.width <= PNG.maximumSide, header.height <= PNG.maximumSide, header.pixelCount <= limit else {
                throw SceneError("the backdrop image \(path): \(header.width)x\(header.height) px is over the limit of \(limit) pixels (\(PNG.maximumSide) a side)")
            }
            return try PNG.read(path: path, pixelLimit: limit)
        } catch let e as RenderError {
            throw SceneError("the backdrop image \(e.description)")
        }
    }

    /// The alert the options describe: an example, changed by the options given.
    public static func specification(_ o: SceneOptions) throws -> AlertSpecification {
        let described = ["title", "message", "action", "text-field"].contains { o.isGiven($0) }
        var spec = AlertSpecification()
        if let name = o.optionalString("example") {
            spec = try AlertSpecification.example(named: name)
        } else if !described {
            spec = try AlertSpecification.example(named: "simple")
        }
        if let style = o.optionalString("style") { try spec.setStyle(word: style) }
        try spec.setAppearance(word: o.string("appearance"))
        if let t = o.optionalString("title") { spec.title = t }
        if let m = o.optionalString("message") { spec.message = m }
        if o.isGiven("action") { spec.actions = try o.strings("action").map { try AlertSpecification.Action(word: $0) } }
        if o.isGiven("text-field") { spec.textFields = o.strings("text-field").map { AlertSpecification.Field(word: $0) } }
        if let n = o.optionalInteger("preferred") {
            guard n <= spec.actions.count else {
                throw SceneError("option \"preferred\" is \(n), but there \(spec.actions.count == 1 ? "is 1 action" : "are \(spec.actions.count) actions")")
            }
            spec.preferredAction = n - 1
        }
        return spec
    }
}

extension KitchenSinkScene {
    public static let descriptor = SceneDescriptor(
        name: "kitchensink",
        summary: "seed 001: the Kitchen Sink (modal Asker with four transition styles, text field, labels moved and faded by view animations, a drain timer)",
        options: [
            OptionSpec("labels", .text(maxLength: 10_000), valueName: "TEXT,TEXT...",
                       help: "labels in the sink at the start, comma-separated, each at a random place"),
            OptionSpec("seed", .integer(0...Int(Int32.max)), default: 1, help: "seeds where labels go"),
            OptionSpec("drain", .number(0...3600), default: .number(KitchenSinkViewController.defaultDrainInterval),
                       valueName: "SECONDS", help: "seconds between drains of the oldest label; 0 turns the drain off"),
            OptionSpec("transition", .choice(ModalTransitionStyle.allCases.map(\.rawValue)), default: "coverVertical",
                       help: "the transition selected at start"),
            OptionSpec("presentation", .choice(ModalPresentationStyle.allCases.map(\.rawValue)), default: "fullScreen",
                       help: "the presentation style selected at start"),
            OptionSpec("fade", .boolean, default: false, help: "a tap fades a label instead of moving it"),
        ],
        scriptOptions: [
            OptionSpec("tap", .integer(1...1000), help: "tap the Nth label (from 1) at time 0: it moves over 4 s (or fades over 3 s with --fade)"),
            OptionSpec("present", .boolean, default: false,
                       help: "tap \"Add Label\" at time 0: the Asker is presented with the selected transition and presentation style"),
            OptionSpec("answer", .text(maxLength: 1000),
                       help: "once the Asker is presented, type this and press Return: the label is added and the Asker dismissed; '' taps outside the field instead"),
        ],
        defaultViewSize: KitchenSinkScene.defaultViewSize,
        defaultScale: 2,
        script: { options, scene in
            guard let sink = scene as? KitchenSinkScene else { return [] }
            var events: [InputEvent] = []
            func tap(_ p: Point, at t: Double) { events += [.down(x: p.x, y: p.y, t: t), .up(x: p.x, y: p.y, t: t)] }
            if let n = options.optionalInteger("tap") {
                let labels = sink.controller.labels
                guard n <= labels.count else {
                    throw SceneError("--tap \(n): there \(labels.count == 1 ? "is" : "are") only \(labels.count) label\(labels.count == 1 ? "" : "s") (give them with --labels)")
                }
                tap(sink.windowPoint(ofLabel: labels[n - 1]), at: 0)
            }
            if options.isGiven("answer") && !options.bool("present") {
                throw SceneError("--answer answers the Asker: present it with --present")
            }
            if options.bool("present") {
                let button = sink.controller.addLabelButton.frame
                tap(Point(x: button.midX, y: button.midY), at: 0)
                if let answer = options.optionalString("answer") {
                    let t = sink.askerTransitionDuration
                    if answer.isEmpty {
                        // The top-left corner: outside the field, in the view.
                        tap(Point(x: 4, y: 4), at: t)
                    } else {
                        events += [.text(answer, t: t), .key(.return, t: t)]
                    }
                }
            }
            return events
        }
    ) { context in try KitchenSinkScene(options: context.options, viewSize: context.viewSize, scale: context.scale) }
}
