/// One trace's check: every frame's entry and what the update mode wrote. The unit the
/// CLI prints, the JUnit file's test suite, and a section of the report.
public struct TraceCheck: Sendable {
    /// The trace's file name without `.trace`: `carousel-drag`.
    public var name: String
    /// Frames the replay ran.
    public var frameCount: Int
    public var entries: [ReportEntry]
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    /// Shown above the trace's results, e.g. references drawn on another renderer.
    public var warnings: [String] = []
    /// How its frames were compared, in one line: `exact`, or the threshold and why.
    public var comparison: String?
    /// What drew its frames in this run: Strata's version, the renderer, Mesa, the fonts.
    public var drawnBy: ReferenceManifest?
    /// The replay's frames per second; a frame's replayed duration is 1/fps (JUnit's `time`).
    public var fps: Double?

    public init(name: String, frameCount: Int, entries: [ReportEntry]) {
        self.name = name; self.frameCount = frameCount; self.entries = entries
    }

    public var failures: [ReportEntry] { entries.filter { !$0.passed } }
    public var passed: Bool { entries.allSatisfy(\.passed) }
}
