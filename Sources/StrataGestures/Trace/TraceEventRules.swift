/// The rules an event sequence must keep beyond each line's own shape: time never goes
/// backwards, the pointer goes down before it moves, comes up before it goes down again.
/// The reader and the writer share them, so a trace that writes is a trace that reads.
struct TraceEventRules {
    private var last: (t: Double, line: Int)?
    /// The line where the pointer went down, while it is down.
    private(set) var pointerDownLine: Int?

    /// nil when `event` may come next (and then it is taken as the new last event),
    /// otherwise the message saying why not.
    mutating func accept(_ event: InputEvent, line: Int) -> String? {
        let t = event.t
        guard t.isFinite && t >= 0 else { return "\"t\" must be a finite number >= 0, found \(TraceJSON.describe(t))" }
        if let last, t < last.t {
            return "time goes backwards: t = \(TraceJSON.describe(t)) after t = \(TraceJSON.describe(last.t)) on line \(last.line)"
        }
        switch event {
        case .pointer(let p):
            for (name, value) in [("x", p.x), ("y", p.y)] where !value.isFinite {
                return "\"\(name)\" must be a finite number, found \(TraceJSON.describe(value))"
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
            if case .text(let text) = k.input, text.isEmpty { return "\"text\" must not be empty" }
        }
        last = (t, line)
        return nil
    }
}
