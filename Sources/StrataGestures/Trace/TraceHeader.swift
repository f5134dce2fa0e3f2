import StrataModel

/// The first line of a trace: which scene to replay, at what size, scale and frame rate,
/// with what parameters.
public struct TraceHeader: Hashable, Sendable {
    /// The format version this code reads and writes.
    public static let version = 1

    /// The scene's name as the CLI knows it, e.g. "carousel".
    public var scene: String
    /// The view size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point of the recording window.
    public var scale: Double
    /// Frames per second the replay renders at.
    public var fps: Double
    /// Scene parameters, e.g. ["planes": 5]: strings, numbers and booleans only.
    public var options: [String: TraceValue]
    /// When the trace was recorded, ISO 8601. Kept as text: a trace never needs the clock.
    public var recorded: String?
    /// The tool and version that wrote the trace, e.g. "strata 0.1".
    public var generator: String?
    public var note: String?
    /// Regions every check of this trace ignores (a clock, a caret), in view points:
    /// `"masks": [[x, y, width, height], ...]`.
    public var masks: [Rect]
    /// Header keys this version does not know: ignored, but written back unchanged so a
    /// newer tool's additions survive a rewrite by an older one.
    public var otherKeys: [String: TraceValue]

    /// The ranges of the numeric fields: the view in points, the scale in pixels per point,
    /// the frame rate (at least 1 fps: a frame then spans at most a second of scene time).
    public static let ranges: [(key: String, range: ClosedRange<Double>)] = [
        ("width", 1...16384), ("height", 1...16384), ("scale", 0.25...8), ("fps", 1...1000),
    ]
    public static func range(of key: String) -> ClosedRange<Double> { ranges.first { $0.key == key }!.range }

    /// The keys with a meaning in version 1, in the order the writer puts them.
    public static let knownKeys = ["trace", "scene", "width", "height", "scale", "fps",
                                   "options", "recorded", "generator", "note", "masks"]

    public init(scene: String, width: Double, height: Double, scale: Double = 1, fps: Double = 60,
                options: [String: TraceValue] = [:], recorded: String? = nil, generator: String? = nil,
                note: String? = nil, masks: [Rect] = [], otherKeys: [String: TraceValue] = [:]) {
        self.scene = scene; self.width = width; self.height = height; self.scale = scale; self.fps = fps
        self.options = options; self.recorded = recorded; self.generator = generator; self.note = note
        self.masks = masks; self.otherKeys = otherKeys
    }

    /// What is wrong with the values, in the reader's words, or nil: the reader and the
    /// writer both ask, so a trace that writes is a trace that reads.
    func problem() -> String? {
        if scene.isEmpty { return "\"scene\" must be a non-empty string, found \"\"" }
        for (key, value) in [("width", width), ("height", height), ("scale", scale), ("fps", fps)] {
            if !(value > 0 && value.isFinite) {
                return "\"\(key)\" must be a positive number, found \(TraceJSON.describe(value))"
            }
            let r = TraceHeader.range(of: key)
            if !r.contains(value) {
                return "\"\(key)\" is \(TraceJSON.describe(value)); it must be within \(TraceJSON.describe(r.lowerBound))...\(TraceJSON.describe(r.upperBound))"
            }
        }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            if !value.isOptionValue {
                return "option \"\(key)\" must be a string, number or boolean, or a list of them, found \(TraceJSON.describe(value))"
            }
        }
        for (i, m) in masks.enumerated() {
            let numbers = [m.origin.x, m.origin.y, m.size.width, m.size.height]
            guard numbers.allSatisfy(\.isFinite), m.origin.x >= 0, m.origin.y >= 0, m.size.width > 0, m.size.height > 0,
                  m.maxX <= width, m.maxY <= height else {
                return "mask \(i + 1), [\(numbers.map(TraceJSON.describe).joined(separator: ", "))], must have x, y >= 0, width, height > 0 and lie inside the \(TraceJSON.describe(width)) x \(TraceJSON.describe(height)) pt view"
            }
        }
        for (key, value) in otherKeys where TraceHeader.knownKeys.contains(key) {
            return "\"\(key)\" is a version 1 header field; set the property, not otherKeys (value \(TraceJSON.describe(value)))"
        }
        if let bad = (Array(options.values) + Array(otherKeys.values)).first(where: { !$0.isFinite }) {
            return "header values must be finite numbers, found \(TraceJSON.describe(bad))"
        }
        return nil
    }
}

extension TraceValue {
    /// JSON has no NaN or infinity.
    var isFinite: Bool {
        switch self {
        case .number(let n): return n.isFinite
        case .array(let a): return a.allSatisfy(\.isFinite)
        case .object(let o): return o.values.allSatisfy(\.isFinite)
        case .null, .bool, .string: return true
        }
    }
}
