import Foundation
import StrataCompare
import StrataDriver
import StrataGestures
import StrataImage
import StrataModel
import StrataReplay

/// `strata track TRACE --key LAYER.KEYPATH ...`: how things move, not how pixels look. The
/// value of each key path (Core Animation's names, sub-paths included) at every frame of a
/// replay, after animations, as CSV and as an SVG chart of time against value. Nothing is
/// drawn: the replay is stepped through the one frame loop (`Replayer.simulate`).
struct TrackCommand: StrataSubcommand {
    let name = "track"
    let summary = "the value of layer key paths at every frame of a trace, as CSV and an SVG chart"

    static let options = OptionGroup(title: "OPTIONS", options: [
        OptionSpec("key", .text(maxLength: 1000), valueName: "LAYER.KEYPATH", repeatable: true,
                   help: "a layer by name and one of its animatable key paths, e.g. card.position.y, knob.transform.translation.x, badge.opacity (repeatable, at most 16)"),
        OptionSpec("csv", .text(maxLength: 4096), valueName: "PATH", help: "write the CSV there instead of to standard output"),
        OptionSpec("svg", .text(maxLength: 4096), valueName: "PATH", help: "also write a chart: time against value, one line per key"),
        CommonOptions.fps, CommonOptions.frameLimit, CommonOptions.maxTraceSize,
    ] + SceneFileOptions.traceGroup.options)

    static let maximumKeys = 16

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata track TRACE --key LAYER.KEYPATH... [--csv PATH] [--svg PATH] [SCENE OPTIONS]

        Replays the trace without drawing and prints, for every frame, the value of each key
        path on its layer's presentation (what the frame shows, animations applied): one CSV
        row a frame, 'frame,time,KEY...'. A key is a layer's name, a dot, and a key path of
        that layer that Core Animation animates and that holds a number (position.x, not
        position; transform.rotation.z, opacity, cornerRadius, shadowOffset.height). Values are
        in the key's own unit: points, degrees for rotations, levels for opacity and scale.

        \(HelpText.lines(TrackCommand.options))

        EXIT STATUS: 0 when the tracks are written, 2 on an error (nothing is written).
        """
    }

    typealias Key = TrackKey

    func run(_ args: [String], _ context: CommandContext) throws {
        guard let path = try ArgumentParser.leadingPositional(args, groups: [TrackCommand.options], command: name, what: "trace") else {
            throw UsageError("track needs a trace: strata track TRACE --key LAYER.KEYPATH (see 'strata help track')")
        }
        let given = try TraceArguments(path, args, options: TrackCommand.options, command: name, context: context)
        let (trace, scenes, a) = (given.trace, given.scenes, given.parsed)
        let words = a.strings("key")
        guard !words.isEmpty else { throw UsageError("track needs at least one --key LAYER.KEYPATH, e.g. --key card.position.y") }
        guard words.count <= TrackCommand.maximumKeys else { throw UsageError("--key: at most \(TrackCommand.maximumKeys) keys, got \(words.count)") }
        var plan = try context.plan(traces: [(trace, path)], args: args)
        plan.output("--csv", a.string("csv"), .file)
        plan.output("--svg", a.string("svg"), .file)
        try plan.check()

        let replayer = try Replayer(trace: trace, name: path, fps: a.number("fps"),
                                    frameLimit: a.integer("frame-limit") ?? Replayer.defaultFrameLimit, scenes: scenes,
                                    optionFlags: given.optionFlags)
        replayer.sceneReload = given.reload
        var keys: [Key] = []
        var rows: [(index: Int, time: Double, values: [Double])] = []
        try replayer.simulate { step in
            let root = step.scene.presentationLayer
            if keys.isEmpty { keys = try words.map { try TrackCommand.key($0, in: root) } }
            rows.append((step.index, step.time, try keys.map { try TrackCommand.value(of: $0, in: root) }))
        }
        let csv = TrackCommand.csv(keys: keys, rows: rows)
        if let out = a.string("csv") { try AtomicFile.write(Array(csv.utf8), to: out) } else { context.print(csv, terminator: "") }
        if let out = a.string("svg") {
            try AtomicFile.write(Array(TrackChart(keys: keys.map(\.text), rows: rows.map { ($0.time, $0.values) }).svg.utf8), to: out)
        }
        if a.string("csv") != nil || a.string("svg") != nil {
            let summary = "tracked \(plural(keys.count, "key")) over \(plural(rows.count, "frame")) of \(path)"
                + (a.string("csv").map { "; csv: \($0)" } ?? "") + (a.string("svg").map { "; svg: \($0)" } ?? "")
            // Standard output holds the CSV unless it went to a file: the summary then goes to standard error.
            if a.string("csv") != nil { context.print(summary) } else { context.printError(summary) }
        }
    }

    static func key(_ text: String, in root: Layer) throws -> Key {
        do { return try TrackKey.resolve(text, in: root) } catch let p as Diagnostic { throw p.prefixed("--key \(text): ") }
    }

    static func value(of key: Key, in root: Layer) throws -> Double {
        guard let v = key.value(in: root) else { throw UsageError("--key \(key.text): the layer \(key.layer) is gone from the tree") }
        return v
    }

    static func csv(keys: [Key], rows: [(index: Int, time: Double, values: [Double])]) -> String {
        func field(_ s: String) -> String { s.contains { ",\"\n".contains($0) } ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s }
        var out = (["frame", "time"] + keys.map { field($0.text) }).joined(separator: ",") + "\n"
        for r in rows { out += ([String(r.index), TrackChart.number(r.time)] + r.values.map(TrackChart.number)).joined(separator: ",") + "\n" }
        return out
    }
}
