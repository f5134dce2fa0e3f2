import Foundation
import StrataGestures
import StrataModel
import Testing

/// A fresh directory under the system temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-gestures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

private let fullHeader = TraceHeader(
    scene: "carousel", width: 480, height: 320, scale: 2, fps: 60,
    options: ["planes": 5, "label": "tab \"one\"", "shadows": true, "spread": 0.1],
    recorded: "2024-05-01T12:00:00Z", generator: "strata 0.1", note: "line\nbreak",
    otherKeys: ["zeta": ["nested": [1, 2.5, nil, "s"]], "alpha": false])

private let sampleEvents: [InputEvent] = [
    .down(x: 100, y: 160, t: 0),
    .move(x: 100 + 1.0 / 3, y: 160, t: 1.0 / 60),
    .move(x: -12.75, y: 1e-7, t: 2.0 / 60),
    .key(.backspace, t: 0.1 + 0.2),
    .text("é\"\\\u{1}😀", t: 0.5),
    .up(x: 98765.125, y: 0, t: 0.5),  // near the coordinate limit, with a fraction
    .down(x: 5, y: 5, t: 2),
    .cancel(x: 6, y: 5, t: 2.5),
    .key(.return, t: 3), .key(.tab, t: 3), .key(.escape, t: 3),
]

@Suite struct TraceWriterTests {
    @Test func writesCompactDeterministicLines() throws {
        let trace = Trace(header: TraceHeader(scene: "carousel", width: 480, height: 320, options: ["planes": 5]),
                          events: [.down(x: 120.5, y: 160, t: 0.25), .move(x: 130, y: 160, t: 1.0 / 60 + 0.25),
                                   .up(x: 130, y: 160, t: 0.5), .text("ab", t: 1), .key(.backspace, t: 1.5)])
        #expect(try trace.encoded() == """
            {"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60, "options": {"planes": 5}}
            {"t": 0.25, "kind": "down", "x": 120.5, "y": 160}
            {"t": 0.26666666666666666, "kind": "move", "x": 130, "y": 160}
            {"t": 0.5, "kind": "up", "x": 130, "y": 160}
            {"t": 1, "kind": "key", "text": "ab"}
            {"t": 1.5, "kind": "key", "key": "backspace"}

            """)
    }

    @Test func headerKeysInFixedOrderUnknownOnesSorted() {
        let line = try? Trace(header: fullHeader).encoded().split(separator: "\n").first.map(String.init)
        #expect(line == #"{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 2, "fps": 60, "options": {"label": "tab \"one\"", "planes": 5, "shadows": true, "spread": 0.1}, "recorded": "2024-05-01T12:00:00Z", "generator": "strata 0.1", "note": "line\nbreak", "alpha": false, "zeta": {"nested": [1, 2.5, null, "s"]}}"#)
    }

    @Test func wholeTraceRoundTrip() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("whole.trace")
        let trace = Trace(header: fullHeader, events: sampleEvents)
        try trace.write(path: path)
        let (back, warnings) = try Trace.read(path: path)
        #expect(warnings.isEmpty)
        #expect(back == trace)
        #expect(try back.encoded() == trace.encoded())
    }

    @Test func incrementalRoundTripAndCrashSafety() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("live.trace")
        let writer = try TraceWriter(path: path, header: fullHeader)

        // After the header alone the file is already a valid, empty trace.
        #expect(try Trace.read(path: path).trace == Trace(header: fullHeader))

        for (i, event) in sampleEvents.enumerated() {
            try writer.append(event)
            // Not closed: as a crash would leave it, every appended event is there.
            let (partial, warnings) = try Trace.read(path: path)
            #expect(warnings.isEmpty)
            #expect(partial.events == Array(sampleEvents[...i]))
        }
        #expect(writer.eventCount == sampleEvents.count)

        // A crash in the middle of a write leaves half a line: it replays with a warning.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"t": 4, "kind": "do"#.utf8))
        try handle.close()
        let (recovered, warnings) = try Trace.read(path: path)
        #expect(recovered == Trace(header: fullHeader, events: sampleEvents))
        #expect(warnings == ["\(path):\(sampleEvents.count + 2): warning: ignored the last line: it has no newline and does not parse, as when a recording stops mid-write"])
        try writer.close()
        try writer.close()
    }

    /// A recording from a scene file keeps the file's text at the start and at each live
    /// reload, between the events where it happened; reader, writer and `encoded` agree.
    @Test func sceneTextsRoundTripBetweenTheEvents() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("reload.trace")
        let writer = try TraceWriter(path: path, header: fullHeader)
        let first = #"{"strataScene": 1, "root": {"backgroundColor": "white"}}"#
        let second = "{\"strataScene\": 1,\n \"root\": {\"backgroundColor\": \"#00FF00\"}}"
        try writer.appendSceneText(first, t: 0)
        try writer.append(.down(x: 1, y: 2, t: 0.1))
        try writer.append(.move(x: 3, y: 2, t: 0.2))
        try writer.appendSceneText(second, t: 0.25)
        try writer.append(.up(x: 3, y: 2, t: 0.3))
        #expect(writer.nextLine == 7)
        // Time order holds for scene lines too.
        #expect(throws: TraceError.self) { try writer.appendSceneText(first, t: 0.2) }
        // A text too long for a trace line is refused, and nothing is written.
        #expect(throws: TraceError.self) { try writer.appendSceneText(String(repeating: "x", count: 300 << 10), t: 1) }
        try writer.close()
        let (back, warnings) = try Trace.read(path: path)
        #expect(warnings.isEmpty)
        #expect(back.events.count == 3)
        #expect(back.sceneTexts == [TraceSceneText(t: 0, text: first, afterEvents: 0), TraceSceneText(t: 0.25, text: second, afterEvents: 2)])
        #expect(back.duration == 0.3)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try back.encoded() == text, "the writer's lines and encoded() are the same bytes")
        #expect(text.split(separator: "\n")[4] == ##"{"t": 0.25, "kind": "scene", "text": "{\"strataScene\": 1,\n \"root\": {\"backgroundColor\": \"#00FF00\"}}"}"##)
        // A reload at the end counts in the trace's length.
        var late = back
        late.sceneTexts.append(TraceSceneText(t: 2, text: first, afterEvents: 3))
        #expect(late.duration == 2)
        #expect(try Trace.parse(text: late.encoded(), name: "late").trace == late)
    }

    @Test func writerRefusesWhatTheReaderWould() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("bad.trace")
        let writer = try TraceWriter(path: path, header: TraceHeader(scene: "carousel", width: 480, height: 320))
        try writer.append(.down(x: 1, y: 1, t: 1))
        #expect(throws: TraceError(file: path, line: 3, message: "time goes backwards: t = 0.5 after t = 1 on line 2")) {
            try writer.append(.move(x: 1, y: 1, t: 0.5))
        }
        #expect(throws: TraceError(file: path, line: 3, message: "\"x\" must be a finite number, found nan")) {
            try writer.append(.move(x: .nan, y: 1, t: 2))
        }
        #expect(throws: TraceError(file: path, line: 3, message: "down while the pointer is already down (since line 2); expected up or cancel first")) {
            try writer.append(.down(x: 1, y: 1, t: 2))
        }
        try writer.append(.up(x: 1, y: 1, t: 2))
        try writer.close()
        #expect(throws: TraceError(file: path, line: 4, message: "the trace writer is closed")) {
            try writer.append(.down(x: 1, y: 1, t: 3))
        }
        // The refused events never reached the file.
        #expect(try Trace.read(path: path).trace.events == [.down(x: 1, y: 1, t: 1), .up(x: 1, y: 1, t: 2)])
    }

    @Test func invalidHeadersAreRefused() {
        #expect(throws: TraceError(file: "trace", line: 1, message: "\"fps\" must be a positive number, found 0")) {
            try Trace(header: TraceHeader(scene: "carousel", width: 480, height: 320, fps: 0)).encoded()
        }
        #expect(throws: TraceError(file: "trace", line: 1, message: "\"scene\" must be a non-empty string, found \"\"")) {
            try Trace(header: TraceHeader(scene: "", width: 480, height: 320)).encoded()
        }
        #expect(throws: TraceError(file: "trace", line: 1, message: "option \"planes\" must be a string, number or boolean, or a list of them, found an array")) {
            try Trace(header: TraceHeader(scene: "c", width: 480, height: 320, options: ["planes": [[1]]])).encoded()
        }
        #expect(throws: TraceError(file: "trace", line: 1, message: "header values must be finite numbers, found inf")) {
            try Trace(header: TraceHeader(scene: "c", width: 480, height: 320, options: ["k": .number(.infinity)])).encoded()
        }
    }
}

@Suite struct TraceMaskHeaderTests {
    @Test func masksRoundTripInViewPoints() throws {
        let header = TraceHeader(scene: "carousel", width: 100, height: 50, masks: [Rect(x: 0, y: 0, width: 20.5, height: 10)])
        let text = try Trace(header: header).encoded()
        #expect(text == "{\"trace\": 1, \"scene\": \"carousel\", \"width\": 100, \"height\": 50, \"scale\": 1, \"fps\": 60, \"masks\": [[0, 0, 20.5, 10]]}\n")
        #expect(try Trace.parse(text: text, name: "t").trace.header.masks == header.masks)
        for bad in ["[[0, 0, 1]]", "[[0, 0, \"a\", 1]]", "3", "[[0, 0, 0, 1]]", "[[90, 0, 20, 10]]"] {
            #expect(throws: TraceError.self) {
                try Trace.parse(text: "{\"trace\": 1, \"scene\": \"c\", \"width\": 100, \"height\": 50, \"scale\": 1, \"fps\": 60, \"masks\": \(bad)}\n", name: "t")
            }
        }
    }
}
