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
/// `"text": "abc"` or `"key": "backspace" | "return" | "tab" | "escape"`. A recording from a
/// scene file keeps the file's text in `"kind": "scene"` lines (`TraceSceneText`): at the
/// start and at each live reload.
public struct Trace: Hashable, Sendable {
    public var header: TraceHeader
    public var events: [InputEvent]
    /// The scene file's text at the start and at each reload, in file order.
    public var sceneTexts: [TraceSceneText]

    public init(header: TraceHeader, events: [InputEvent] = [], sceneTexts: [TraceSceneText] = []) {
        self.header = header; self.events = events; self.sceneTexts = sceneTexts
    }

    /// Seconds from the start to the last event (a scene reload counts as one).
    public var duration: Double { max(events.last?.t ?? 0, sceneTexts.last?.t ?? 0) }

    // MARK: Reading

    /// Reads a trace file, streaming: one line is held at a time, and the file's size is
    /// checked against `limits` before anything is read. Errors say `FILE:LINE: what was
    /// expected`; the warnings (same form) report a cut-off last line that was skipped.
    /// `progress` gets (bytes read, file size) after each block of a large file.
    public static func read(path: String, limits: TraceLimits = TraceLimits(),
                            progress: ((_ read: Int, _ total: Int) -> Void)? = nil) throws -> (trace: Trace, warnings: [String]) {
        func fail(_ message: String) -> TraceError { TraceError(file: path.isEmpty ? "''" : path, line: nil, message: message) }
        guard !path.isEmpty else { throw fail("an empty path is not a trace file") }
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { throw fail("cannot read the trace: a symlink loop (\(String(cString: strerror(code))))") }
            throw fail("cannot read the trace: \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var s = stat()
        guard fstat(fd, &s) == 0 else { throw fail("cannot read the trace: \(String(cString: strerror(errno)))") }
        switch s.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw fail("is a directory, not a trace file")
        case S_IFIFO: throw fail("is a FIFO or pipe; strata reads traces only from regular files (it checks the size first): save the trace to a file")
        case S_IFSOCK: throw fail("is a socket; strata reads traces only from regular files")
        default: throw fail("is a device, not a trace file; strata reads traces only from regular files")
        }
        let size = Int(s.st_size)
        guard size <= limits.maximumFileBytes else {
            throw fail("the trace is \(megabytes(size)), over the limit of \(megabytes(limits.maximumFileBytes)) (--max-trace-size raises it)")
        }
        var flags = fcntl(fd, F_GETFL)
        flags &= ~O_NONBLOCK
        _ = fcntl(fd, F_SETFL, flags)

        var reader = TraceReader(name: path, limits: limits)
        var buffer = [UInt8](repeating: 0, count: min(1 << 20, max(4096, size + 1)))
        var total = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("cannot read the trace: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            total += n
            guard total <= limits.maximumFileBytes else {
                throw fail("the trace grew past the limit of \(megabytes(limits.maximumFileBytes)) while being read (--max-trace-size raises it)")
            }
            try reader.feed(Array(buffer[0..<n]))
            progress?(total, max(size, total))
        }
        return try reader.finish()
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes < 1 << 20 ? "\(bytes) bytes" : String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }

    /// Reads trace text; `name` stands for the file in messages.
    public static func parse(text: String, name: String) throws -> (trace: Trace, warnings: [String]) {
        try parse(data: Data(text.utf8), name: name)
    }

    public static func parse(data: Data, name: String, limits: TraceLimits = TraceLimits()) throws -> (trace: Trace, warnings: [String]) {
        var reader = TraceReader(name: name, limits: limits)
        return try reader.read(data)
    }

    // MARK: Writing

    /// The whole trace as file text, every line ending in a newline. Throws, naming the
    /// line, for what the reader would refuse (time going backwards, a move without a
    /// down, a NaN…); `name` stands for the file in that message.
    public func encoded(name: String = "trace") throws -> String {
        if let message = header.problem() { throw TraceError(file: name, line: 1, message: message) }
        var rules = TraceEventRules()
        var text = try TraceJSON.headerLine(header, file: name) + "\n"
        var line = 2, scenes = sceneTexts[...]
        func sceneLines(before index: Int) throws {
            while let s = scenes.first, s.afterEvents <= index {
                if let message = rules.accept(s, line: line) { throw TraceError(file: name, line: line, message: message) }
                text += try TraceJSON.sceneLine(s, file: name, line: line) + "\n"
                scenes = scenes.dropFirst()
                line += 1
            }
        }
        for (index, event) in events.enumerated() {
            try sceneLines(before: index)
            if let message = rules.accept(event, line: line) {
                throw TraceError(file: name, line: line, message: message)
            }
            text += try TraceJSON.eventLine(event, file: name, line: line) + "\n"
            line += 1
        }
        try sceneLines(before: .max)
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
