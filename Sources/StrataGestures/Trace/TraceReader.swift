import Foundation
import StrataModel

/// Reads trace format version 1: JSON Lines, a header then one event per line, blank
/// lines allowed. Strict (every problem is an error naming FILE:LINE and what was
/// expected) except for one case: a last line with no newline that does not parse is
/// what a crash mid-write leaves, so it is dropped with a warning and the rest replays.
struct TraceReader {
    let name: String
    let limits: TraceLimits

    private var header: TraceHeader?
    private var headerLine = 0
    private var events: [InputEvent] = []
    private var sceneTexts: [TraceSceneText] = []
    private var warnings: [String] = []
    private var rules = TraceEventRules()
    private var lineNumber = 0
    /// The part of a line not yet ended by a newline, across reads.
    private var pending: [UInt8] = []
    private var stopped = false

    /// Arrays and objects nested deeper than this are refused: a trace needs two levels.
    static let maximumDepth = 16

    init(name: String, limits: TraceLimits = TraceLimits()) {
        self.name = name; self.limits = limits
    }

    /// Reads a whole trace held in memory.
    mutating func read(_ data: Data) throws -> (trace: Trace, warnings: [String]) {
        try feed([UInt8](data))
        return try finish()
    }

    /// Takes the next bytes of the file: every line they complete is read now, so only
    /// one line is held at a time, however long the trace.
    mutating func feed(_ bytes: [UInt8]) throws {
        guard !stopped else { return }
        var start = 0
        while start < bytes.count, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if pending.isEmpty {
                try checkLength(newline - start)
                try line(bytes[start..<newline], last: false)
            } else {
                try checkLength(pending.count + newline - start)
                pending.append(contentsOf: bytes[start..<newline])
                let whole = pending
                pending.removeAll(keepingCapacity: true)
                try line(whole[...], last: false)
            }
            start = newline + 1
        }
        if start < bytes.count {
            try checkLength(pending.count + bytes.count - start)
            pending.append(contentsOf: bytes[start...])
        }
    }

    /// After the last bytes: the piece after the final newline, if any, is the last line.
    mutating func finish() throws -> (trace: Trace, warnings: [String]) {
        if !stopped && !pending.isEmpty {
            let whole = pending
            pending = []
            try line(whole[...], last: true)
        }
        guard let header else {
            throw error(1, "empty trace; expected a header line like \(TraceJSON.headerExample)")
        }
        return (Trace(header: header, events: events, sceneTexts: sceneTexts), warnings)
    }

    private func checkLength(_ count: Int) throws {
        if count > limits.maximumLineBytes {
            throw error(lineNumber + 1, "line longer than \(limits.maximumLineBytes) bytes (the line limit; a trace line is one event)")
        }
    }

    private mutating func line(_ raw: ArraySlice<UInt8>, last: Bool) throws {
        lineNumber += 1
        let number = lineNumber
        var line = raw
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if number == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        let isCutOff = last && header != nil

        guard let text = String(validating: line, as: UTF8.self) else {
            if isCutOff { warnings.append(cutOffWarning(number)); stopped = true; return }
            throw error(number, "not UTF-8 text; a trace is UTF-8 JSON Lines")
        }
        if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        let json: JSONNode
        do {
            json = try JSONReader.read(line, options: JSONReader.Options(maximumDepth: TraceReader.maximumDepth,
                                                                         maximumBytes: limits.maximumLineBytes,
                                                                         unit: .line, firstLine: number))
        } catch {
            if isCutOff { warnings.append(cutOffWarning(number)); stopped = true; return }
            let expected = header == nil ? "expected a header line like \(TraceJSON.headerExample)"
                                         : "expected an event like \(TraceJSON.eventExample)"
            throw TraceError(file: name, line: number, column: error.column, message: "invalid JSON: \(error.message); \(expected)")
        }

        if header == nil {
            header = try readHeader(json, line: number)
            headerLine = number
            return
        }
        if json["kind"]?.stringValue == TraceSceneText.kind {
            let scene = try readSceneText(json, line: number)
            if let message = rules.accept(scene, line: number) { throw error(number, message) }
            sceneTexts.append(scene)
            return
        }
        let event = try readEvent(json, line: number, headerLine: headerLine)
        if let message = rules.accept(event, line: number) { throw error(number, message) }
        if events.count >= limits.maximumEvents {
            throw error(number, "more than \(limits.maximumEvents) events (the event limit)")
        }
        events.append(event)
    }

    private func cutOffWarning(_ line: Int) -> String {
        "\(name):\(line): warning: ignored the last line: it has no newline and does not parse, as when a recording stops mid-write"
    }

    private func error(_ line: Int, _ message: String) -> TraceError {
        TraceError(file: name, line: line, message: message)
    }

    // MARK: Header

    private func readHeader(_ object: JSONNode, line: Int) throws -> TraceHeader {
        guard case .object(let members) = object.value else {
            throw error(line, "expected a header object like \(TraceJSON.headerExample), found \(object.described)")
        }
        guard let version = object["trace"] else {
            if object["kind"] != nil {
                throw error(line, "expected a header line like \(TraceJSON.headerExample) before the first event")
            }
            throw error(line, "missing \"trace\" (the format version, 1); expected a header line like \(TraceJSON.headerExample)")
        }
        if let v = version.doubleValue, v == v.rounded(), v > Double(TraceHeader.version) {
            throw error(line, "trace version \(TraceJSON.describe(v)) is newer than this strata understands (\(TraceHeader.version))")
        }
        guard version.doubleValue == Double(TraceHeader.version) else {
            throw error(line, "\"trace\" must be the format version \(TraceHeader.version), found \(version.described)")
        }

        guard let sceneValue = object["scene"] else {
            throw error(line, "missing \"scene\" in the header (a non-empty string, e.g. \"carousel\")")
        }
        guard let scene = sceneValue.stringValue else {
            throw error(line, "\"scene\" must be a non-empty string, found \(sceneValue.described)")
        }

        let purposes = ["width": "view width in points", "height": "view height in points",
                        "scale": "pixels per point", "fps": "frames per second"]
        var sizes: [String: Double] = [:]
        for key in ["width", "height", "scale", "fps"] {
            guard let value = object[key] else {
                throw error(line, "missing \"\(key)\" in the header (a positive number, \(purposes[key]!))")
            }
            guard let n = value.doubleValue else {
                throw error(line, "\"\(key)\" must be a positive number, found \(value.described)")
            }
            sizes[key] = n
        }

        var options: [String: TraceValue] = [:]
        if let value = object["options"] {
            guard case .object(let dictionary) = TraceValue(value) else {
                throw error(line, "\"options\" must be an object of string, number or boolean values, found \(value.described)")
            }
            options = dictionary
        }

        var texts: [String: String] = [:]
        for key in ["recorded", "generator", "note"] {
            guard let value = object[key] else { continue }
            guard let s = value.stringValue else {
                throw error(line, "\"\(key)\" must be a string, found \(value.described)")
            }
            texts[key] = s
        }

        var masks: [Rect] = []
        if let value = object["masks"] {
            let shape = "\"masks\" must be a list of [x, y, width, height] in view points, e.g. [[0, 0, 80, 20]]"
            guard case .array(let list) = value.value else { throw error(line, "\(shape), found \(value.described)") }
            for item in list {
                guard case .array(let box) = item.value, box.count == 4 else { throw error(line, "\(shape), found \(item.described)") }
                let n = box.compactMap(\.doubleValue)
                guard n.count == 4 else { throw error(line, "\(shape); found a value that is not a number") }
                masks.append(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
            }
        }

        let others = Dictionary(members.filter { !TraceHeader.knownKeys.contains($0.key) }.map { ($0.key, TraceValue($0.value)) },
                                uniquingKeysWith: { a, _ in a })
        let header = TraceHeader(scene: scene, width: sizes["width"]!, height: sizes["height"]!,
                                 scale: sizes["scale"]!, fps: sizes["fps"]!, options: options,
                                 recorded: texts["recorded"], generator: texts["generator"], note: texts["note"],
                                 masks: masks, otherKeys: others)
        if let message = header.problem() { throw error(line, message) }
        return header
    }

    // MARK: Events

    private static let kinds = "down, move, up, cancel, key or scene"
    private static let keys = KeyEvent.Key.allCases.map(\.rawValue).joinedAsList()

    private func readEvent(_ object: JSONNode, line: Int, headerLine: Int) throws -> InputEvent {
        guard case .object = object.value else {
            throw error(line, "expected an event object like \(TraceJSON.eventExample), found \(object.described)")
        }
        guard let tValue = object["t"] else {
            if object["trace"] != nil && object["kind"] == nil {
                throw error(line, "a second header (the header is line \(headerLine)); expected an event like \(TraceJSON.eventExample)")
            }
            throw error(line, "missing \"t\" (seconds from the start of the trace, a number >= 0)")
        }
        guard let t = tValue.doubleValue else {
            throw error(line, "\"t\" must be a number of seconds, found \(tValue.described)")
        }
        guard let kindValue = object["kind"] else {
            throw error(line, "missing \"kind\" (\(TraceReader.kinds))")
        }
        guard let kind = kindValue.stringValue else {
            throw error(line, "\"kind\" must be a string (\(TraceReader.kinds)), found \(kindValue.described)")
        }

        if let pointerKind = PointerEvent.Kind(rawValue: kind) {
            let x = try coordinate("x", in: object, kind: kind, edge: "left", line: line)
            let y = try coordinate("y", in: object, kind: kind, edge: "top", line: line)
            return .pointer(PointerEvent(pointerKind, x: x, y: y, t: t))
        }
        guard kind == "key" else {
            throw error(line, "unknown kind \(kindValue.described); expected \(TraceReader.kinds)")
        }

        switch (object["text"], object["key"]) {
        case (nil, nil):
            throw error(line, "a key event needs \"text\" (a string) or \"key\" (\(TraceReader.keys))")
        case (.some, .some):
            throw error(line, "a key event has \"text\" or \"key\", not both")
        case (let textValue?, nil):
            guard let text = textValue.stringValue else {
                throw error(line, "\"text\" must be a string, found \(textValue.described)")
            }
            return .text(text, t: t)
        case (nil, let keyValue?):
            guard let name = keyValue.stringValue else {
                throw error(line, "\"key\" must be a string (\(TraceReader.keys)), found \(keyValue.described)")
            }
            guard let key = KeyEvent.Key(rawValue: name) else {
                throw error(line, "unknown key \(keyValue.described); expected \(TraceReader.keys)")
            }
            return .key(key, t: t)
        }
    }

    private func readSceneText(_ object: JSONNode, line: Int) throws -> TraceSceneText {
        guard let tValue = object["t"], let t = tValue.doubleValue else {
            throw error(line, "a scene line needs \"t\" (seconds from the start, a number >= 0)")
        }
        guard let textValue = object["text"], let text = textValue.stringValue else {
            throw error(line, "a scene line needs \"text\": the scene file's text, a string")
        }
        return TraceSceneText(t: t, text: text, afterEvents: events.count)
    }

    private func coordinate(_ name: String, in object: JSONNode, kind: String, edge: String, line: Int) throws -> Double {
        guard let value = object[name] else {
            throw error(line, "missing \"\(name)\" in a \(kind) event (points from the \(edge) edge)")
        }
        guard let n = value.doubleValue else {
            throw error(line, "\"\(name)\" must be a number of points, found \(value.described)")
        }
        return n
    }
}

extension Array where Element == String {
    /// "a, b, c or d"
    func joinedAsList() -> String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " or " + last!
    }
}
