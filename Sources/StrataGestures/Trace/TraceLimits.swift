/// How much of a trace strata reads before refusing it, so that no file makes it run out
/// of memory: checked while the file streams in, one line at a time. The defaults fit
/// hours of recording; `strata replay` and `check` raise the file size with
/// `--max-trace-size`.
public struct TraceLimits: Sendable, Equatable {
    /// The file's size in bytes (default 64 MiB, about 1.5 million events).
    public var maximumFileBytes: Int
    /// One line in bytes (default 256 KiB: an event with the longest text, escaped).
    public var maximumLineBytes: Int
    /// Events in the trace (default 4 million).
    public var maximumEvents: Int

    public static let defaultFileBytes = 64 << 20
    /// The largest file size `--max-trace-size` accepts (4 GiB).
    public static let largestFileBytes = 4 << 30

    public init(maximumFileBytes: Int = TraceLimits.defaultFileBytes, maximumLineBytes: Int = 256 << 10,
                maximumEvents: Int = 4_000_000) {
        self.maximumFileBytes = maximumFileBytes; self.maximumLineBytes = maximumLineBytes; self.maximumEvents = maximumEvents
    }
}
