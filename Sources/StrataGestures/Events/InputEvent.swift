import StrataModel

/// One step of the pointer (a finger, or the mouse with its button held), as a trace
/// records it. Locations are in points in the scene's root coordinates: origin top-left,
/// y down, the same space the events of a window report.
public struct PointerEvent: Hashable, Sendable {
    /// The trace's names for UITouch.Phase began, moved, ended and cancelled.
    public enum Kind: String, CaseIterable, Sendable {
        case down, move, up, cancel
    }

    public var kind: Kind
    public var location: Point
    /// Seconds from the start of the trace. Recognizers take all time from here, never
    /// from a clock, so a replay is the same on every run.
    public var t: Double

    public init(_ kind: Kind, location: Point, t: Double) {
        self.kind = kind; self.location = location; self.t = t
    }

    public init(_ kind: Kind, x: Double, y: Double, t: Double) {
        self.init(kind, location: Point(x: x, y: y), t: t)
    }

    public var x: Double { location.x }
    public var y: Double { location.y }
}

/// Typed text, or one of the few keys that edit rather than type.
public struct KeyEvent: Hashable, Sendable {
    public enum Key: String, CaseIterable, Sendable {
        case backspace, `return`, tab, escape
    }

    public enum Input: Hashable, Sendable {
        /// What the keyboard produced, possibly several characters (an IME commit, a paste).
        case text(String)
        case key(Key)
    }

    public var input: Input
    public var t: Double

    public init(_ input: Input, t: Double) {
        self.input = input; self.t = t
    }
}

/// Everything a scene can receive from the user, in the order it happened.
public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    case key(KeyEvent)

    public var t: Double {
        switch self {
        case .pointer(let p): return p.t
        case .key(let k): return k.t
        }
    }

    public var pointer: PointerEvent? {
        if case .pointer(let p) = self { return p }
        return nil
    }

    /// The trace's `"kind"`: down, move, up, cancel or key.
    public var kindName: String {
        switch self {
        case .pointer(let p): return p.kind.rawValue
        case .key: return "key"
        }
    }

    public static func down(x: Double, y: Double, t: Double) -> InputEvent { .pointer(PointerEvent(.down, x: x, y: y, t: t)) }
    public static func move(x: Double, y: Double, t: Double) -> InputEvent { .pointer(PointerEvent(.move, x: x, y: y, t: t)) }
    public static func up(x: Double, y: Double, t: Double) -> InputEvent { .pointer(PointerEvent(.up, x: x, y: y, t: t)) }
    public static func cancel(x: Double, y: Double, t: Double) -> InputEvent { .pointer(PointerEvent(.cancel, x: x, y: y, t: t)) }
    public static func text(_ text: String, t: Double) -> InputEvent { .key(KeyEvent(.text(text), t: t)) }
    public static func key(_ key: KeyEvent.Key, t: Double) -> InputEvent { .key(KeyEvent(.key(key), t: t)) }
}
