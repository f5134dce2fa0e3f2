import StrataGestures
import StrataModel

/// What a scene is made with: its validated options, the view in points, and the
/// pixels per point it is drawn at (a layout rounds to the pixel grid of this scale).
public struct SceneContext: Sendable {
    public var options: SceneOptions
    public var viewSize: Size
    public var scale: Double

    public init(options: SceneOptions, viewSize: Size, scale: Double) {
        self.options = options; self.viewSize = viewSize; self.scale = scale
    }
}

/// A scene as every command knows it: a name, its options (declared once), the view it
/// was designed for, and how to make it. Pass descriptors to `StrataCommand.main(scenes:)`
/// or to `assertFrames(of:matchReferencesIn:scenes:)` to bring your own scene:
///
///     extension DragScene {
///         static let descriptor = SceneDescriptor(
///             name: "drag", summary: "a card you drag; a tap makes it jump",
///             options: [OptionSpec("color", .choice(["blue", "red"]), default: "blue", help: "the card's colour")]
///         ) { context in DragScene(context) }
///     }
public struct SceneDescriptor: Sendable {
    public var name: String
    public var summary: String
    /// The scene's options: flags of `render`, `window` and `replay`, and the `options`
    /// of a trace header.
    public var options: [OptionSpec]
    /// Flags of `render` only, saying what happens before the frame is taken (which
    /// button is tapped, and so on); `script` turns them into input events.
    public var scriptOptions: [OptionSpec]
    /// The view the scene was designed for, in points (a window's and a render's default).
    public var defaultViewSize: Size
    /// Pixels per point `render` uses by default.
    public var defaultScale: Double
    /// Seconds into the scene `render` shows by default.
    public var defaultTime: Double
    let make: @Sendable (SceneContext) throws -> Scene
    let script: @Sendable (_ scriptOptions: SceneOptions, _ scene: Scene) throws -> [InputEvent]

    /// - Parameters:
    ///   - script: the input events (time-stamped from 0) that `render`'s script options
    ///     stand for, given a freshly made scene to find where things are; `render` then
    ///     replays them as it would a trace. By default none.
    ///   - make: makes the scene from validated options. Throw `SceneError` for a
    ///     combination of options that cannot be made.
    public init(name: String, summary: String, options: [OptionSpec] = [], scriptOptions: [OptionSpec] = [],
                defaultViewSize: Size = Size(width: 480, height: 320), defaultScale: Double = 1,
                defaultTime: Double = 0,
                script: @escaping @Sendable (_ scriptOptions: SceneOptions, _ scene: Scene) throws -> [InputEvent] = { _, _ in [] },
                make: @escaping @Sendable (SceneContext) throws -> Scene) {
        self.name = name; self.summary = summary; self.options = options; self.scriptOptions = scriptOptions
        self.defaultViewSize = defaultViewSize; self.defaultScale = defaultScale; self.defaultTime = defaultTime
        self.make = make; self.script = script
    }

    var subject: String { "scene \"\(name)\"" }

    /// Validates `options` (a trace header's, or the command line's) against the
    /// declarations.
    public func sceneOptions(_ values: [String: TraceValue]) throws -> SceneOptions {
        try SceneOptions(specs: options, values: values, subject: subject)
    }

    public func scriptOptionValues(_ values: [String: TraceValue]) throws -> SceneOptions {
        try SceneOptions(specs: scriptOptions, values: values, subject: "the render script of \(subject)")
    }

    /// Makes the scene. The view size must be positive and finite.
    public func makeScene(options values: [String: TraceValue] = [:], viewSize: Size, scale: Double = 1) throws -> Scene {
        guard viewSize.width > 0, viewSize.height > 0, viewSize.width.isFinite, viewSize.height.isFinite else {
            throw SceneError("\(subject) needs a positive view size, got \(OptionSpec.format(viewSize.width)) x \(OptionSpec.format(viewSize.height))")
        }
        guard scale > 0, scale.isFinite else { throw SceneError("\(subject) needs a positive scale, got \(scale)") }
        return try make(SceneContext(options: try sceneOptions(values), viewSize: viewSize, scale: scale))
    }

    /// The events `render`'s script options stand for.
    public func scriptEvents(_ values: [String: TraceValue], for scene: Scene) throws -> [InputEvent] {
        let events = try script(try scriptOptionValues(values), scene)
        for (a, b) in zip(events, events.dropFirst()) where b.t < a.t {
            throw SceneError("the render script of \(subject) is out of time order: an event at \(b.t) s follows one at \(a.t) s")
        }
        return events
    }
}
