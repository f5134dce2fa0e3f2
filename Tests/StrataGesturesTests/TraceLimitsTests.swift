import Foundation
import StrataGestures
import Testing

private let header = #"{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60}"#

private func read(_ lines: String...) throws -> Trace {
    try Trace.parse(text: ([header] + lines).joined(separator: "\n") + "\n", name: "t.trace").trace
}

private func message(_ body: () throws -> Any) -> String {
    do { _ = try body(); return "no error" } catch { return "\(error)" }
}

private func temporary(_ name: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-trace-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// JSON errors each have their own words and point at the line and column.
@Suite struct TraceJSONErrorTests {
    @Test func aNumberOutOfRangeNamesItsColumn() {
        #expect(message { try read(#"{"t": 0, "kind": "down", "x": 1e999, "y": 2}"#) }
                .hasPrefix("t.trace:2:31: invalid JSON: number out of range: 1e999 is beyond ±1.8e308"))
    }

    @Test func loneSurrogatesAreRefused() throws {
        #expect(message { try read(#"{"t": 0, "kind": "key", "text": "a\ud800b"}"#) }
                .hasPrefix(#"t.trace:2:35: invalid JSON: lone surrogate \uD800: a high surrogate must be followed by a low one"#))
        #expect(message { try read(#"{"t": 0, "kind": "key", "text": "\udc00"}"#) }
                .hasPrefix(#"t.trace:2:34: invalid JSON: lone surrogate \uDC00: a low surrogate must follow a high one"#))
        // A pair is one character.
        #expect(try read(#"{"t": 0, "kind": "key", "text": "\ud83d\ude00"}"#).events == [.text("😀", t: 0)])
    }

    @Test func nestingTooDeepIsRefusedAtTheLevelPastTheLimit() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(message { try read(#"{"t": 0, "kind": "down", "x": 1, "y": 2, "z": "# + deep + "}") }
                .hasPrefix("t.trace:2:62: invalid JSON: nesting too deep: more than 16 levels of arrays and objects"))
        // A deep array of a million brackets is one error, not a stack overflow.
        let huge = String(repeating: "[", count: 200_000)
        #expect(message { try read(huge) }.contains("nesting too deep"))
    }

    @Test func duplicateKeysAndControlCharactersAreRefused() {
        #expect(message { try read(#"{"t": 0, "t": 1, "kind": "down", "x": 1, "y": 2}"#) }
                .hasPrefix(#"t.trace:2:10: invalid JSON: duplicate key "t""#))
        #expect(message { try read("{\"t\": 0, \"kind\": \"key\", \"text\": \"a\u{01}\"}") }
                .hasPrefix("t.trace:2:35: invalid JSON: control character U+0001 in a string"))
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(message { try read(#"{"t": 0, "kind": "key", "text": "ééé", oops}"#) }
                .hasPrefix("t.trace:2:40: invalid JSON: expected a key in double quotes, found 'o'"))
    }
}

/// Every numeric header field and event value has a range; the message names the line.
@Suite struct TraceRangeTests {
    @Test(arguments: [("fps", "0.001", "\"fps\" is 0.001; it must be within 1...1000"),
                      ("fps", "5000", "\"fps\" is 5000; it must be within 1...1000"),
                      ("scale", "100", "\"scale\" is 100; it must be within 0.25...8"),
                      ("width", "1e9", "\"width\" is 1000000000; it must be within 1...16384")])
    func headerFieldsOutOfRange(key: String, value: String, expected: String) {
        let text = header.replacingOccurrences(of: "\"\(key)\": \(key == "fps" ? "60" : key == "scale" ? "1" : "480")", with: "\"\(key)\": \(value)") + "\n"
        #expect(message { try Trace.parse(text: text, name: "t.trace") } == "t.trace:1: \(expected)")
    }

    @Test func coordinatesOutsideTheRangeAreAnErrorNamingTheLine() {
        #expect(message { try read(#"{"t": 0, "kind": "down", "x": 1, "y": 2}"#, #"{"t": 0.1, "kind": "move", "x": 1e308, "y": 2}"#) }
                == "t.trace:3: \"x\" is 1e+308 points; coordinates must be within -100000...100000")
        #expect(message { try read(#"{"t": 0, "kind": "down", "x": 1, "y": -200000}"#) }
                == "t.trace:2: \"y\" is -200000 points; coordinates must be within -100000...100000")
        #expect(message { try read(#"{"t": 1e9, "kind": "down", "x": 1, "y": 2}"#) }
                == "t.trace:2: \"t\" is 1000000000 s; event times must be within 0...86400 s")
    }

    @Test func aTextEventHasALengthLimit() {
        let long = String(repeating: "a", count: 10_001)
        #expect(message { try read(#"{"t": 0, "kind": "key", "text": "\#(long)"}"#) }
                == "t.trace:2: \"text\" has 10001 characters; one text event holds at most 10000")
    }
}

/// The reader streams: limits are checked as the file comes in, and files that are not
/// regular files are refused with their own words.
@Suite struct TraceFileTests {
    @Test func aLineOverTheLimitIsRefusedWithoutReadingOn() throws {
        let dir = try temporary("line")
        let path = dir + "/long.trace"
        try Data((header + "\n" + #"{"t": 0, "kind": "key", "text": ""# + String(repeating: "a", count: 300_000) + "\"}\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(message { try Trace.read(path: path) } == "\(path):2: line longer than 262144 bytes (the line limit; a trace line is one event)")
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeReading() throws {
        let dir = try temporary("size")
        let path = dir + "/big.trace"
        let line = #"{"t": 0, "kind": "key", "key": "tab"}"# + "\n"
        try Data((header + "\n" + String(repeating: line, count: 1000)).utf8).write(to: URL(fileURLWithPath: path))
        #expect(message { try Trace.read(path: path, limits: TraceLimits(maximumFileBytes: 10_000)) }
                == "\(path): the trace is 38086 bytes, over the limit of 10000 bytes (--max-trace-size raises it)")
        #expect(try Trace.read(path: path).trace.events.count == 1000)
    }

    @Test func aLongTraceStreamsInBlocksWithProgress() throws {
        let dir = try temporary("stream")
        let path = dir + "/many.trace"
        var text = header + "\n" + #"{"t": 0, "kind": "down", "x": 1, "y": 2}"# + "\n"
        for i in 1...60_000 { text += #"{"t": \#(Double(i) / 1000), "kind": "move", "x": \#(i % 400), "y": 2}"# + "\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var reports: [Int] = []
        let (trace, _) = try Trace.read(path: path) { done, total in
            #expect(total == text.utf8.count)
            reports.append(done)
        }
        #expect(trace.events.count == 60_001)
        #expect(reports.count >= 3 && reports.last == text.utf8.count, "one report per block of 1 MiB: \(reports)")
    }

    @Test func fifosDirectoriesLoopsAndEmptyPathsHaveTheirOwnMessages() throws {
        let dir = try temporary("kinds")
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/a", withDestinationPath: dir + "/b")
        try FileManager.default.createSymbolicLink(atPath: dir + "/b", withDestinationPath: dir + "/a")
        #expect(message { try Trace.read(path: dir + "/fifo") }
                == "\(dir)/fifo: is a FIFO or pipe; strata reads traces only from regular files (it checks the size first): save the trace to a file")
        #expect(message { try Trace.read(path: dir) } == "\(dir): is a directory, not a trace file")
        #expect(message { try Trace.read(path: dir + "/a") } == "\(dir)/a: cannot read the trace: a symlink loop (Too many levels of symbolic links)")
        #expect(message { try Trace.read(path: "") } == "'': an empty path is not a trace file")
        #expect(message { try Trace.read(path: dir + "/none") } == "\(dir)/none: cannot read the trace: No such file or directory")
        #expect(message { try Trace.read(path: "/dev/null") } == "/dev/null: is a device, not a trace file; strata reads traces only from regular files")
    }
}
