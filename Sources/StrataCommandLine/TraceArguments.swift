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
    /// The scene options the command line gave over the header's, for `Replayer`'s
    /// `optionFlags`: a scene they make impossible is theirs, not the trace's line 1.
    let optionFlags: Set<String>

    init(_ path: String, _ args: [String], options: OptionGroup, command: String, context: CommandContext) throws {
        let maxSize = try ArgumentParser.prescan(CommonOptions.maxTraceSize, in: args)?.doubleValue.flatMap { Checked.int($0) }
        let (read, warnings) = try CommonOptions.readTrace(path, maxSize: maxSize, context)
        let found = try context.catalog(for: read, at: path, args: args)
        trace = found.applied(to: read)
        scenes = found.catalog
        reload = found.reload
        let d = scenes.descriptor(named: trace.header.scene)
        let parsed = try ArgumentParser.parse(args, groups: [options, OptionGroup(title: "", options: d?.options ?? [])], command: command)
        if parsed.positionals.count > 1 { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        self.parsed = parsed
        let flags = d.map { parsed.values(of: $0.options) } ?? [:]
        trace.header.options.merge(flags) { _, given in given }
        optionFlags = Set(flags.keys)
        printWarnings(warnings, context)
    }
}
