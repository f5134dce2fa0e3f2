import Foundation
import StrataDriver
import StrataGestures
import StrataModel
import StrataReplay

/// `strata dump SCENE|TRACE`: the presentation tree at one time or frame as indented text
/// (or `--json`), the state a frame is drawn from, readable in a pull request's diff.
/// Nothing is drawn: a trace is stepped through the one frame loop (`Replayer.simulate`)
/// up to the frame, a scene is made with its options and advanced to the time.
struct DumpCommand: StrataSubcommand {
    let name = "dump"
    let summary = "print the layer tree (after animations) of a scene or trace at a time or frame"

    static let options = OptionGroup(title: "OPTIONS", options: [
        OptionSpec("time", .number(0...86_400), valueName: "SECONDS",
                   help: "scene time; for a trace, the frame showing it (index = time x fps, rounded down). Default: the scene's own time, or the trace's frame 0"),
        OptionSpec("frame", .integer(0...Replayer.frameCountLimit), valueName: "N", help: "a trace's frame N (not with --time)"),
        OptionSpec("json", .boolean, help: "the tree as JSON: {\"id\", \"class\", \"properties\", \"sublayers\"}"),
        CommonOptions.fps, CommonOptions.maxTraceSize,
    ] + SceneFileOptions.traceGroup.options)

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata dump SCENE|TRACE [--time T | --frame N] [--json] [SCENE OPTIONS]

        Prints the presentation tree that a frame is drawn from: each layer by its name (or
        its path in the tree, root.sublayers[2]), its Core Animation class, and the properties
        that differ from that class's defaults, after animations, under CA's key names. For a
        trace, its events up to the frame are delivered as a replay delivers them. Nothing is
        rendered, so no GL is needed.

        \(HelpText.lines(DumpCommand.options))

        EXIT STATUS: 0 when the tree is printed, 2 on an error.
        """
    }

    private struct Reached: Error { let tree: LayerTreeSnapshot }

    func run(_ args: [String], _ context: CommandContext) throws {
        guard let word = try ArgumentParser.leadingPositional(args, groups: [DumpCommand.options], command: name, what: "scene or trace") else {
            throw UsageError("dump needs a scene or a trace: strata dump SCENE|TRACE (see 'strata help dump')")
        }
        let (tree, json) = word.hasSuffix(".trace") ? try dumpTrace(word, args, context) : try dumpScene(word, args, context)
        if json {
            context.print(try JSONWriter.encode(tree, format: .init(.indented, keys: .sorted)))
        } else {
            context.print(tree.text, terminator: "")
        }
    }

    private func dumpTrace(_ path: String, _ args: [String], _ context: CommandContext) throws -> (LayerTreeSnapshot, json: Bool) {
        let given = try TraceArguments(path, args, options: DumpCommand.options, command: name, context: context)
        let a = given.parsed
        if a.isGiven("time") && a.isGiven("frame") { throw UsageError("give --time or --frame, not both") }
        let replayer = try Replayer(trace: given.trace, name: path, fps: a.number("fps"), scenes: given.scenes,
                                    optionFlags: given.optionFlags)
        replayer.sceneReload = given.reload
        let frame = a.integer("frame") ?? a.number("time").map { Int(($0 * replayer.fps).rounded(.down)) } ?? 0
        do {
            let result = try replayer.simulate { step in
                if step.index == frame { throw Reached(tree: LayerTreeSnapshot(step.scene.presentationLayer)) }
            }
            throw UsageError("\(path): the replay has \(plural(result.frameCount, "frame")) (0...\(result.frameCount - 1)); there is no frame \(frame)")
        } catch let reached as Reached {
            return (reached.tree, a.flag("json"))
        }
    }

    private func dumpScene(_ word: String, _ args: [String], _ context: CommandContext) throws -> (LayerTreeSnapshot, json: Bool) {
        let resolved = try context.resolve(word, args: args)
        let d = resolved.descriptor
        let a = try ArgumentParser.parse(args, groups: [DumpCommand.options, OptionGroup(title: "", options: d.options)], command: name)
        if a.positionals.count > 1 { throw UsageError("unexpected argument '\(a.positionals[1])'") }
        if a.isGiven("frame") { throw UsageError("--frame is a trace's; a scene takes --time") }
        let scene = try d.makeScene(options: try d.sceneOptions(a.values(of: d.options)).given, viewSize: d.defaultViewSize, scale: d.defaultScale)
        SceneDriver(scene: scene).step(to: a.number("time") ?? d.defaultTime)
        return (LayerTreeSnapshot(scene.presentationLayer), a.flag("json"))
    }
}
