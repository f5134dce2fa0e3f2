import Foundation

/// A recorded gesture session: the header (scene, size, rate, options) and the input
/// events in time order. On disk, trace format version 1 (`*.trace`): UTF-8 JSON Lines,
/// the header on the first line and one event per line after it:
///
///     {"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60}
///     {"t": 0.25, "kind": "down", "x": 120.5, "y": 160}
///     {"t": 0.2667, "kind": "move", "x": 131, "y": 160}
///     {"t": 0.5, "kind": "up", "x": 220.5, "y": 160}
///
/// Event lines also take `"kind": "cancel"` (with x, y) and `"kind": "key"` with
/// `"text": "abc"` or `"key": "backspace" | "return" | "tab" | "escape"`.
public struct Trace: Hashable, Sendable {
    public var header: TraceHeader
    public var events: [InputEvent]

    public init(header: TraceHeader, events: [InputEvent] = []) {
        self.header = header; self.events = events
    }

    /// Seconds from the start to the last event.
    public var duration: Double { events.last?.t ?? 0 }

    // MARK: Reading

    /// Reads a trace file. Errors say `FILE:LINE: what was expected`; the warnings (same
    /// form) report a cut-off last line that was skipped.
    public static func read(path: String) throws -> (trace: Trace, warnings: [String]) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TraceError(file: path, line: nil, message: "cannot read the trace: \(Trace.reason(error))")
        }
        return try parse(data: data, name: path)
    }

    /// Reads trace text; `name` stands for the file in messages.
    public static func parse(text: String, name: String) throws -> (trace: Trace, warnings: [String]) {
        try parse(data: Data(text.utf8), name: name)
    }

    public static func parse(data: Data, name: String) throws -> (trace: Trace, warnings: [String]) {
        try TraceReader(name: name).read(data)
    }

    // MARK: Writing

    /// The whole trace as file text, every line ending in a newline. Throws, naming the
    /// line, for what the reader would refuse (time going backwards, a move without a
    /// down, a NaN…); `name` stands for the file in that message.
    public func encoded(name: String = "trace") throws -> String {
        if let message = header.problem() { throw TraceError(file: name, line: 1, message: message) }
        var rules = TraceEventRules()
        var text = TraceJSON.headerLine(header) + "\n"
        for (index, event) in events.enumerated() {
            if let message = rules.accept(event, line: index + 2) {
                throw TraceError(file: name, line: index + 2, message: message)
            }
            text += TraceJSON.eventLine(event) + "\n"
        }
        return text
    }

    /// Writes the whole trace, replacing the file in one step (a reader never sees half).
    public func write(path: String) throws {
        let text = try encoded(name: path)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TraceError(file: path, line: nil, message: "cannot write the trace: \(Trace.reason(error))")
        }
    }

    /// The system's words ("No such file or directory"), not Foundation's generic
    /// "The operation could not be completed".
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        }
        return ns.localizedDescription
    }
}
