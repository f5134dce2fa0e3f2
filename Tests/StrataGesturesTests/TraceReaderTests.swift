import Foundation
import StrataGestures
import StrataModel
import Testing

private let header = #"{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60}"#
private let headerExample = header
private let eventExample = #"{"t": 0.25, "kind": "down", "x": 120.5, "y": 160}"#
private let down = #"{"t": 0, "kind": "down", "x": 1, "y": 2}"#

/// A malformed trace and the exact diagnostic it must produce.
struct MalformedTrace: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: String
    init(_ text: String, _ expected: String) { self.text = text; self.expected = expected }
    var testDescription: String { expected }
}

private func withHeader(_ lines: String...) -> String {
    ([header] + lines).joined(separator: "\n") + "\n"
}

private func headerWith(_ replacing: String, _ by: String) -> String {
    header.replacingOccurrences(of: replacing, with: by) + "\n"
}

private let malformed: [MalformedTrace] = [
    // Header
    .init("", "t.trace:1: empty trace; expected a header line like \(headerExample)"),
    .init("\n  \n", "t.trace:1: empty trace; expected a header line like \(headerExample)"),
    .init("{oops\n", "t.trace:1:2: invalid JSON: expected a key in double quotes, found 'o'; expected a header line like \(headerExample)"),
    .init("\n{oops\n", "t.trace:2:2: invalid JSON: expected a key in double quotes, found 'o'; expected a header line like \(headerExample)"),
    .init("[1]\n", "t.trace:1: expected a header object like \(headerExample), found an array"),
    .init(down + "\n", "t.trace:1: expected a header line like \(headerExample) before the first event"),
    .init(#"{"scene": "carousel"}"# + "\n", "t.trace:1: missing \"trace\" (the format version, 1); expected a header line like \(headerExample)"),
    .init(headerWith(#""trace": 1"#, #""trace": 2"#), "t.trace:1: trace version 2 is newer than this strata understands (1)"),
    .init(headerWith(#""trace": 1"#, #""trace": "1""#), "t.trace:1: \"trace\" must be the format version 1, found \"1\""),
    .init(headerWith(#""trace": 1"#, #""trace": 0"#), "t.trace:1: \"trace\" must be the format version 1, found 0"),
    .init(headerWith(#""trace": 1"#, #""trace": 1.5"#), "t.trace:1: \"trace\" must be the format version 1, found 1.5"),
    .init(headerWith(#""scene": "carousel", "#, ""), "t.trace:1: missing \"scene\" in the header (a non-empty string, e.g. \"carousel\")"),
    .init(headerWith(#""carousel""#, #""""#), "t.trace:1: \"scene\" must be a non-empty string, found \"\""),
    .init(headerWith(#""carousel""#, "5"), "t.trace:1: \"scene\" must be a non-empty string, found 5"),
    .init(headerWith(#", "fps": 60"#, ""), "t.trace:1: missing \"fps\" in the header (a positive number, frames per second)"),
    .init(headerWith(#""scale": 1, "#, ""), "t.trace:1: missing \"scale\" in the header (a positive number, pixels per point)"),
    .init(headerWith("480", "-480"), "t.trace:1: \"width\" must be a positive number, found -480"),
    .init(headerWith("320", #""320""#), "t.trace:1: \"height\" must be a positive number, found \"320\""),
    .init(headerWith(#""scale": 1"#, #""scale": true"#), "t.trace:1: \"scale\" must be a positive number, found true"),
    .init(headerWith("60", "0"), "t.trace:1: \"fps\" must be a positive number, found 0"),
    .init(headerWith("}", #", "options": [5]}"#), "t.trace:1: \"options\" must be an object of string, number or boolean values, found an array"),
    .init(headerWith("}", #", "options": {"planes": [[5]]}}"#), "t.trace:1: option \"planes\" must be a string, number or boolean, or a list of them, found an array"),
    .init(headerWith("}", #", "options": {"planes": null}}"#), "t.trace:1: option \"planes\" must be a string, number or boolean, or a list of them, found null"),
    .init(headerWith("}", #", "note": 3}"#), "t.trace:1: \"note\" must be a string, found 3"),
    .init(headerWith("}", #", "recorded": false}"#), "t.trace:1: \"recorded\" must be a string, found false"),

    // Event lines
    .init(withHeader(#"{"t": 0, "kind": "down", "x": 1, "y": 2"#, down),
          "t.trace:2:40: invalid JSON: expected ',' or '}' after a value, found the end of the line; expected an event like \(eventExample)"),
    .init(withHeader("", "   ", "{bad", down), "t.trace:4:2: invalid JSON: expected a key in double quotes, found 'b'; expected an event like \(eventExample)"),
    .init(withHeader(#""down""#), "t.trace:2: expected an event object like \(eventExample), found \"down\""),
    .init(withHeader(header), "t.trace:2: a second header (the header is line 1); expected an event like \(eventExample)"),
    .init(withHeader(#"{"kind": "down", "x": 1, "y": 2}"#), "t.trace:2: missing \"t\" (seconds from the start of the trace, a number >= 0)"),
    .init(withHeader(#"{"t": "0", "kind": "down", "x": 1, "y": 2}"#), "t.trace:2: \"t\" must be a number of seconds, found \"0\""),
    .init(withHeader(#"{"t": true, "kind": "down", "x": 1, "y": 2}"#), "t.trace:2: \"t\" must be a number of seconds, found true"),
    .init(withHeader(#"{"t": -0.5, "kind": "down", "x": 1, "y": 2}"#), "t.trace:2: \"t\" must be a finite number >= 0, found -0.5"),
    .init(withHeader(#"{"t": 1, "kind": "down", "x": 1, "y": 2}"#, #"{"t": 0.5, "kind": "move", "x": 1, "y": 2}"#),
          "t.trace:3: time goes backwards: t = 0.5 after t = 1 on line 2"),
    .init(withHeader(#"{"t": 0, "x": 1, "y": 2}"#), "t.trace:2: missing \"kind\" (down, move, up, cancel, key or scene)"),
    .init(withHeader(#"{"t": 0, "kind": 3, "x": 1, "y": 2}"#), "t.trace:2: \"kind\" must be a string (down, move, up, cancel, key or scene), found 3"),
    .init(withHeader(#"{"t": 0, "kind": "drag", "x": 1, "y": 2}"#), "t.trace:2: unknown kind \"drag\"; expected down, move, up, cancel, key or scene"),
    .init(withHeader(#"{"t": 0, "kind": "down", "y": 2}"#), "t.trace:2: missing \"x\" in a down event (points from the left edge)"),
    .init(withHeader(down, #"{"t": 0, "kind": "move", "x": 2}"#), "t.trace:3: missing \"y\" in a move event (points from the top edge)"),
    .init(withHeader(#"{"t": 0, "kind": "down", "x": true, "y": 2}"#), "t.trace:2: \"x\" must be a number of points, found true"),
    .init(withHeader(#"{"t": 0, "kind": "down", "x": 1, "y": null}"#), "t.trace:2: \"y\" must be a number of points, found null"),
    .init(withHeader(#"{"t": 0, "kind": "down", "x": "1", "y": 2}"#), "t.trace:2: \"x\" must be a number of points, found \"1\""),
    .init(withHeader(#"{"t": 0, "kind": "down", "x": 1e999, "y": 2}"#), "t.trace:2:31: invalid JSON: number out of range: 1e999 is beyond ±1.8e308; expected an event like \(eventExample)"),
    .init(withHeader(#"{"t": 0, "kind": "move", "x": 1, "y": 2}"#), "t.trace:2: move without a preceding down"),
    .init(withHeader(#"{"t": 0, "kind": "up", "x": 1, "y": 2}"#), "t.trace:2: up without a preceding down"),
    .init(withHeader(#"{"t": 0, "kind": "cancel", "x": 1, "y": 2}"#), "t.trace:2: cancel without a preceding down"),
    .init(withHeader(down, #"{"t": 0.1, "kind": "cancel", "x": 1, "y": 2}"#, #"{"t": 0.2, "kind": "up", "x": 1, "y": 2}"#),
          "t.trace:4: up without a preceding down"),
    .init(withHeader(down, #"{"t": 0.1, "kind": "down", "x": 1, "y": 2}"#),
          "t.trace:3: down while the pointer is already down (since line 2); expected up or cancel first"),
    .init(withHeader(#"{"t": 0, "kind": "key"}"#),
          "t.trace:2: a key event needs \"text\" (a string) or \"key\" (backspace, return, tab or escape)"),
    .init(withHeader(#"{"t": 0, "kind": "key", "text": "a", "key": "tab"}"#), "t.trace:2: a key event has \"text\" or \"key\", not both"),
    .init(withHeader(#"{"t": 0, "kind": "key", "key": "delete"}"#),
          "t.trace:2: unknown key \"delete\"; expected backspace, return, tab or escape"),
    .init(withHeader(#"{"t": 0, "kind": "key", "key": 8}"#),
          "t.trace:2: \"key\" must be a string (backspace, return, tab or escape), found 8"),
    .init(withHeader(#"{"t": 0, "kind": "key", "text": 5}"#), "t.trace:2: \"text\" must be a string, found 5"),
    .init(withHeader(#"{"t": 0, "kind": "key", "text": ""}"#), "t.trace:2: \"text\" must not be empty"),
    // Valid JSON on an unterminated last line is not a cut-off write: still an error.
    .init(header + "\n" + #"{"t": 0, "kind": "up", "x": 1, "y": 2}"#, "t.trace:2: up without a preceding down"),
    // A cut-off header leaves nothing to replay.
    .init(#"{"trace": 1, "sce"#, "t.trace:1:18: invalid JSON: unterminated string: no closing '\"' before the end of the line; expected a header line like \(headerExample)"),
]

@Suite struct TraceReaderTests {
    @Test(arguments: malformed)
    func malformedTraceIsRefusedWithFileAndLine(_ c: MalformedTrace) {
        do {
            let result = try Trace.parse(text: c.text, name: "t.trace")
            Issue.record("accepted: \(result)")
        } catch let error as TraceError {
            #expect(error.description == c.expected)
        } catch {
            Issue.record("not a TraceError: \(error)")
        }
    }

    @Test func readsAWellFormedTrace() throws {
        let text = """
            {"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 2, "fps": 30, "options": {"planes": 7, "label": "x", "shadows": false}, "note": "hi", "future": {"a": [1, true]}}

            {"t": 0.25, "kind": "down", "x": 120.5, "y": 160}
            {"t": 0.25, "kind": "move", "x": -3, "y": 1e2, "pressure": 0.5}
            {"t": 0.5, "kind": "key", "text": "h\\u00e9"}
            {"t": 0.75, "kind": "up", "x": 10, "y": 20}\r
            {"t": 1, "kind": "key", "key": "return"}

            """
        let (trace, warnings) = try Trace.parse(text: text, name: "ok.trace")
        #expect(warnings.isEmpty)
        #expect(trace.header.scene == "carousel")
        #expect(trace.header.width == 480 && trace.header.height == 320)
        #expect(trace.header.scale == 2 && trace.header.fps == 30)
        #expect(trace.header.options == ["planes": 7, "label": "x", "shadows": false])
        #expect(trace.header.note == "hi")
        #expect(trace.header.recorded == nil)
        #expect(trace.header.otherKeys == ["future": ["a": [1, true]]])
        #expect(trace.events == [
            .down(x: 120.5, y: 160, t: 0.25),
            .move(x: -3, y: 100, t: 0.25),
            .text("hé", t: 0.5),
            .up(x: 10, y: 20, t: 0.75),
            .key(.return, t: 1),
        ])
        #expect(trace.duration == 1)
    }

    @Test func cutOffLastLineIsAWarning() throws {
        let text = withHeader(down, #"{"t": 0.1, "kind": "move", "x": 5, "y": 2}"#) + #"{"t": 0.2, "kind": "mo"#
        let (trace, warnings) = try Trace.parse(text: text, name: "t.trace")
        #expect(trace.events == [.down(x: 1, y: 2, t: 0), .move(x: 5, y: 2, t: 0.1)])
        #expect(warnings == ["t.trace:4: warning: ignored the last line: it has no newline and does not parse, as when a recording stops mid-write"])
    }

    @Test func cutOffInsideAMultibyteCharacterIsAWarning() throws {
        var data = Data(withHeader(down).utf8)
        data.append(contentsOf: Array(#"{"t": 0.2, "kind": "key", "text": ""#.utf8) + [0xC3])
        let (trace, warnings) = try Trace.parse(data: data, name: "t.trace")
        #expect(trace.events.count == 1)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("t.trace:3: warning: "))
    }

    @Test func badLastLineWithNewlineIsAnError() {
        let text = withHeader(down, #"{"t": 0.2, "kind": "mo"#)
        #expect(throws: TraceError(file: "t.trace", line: 3, column: 23, message: "invalid JSON: unterminated string: no closing '\"' before the end of the line; expected an event like \(eventExample)")) {
            try Trace.parse(text: text, name: "t.trace")
        }
    }

    @Test func invalidUTF8IsAnError() {
        var data = Data((header + "\n").utf8)
        data.append(contentsOf: [0xFF, 0x0A])
        data.append(contentsOf: Array((down + "\n").utf8))
        #expect(throws: TraceError(file: "t.trace", line: 2, message: "not UTF-8 text; a trace is UTF-8 JSON Lines")) {
            try Trace.parse(data: data, name: "t.trace")
        }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(contentsOf: Array(withHeader(down).utf8))
        let (trace, _) = try Trace.parse(data: data, name: "t.trace")
        #expect(trace.events == [.down(x: 1, y: 2, t: 0)])
    }

    @Test func newerVersionIsRefusedFromAFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("new.trace")
        try Data((#"{"trace": 2, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60, "compression": "zstd"}"# + "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(throws: TraceError(file: path, line: 1, message: "trace version 2 is newer than this strata understands (1)")) {
            try Trace.read(path: path)
        }
    }

    @Test func missingFileNamesTheFile() {
        do {
            _ = try Trace.read(path: "/nonexistent/gone.trace")
            Issue.record("read a missing file")
        } catch let error as TraceError {
            #expect(error.line == nil)
            #expect(error.description == "/nonexistent/gone.trace: cannot read the trace: No such file or directory")
        } catch {
            Issue.record("not a TraceError: \(error)")
        }
    }

    @Test func booleansAreNotNumbersAndNumbersAreExact() throws {
        // JSONSerialization hands back 1 and true alike as NSNumber; 17-digit decimals as
        // NSDecimalNumber, whose doubleValue is off by an ulp.
        let text = withHeader(#"{"t": 0.30000000000000004, "kind": "down", "x": 0.016666666666666666, "y": 1}"#)
        let (trace, _) = try Trace.parse(text: text, name: "t.trace")
        #expect(trace.events == [.down(x: 1.0 / 60, y: 1, t: 0.1 + 0.2)])
    }
}
