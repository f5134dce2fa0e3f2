import StrataModel

/// The rules an event sequence must keep beyond each line's own shape: time never goes
/// backwards, the pointer goes down before it moves, comes up before it goes down again.
/// The reader and the writer share them, so a trace that writes is a trace that reads.
struct TraceEventRules {
    /// Pointer coordinates, in points from the view's top-left corner, may lie this far
    /// outside it and no further (a drag may leave the window; 1e308 is no position).
    static let coordinateRange = -100_000.0...100_000.0
    /// Event times, in seconds (a day).
    static let timeRange = 0.0...86_400.0
    /// Characters in one text event, and so in one field's text (`TextField.maximumLength`).
    static let maximumTextLength = 10_000
    private var last: (t: Double, line: Int)?
    /// The line where the pointer went down, while it is down.
    private(set) var pointerDownLine: Int?

    /// A scene file's text: in time order like an event, and as long as a scene file may be
    /// (its line within the line limit is the reader's and writer's to check).
    mutating func accept(_ scene: TraceSceneText, line: Int) -> String? {
        if scene.text.isEmpty { return "\"text\" of a scene line must be the scene file's text, found an empty string" }
        if let message = acceptTime(scene.t, line: line) { return message }
        last = (scene.t, line)
        return nil
    }

    /// nil when `event` may come next (and then it is taken as the new last event),
    /// otherwise the message saying why not.
    mutating func accept(_ event: InputEvent, line: Int) -> String? {
        if let message = acceptTime(event.t, line: line) { return message }
        return acceptShape(event, line: line)
    }

    private func acceptTime(_ t: Double, line: Int) -> String? {
        guard t.isFinite && t >= 0 else { return "\"t\" must be a finite number >= 0, found \(TraceJSON.describe(t))" }
        guard TraceEventRules.timeRange.contains(t) else {
            return "\"t\" is \(TraceJSON.describe(t)) s; event times must be within 0...\(TraceJSON.describe(TraceEventRules.timeRange.upperBound)) s"
        }
        if let last, t < last.t {
            return "time goes backwards: t = \(TraceJSON.describe(t)) after t = \(TraceJSON.describe(last.t)) on line \(last.line)"
        }
        return nil
    }

    private mutating func acceptShape(_ event: InputEvent, line: Int) -> String? {
        let t = event.t
        switch event {
        case .pointer(let p):
            for (name, value) in [("x", p.x), ("y", p.y)] where !value.isFinite {
                return "\"\(name)\" must be a finite number, found \(TraceJSON.describe(value))"
            }
            for (name, value) in [("x", p.x), ("y", p.y)] where !TraceEventRules.coordinateRange.contains(value) {
                let r = TraceEventRules.coordinateRange
                return "\"\(name)\" is \(TraceJSON.describe(value)) points; coordinates must be within \(TraceJSON.describe(r.lowerBound))...\(TraceJSON.describe(r.upperBound))"
            }
            switch p.kind {
            case .down:
                if let downLine = pointerDownLine {
                    return "down while the pointer is already down (since line \(downLine)); expected up or cancel first"
                }
                pointerDownLine = line
            case .move, .up, .cancel:
                guard pointerDownLine != nil else { return "\(p.kind.rawValue) without a preceding down" }
                if p.kind != .move { pointerDownLine = nil }
            }
        case .key(let k):
            if case .text(let text) = k.input {
                if text.isEmpty { return "\"text\" must not be empty" }
                if text.unicodeScalars.count > TraceEventRules.maximumTextLength {
                    return "\"text\" has \(text.unicodeScalars.count) characters; one text event holds at most \(TraceEventRules.maximumTextLength)"
                }
                if let problem = TextLimit.problem(text, maximum: TraceEventRules.maximumTextLength) { return "\"text\" \(problem)" }
            }
        }
        last = (t, line)
        return nil
    }
}
