import StrataGestures
import StrataModel

/// A scene that cannot be made: unknown name, unknown or bad option. The message names
/// the scene or option; callers add where it came from (a trace file, the command line).
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One scene option as a trace header (`"options": {...}`) or the command line sets it.
public struct SceneOption: Sendable {
    /// `boolean` takes true/false, or 1/0 as a hand-written header may say it; `choice`
    /// one of the given words.
    public enum Kind: Sendable { case integer(ClosedRange<Int>), number(ClosedRange<Double>), boolean, choice([String]) }
    public var name: String
    public var kind: Kind
    public var summary: String
}

/// The scenes `strata window` and `strata replay` know, by name.
public struct SceneDescriptor: Sendable {
    public var name: String
    public var summary: String
    public var options: [SceneOption]
    /// The view the scene was designed for, in points (a window's default size).
    public var defaultViewSize = Size(width: 480, height: 320)
    /// Makes the scene from already-validated options at the given view size.
    let make: @Sendable (_ options: SceneOptions, _ viewSize: Size) throws -> Scene
}

/// Validated option values, read by name with defaults.
public struct SceneOptions: Sendable {
    public var values: [String: TraceValue]
    public func integer(_ name: String, default value: Int) -> Int { values[name]?.doubleValue.map { Int($0) } ?? value }
    public func number(_ name: String, default value: Double) -> Double { values[name]?.doubleValue ?? value }
    public func string(_ name: String, default value: String) -> String { values[name]?.stringValue ?? value }
    public func bool(_ name: String, default value: Bool) -> Bool {
        guard let v = values[name] else { return value }
        return v.boolValue ?? v.doubleValue.map { $0 != 0 } ?? value
    }
}

public enum SceneRegistry {
    public static let scenes: [SceneDescriptor] = [
        SceneDescriptor(
            name: "carousel",
            summary: "seed 000: gradient planes on a 3D carousel, turned by a horizontal drag",
            options: [
                SceneOption(name: "planes", kind: .integer(1...1000), summary: "number of planes (default 5)"),
                SceneOption(name: "angle", kind: .number(-1e6...1e6), summary: "starting angle in degrees (default 0)"),
                SceneOption(name: "momentum", kind: .boolean,
                            summary: "beyond the seed: glide on after a release, slowing as a scroll view does (default false)"),
                SceneOption(name: "snap", kind: .boolean,
                            summary: "beyond the seed: come to rest with a plane facing front (default false)"),
            ],
            make: { options, viewSize in
                let scene = CarouselScene(planeCount: options.integer("planes", default: 5),
                                          angle: options.number("angle", default: 0), viewSize: viewSize)
                return CarouselController(scene: scene, momentum: options.bool("momentum", default: false),
                                          snap: options.bool("snap", default: false))
            }),
        SceneDescriptor(
            name: "shake",
            summary: "seed 004: AFViewShaker's keyframe shake of text fields and buttons, started by taps; the third button's completion presents an alert",
            options: [],
            defaultViewSize: ShakeScene.defaultViewSize,
            make: { _, viewSize in ShakeScene(viewSize: viewSize) }),
        SceneDescriptor(
            name: "alert",
            summary: "seeds 000, 002-004: UIAlertController-style alerts and action sheets, presented over a plain screen",
            options: [
                SceneOption(name: "example", kind: .choice(AlertExample.names), summary: "which alert (default simple)"),
                SceneOption(name: "appearance", kind: .choice(["light", "dark"]), summary: "light (default) or dark"),
            ],
            defaultViewSize: AlertScene.defaultViewSize,
            make: { options, viewSize in
                var spec = try AlertSpecification.example(named: options.string("example", default: "simple"))
                try spec.setAppearance(word: options.string("appearance", default: "light"))
                return try AlertScene(spec, viewSize: viewSize)
            }),
        SceneDescriptor(
            name: "kitchensink",
            summary: "seed 001: the Kitchen Sink (modal Asker with four transition styles, text field, labels moved and faded by view animations, a drain timer)",
            options: KitchenSinkScene.options,
            defaultViewSize: KitchenSinkScene.defaultViewSize,
            make: { options, viewSize in try KitchenSinkScene(options: options, viewSize: viewSize) }),
    ]

    public static var names: [String] { scenes.map(\.name) }

    public static func descriptor(named name: String) -> SceneDescriptor? {
        scenes.first { $0.name == name }
    }

    /// Makes a scene by name. Options must be ones the scene declares, of the right type
    /// and range; the view size (points) must be positive and finite.
    public static func makeScene(named name: String, options: [String: TraceValue] = [:], viewSize: Size) throws -> Scene {
        guard let d = descriptor(named: name) else {
            throw SceneError("unknown scene \"\(name)\"; known scenes: \(names.joined(separator: ", "))")
        }
        guard viewSize.width > 0, viewSize.height > 0, viewSize.width.isFinite, viewSize.height.isFinite else {
            throw SceneError("scene \"\(name)\" needs a positive view size, got \(viewSize.width) x \(viewSize.height)")
        }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            guard let option = d.options.first(where: { $0.name == key }) else {
                let known = d.options.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw SceneError("unknown option \"\(key)\" for scene \"\(name)\"; its options: \(known.isEmpty ? "none" : known)")
            }
            try check(value, against: option, scene: name)
        }
        return try d.make(SceneOptions(values: options), viewSize)
    }

    private static func check(_ value: TraceValue, against option: SceneOption, scene: String) throws {
        let what = "option \"\(option.name)\" of scene \"\(scene)\""
        switch option.kind {
        case .integer(let range):
            guard let n = value.doubleValue, n.isFinite, n == n.rounded(), let i = Int(exactly: n) else {
                throw SceneError("\(what) must be a whole number (\(range.lowerBound)...\(range.upperBound)), found \(describe(value))")
            }
            guard range.contains(i) else {
                throw SceneError("\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(i)")
            }
        case .number(let range):
            guard let n = value.doubleValue, n.isFinite else {
                throw SceneError("\(what) must be a number, found \(describe(value))")
            }
            guard range.contains(n) else {
                throw SceneError("\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(n)")
            }
        case .boolean:
            guard value.boolValue != nil || value.doubleValue == 0 || value.doubleValue == 1 else {
                throw SceneError("\(what) must be true or false (or 1 or 0), found \(describe(value))")
            }
        case .choice(let words):
            guard let word = value.stringValue, words.contains(word) else {
                throw SceneError("\(what) must be one of \(words.joined(separator: ", ")), found \(describe(value))")
            }
        }
    }

    private static func describe(_ value: TraceValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .string(let s): return "\"\(s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
