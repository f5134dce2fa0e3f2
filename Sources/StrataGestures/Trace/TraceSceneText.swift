/// A scene file's whole text as a trace keeps it: at the start of a recording from a scene
/// file and again at each live reload, so a replay draws what the window drew at every
/// moment, whatever the file holds later. On disk a line
/// `{"t": 1.25, "kind": "scene", "text": "{ ... }"}` among the events.
public struct TraceSceneText: Hashable, Sendable {
    /// Seconds from the start of the trace; the scene is swapped at this time.
    public var t: Double
    /// The scene file's text (JSON), whole.
    public var text: String
    /// How many of the trace's events come before it in the file: those go to the scene
    /// before it, the rest to the new one.
    public var afterEvents: Int

    public init(t: Double, text: String, afterEvents: Int) {
        self.t = t; self.text = text; self.afterEvents = afterEvents
    }

    /// The line's `"kind"`.
    public static let kind = "scene"
}
