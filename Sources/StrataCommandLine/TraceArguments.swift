import Foundation
import StrataDriver
import StrataGestures
import StrataModel

/// What a command that replays one trace starts from: the trace read (bounded by
/// `--max-trace-size`), the scenes it replays in, the command line parsed with the trace's
/// scene options, and those options merged into the header (a flag wins). Said once for
/// replay, dump and track.
struct TraceArguments {
    var trace: Trace
    let scenes: SceneCatalog
    /// The trace's scene reloads, for `Replayer.sceneReload`.
    let reload: ((TraceSceneText, Scene) throws -> Scene)?
    let parsed: ParsedArguments

    init(_ path: String, _ args: [String], options: OptionGroup, command: String, context: CommandContext) throws {
        let maxSize = try ArgumentParser.prescan(CommonOptions.maxTraceSize, in: args)?.doubleValue.flatMap { Checked.int($0) }
        let (read, warnings) = try CommonOptions.readTrace(path, maxSize: maxSize, context)
        let found = try context.catalog(for: read, at: path, args: args)
        trace = found.applied(to: read)
        scenes = found.catalog
        reload = found.reload
        let d = scenes.descriptor(named: trace.header.scene)
        parsed = try ArgumentParser.parse(args, groups: [options, OptionGroup(title: "", options: d?.options ?? [])], command: command)
        if parsed.positionals.count > 1 { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        if let d { trace.header.options.merge(parsed.values(of: d.options)) { _, given in given } }
        printWarnings(warnings, context)
    }
}
