import Foundation

/// Records a trace as it happens: the header when created, then each event appended as
/// one line with a single write(2). Nothing is buffered in the process, so if strata
/// crashes every event appended so far is in the file, and at worst the last line is
/// cut off, which the reader skips with a warning.
///
/// Appending checks the same rules as reading (time order, down before move…), so the
/// file is always one the reader accepts.
public final class TraceWriter {
    public let path: String
    public let header: TraceHeader
    public private(set) var eventCount = 0

    private var handle: FileHandle?
    private var rules = TraceEventRules()

    /// Creates (or truncates) the file and writes the header line.
    public init(path: String, header: TraceHeader) throws {
        self.path = path
        self.header = header
        if let message = header.problem() { throw TraceError(file: path, line: 1, message: message) }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw TraceError(file: path, line: nil, message: "cannot create the trace file")
        }
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        } catch {
            throw TraceError(file: path, line: nil, message: "cannot open the trace for writing: \(Trace.reason(error))")
        }
        try writeLine(TraceJSON.headerLine(header, file: path), line: 1)
    }

    deinit { try? handle?.close() }

    /// Scene lines written (`appendSceneText`).
    public private(set) var sceneTextCount = 0

    /// The line the next event goes on.
    public var nextLine: Int { eventCount + sceneTextCount + 2 }

    /// Appends one event line; it is in the file (the kernel's cache) when this returns.
    public func append(_ event: InputEvent) throws {
        guard handle != nil else { throw TraceError(file: path, line: nextLine, message: "the trace writer is closed") }
        if let message = rules.accept(event, line: nextLine) {
            throw TraceError(file: path, line: nextLine, message: message)
        }
        try writeLine(TraceJSON.eventLine(event, file: path, line: nextLine), line: nextLine)
        eventCount += 1
    }

    /// Appends a scene file's text (at the start of a recording, and at each reload), after
    /// the events appended so far. A text whose line would pass the reader's line limit
    /// throws, and nothing is written.
    public func appendSceneText(_ text: String, t: Double) throws {
        guard handle != nil else { throw TraceError(file: path, line: nextLine, message: "the trace writer is closed") }
        let scene = TraceSceneText(t: t, text: text, afterEvents: eventCount)
        let line = try TraceJSON.sceneLine(scene, file: path, line: nextLine)
        let limit = TraceLimits().maximumLineBytes
        guard line.utf8.count <= limit else {
            throw TraceError(file: path, line: nextLine, message: "the scene file's text takes \(line.utf8.count) bytes on a trace line, over the line limit of \(limit)")
        }
        if let message = rules.accept(scene, line: nextLine) { throw TraceError(file: path, line: nextLine, message: message) }
        try writeLine(line, line: nextLine)
        sceneTextCount += 1
    }

    /// fsync: only needed to survive a power loss, not a crash of strata.
    public func synchronize() throws {
        do { try handle?.synchronize() } catch {
            throw TraceError(file: path, line: nil, message: "cannot sync the trace: \(Trace.reason(error))")
        }
    }

    /// Closes the file; later appends throw. Closing twice is harmless.
    public func close() throws {
        guard let h = handle else { return }
        handle = nil
        do { try h.close() } catch {
            throw TraceError(file: path, line: nil, message: "cannot close the trace: \(Trace.reason(error))")
        }
    }

    private func writeLine(_ text: String, line: Int) throws {
        do {
            try handle?.write(contentsOf: Data((text + "\n").utf8))
        } catch {
            throw TraceError(file: path, line: line, message: "cannot write: \(Trace.reason(error))")
        }
    }
}
