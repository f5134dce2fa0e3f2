import Foundation
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

/// `strata render SCENE`: one frame of a scene to a PNG. The frame is a replay of a
/// trace made in memory (the scene, its options, and the events its render script
/// stands for), so it is byte for byte the frame `strata replay` gives at that time.
struct RenderCommand: StrataSubcommand {
    let name = "render"
    let summary = "render one frame of a scene to PNG"

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata render SCENE [SCENE OPTIONS] [SCRIPT OPTIONS] [OUTPUT OPTIONS]

        Renders one frame of a scene offscreen to a PNG: the scene is made with its options,
        its render script (taps, typing) is played from time 0 as a trace would be, and the
        frame at --time is drawn. 'strata help SCENE' lists a scene's options and script.

        SCENES:
        \(context.sceneList)

        \(HelpText.lines(CommonOptions.output(for: nil)))

        \(HelpText.lines(SceneFileOptions.group))

        EXIT STATUS: 0 when the frame is written, 2 on an error (nothing is written).
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let output = CommonOptions.output(for: nil)
        guard let sceneName = try ArgumentParser.leadingPositional(args, groups: [output], command: name, what: "scene") else {
            throw UsageError("render needs a scene: strata render SCENE (scenes: \(context.scenes.names.joined(separator: ", ")); see 'strata help render')")
        }
        let resolved = try context.resolve(sceneName, args: args)
        let d = resolved.descriptor
        let a = try ArgumentParser.parse(args, groups: [OptionGroup(title: "", options: d.options),
                                                        OptionGroup(title: "", options: d.scriptOptions),
                                                        CommonOptions.output(for: d), SceneFileOptions.group], command: name)
        if a.positionals.count > 1 { throw UsageError("unexpected argument '\(a.positionals[1])'") }
        let view = try a.size("size") ?? d.defaultViewSize
        let scale = a.number("scale") ?? d.defaultScale
        let time = a.number("time") ?? d.defaultTime
        let (pixelWidth, pixelHeight) = try CommonOptions.pixels(view, scale: scale)
        let out = a.string("out") ?? "\(d.name).png"
        var plan = resolved.plan
        // Folders that do not exist yet are made, as replay makes its --out.
        let made = [("--out", out), ("--save-trace", a.string("save-trace"))].compactMap { flag, path in
            path.map { (flag, FilePath.parent($0)) }
        }.filter { !$0.1.isEmpty && !FileManager.default.fileExists(atPath: $0.1) }
        for (flag, folder) in made { plan.output(flag, folder, .directory) }
        let folders = Set(made.map(\.1))
        plan.output("--out", out, .file)
        plan.output("--save-trace", a.string("save-trace"), .file)
        try plan.check()

        let options = try d.sceneOptions(a.values(of: d.options))
        let scene = try d.makeScene(options: options.given, viewSize: view, scale: scale)
        let events = try d.scriptEvents(a.values(of: d.scriptOptions), for: scene)
        let traceDirectory = FilePath.parent((a.string("save-trace") ?? ""))
        let header = TraceHeader(scene: d.name, width: view.width, height: view.height, scale: scale, fps: 60,
                                 options: options.resolved, generator: StrataVersion.generator,
                                 note: "made by strata render \(sceneName), to be replayed",
                                 otherKeys: resolved.file?.headerKeys(relativeTo: traceDirectory.isEmpty ? "." : traceDirectory) ?? [:])
        let trace = Trace(header: header, events: events)
        let replayer = try Replayer(trace: trace, name: "render \(d.name)", scenes: resolved.catalog)
        let renderer = try CommonOptions.offscreenRenderer(a, context)
        let frame = try replayer.frame(at: time, renderer: renderer)
        let png = PNG.Options.level(a.integer("png-level") ?? PNG.Options.fast.compressionLevel)
        for folder in folders {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw RenderError.io("\(folder): cannot create the directory: \(SystemError.reason(of: error))")
            }
        }
        if let path = a.string("save-trace") {
            // Saved with its file options relative to the trace, where a replay reads them.
            var saved = trace
            saved.header.options = SavedTrace.fileOptions(trace.header.options, of: d, relativeTo: FilePath.parent(path))
            try AtomicFile.write(Array(try saved.encoded(name: path).utf8), to: path)
            SavedTrace.noteOutside(path, context, named: [resolved.file?.path].compactMap { $0 } + SavedTrace.files(options: a.values(of: d.options), of: d))
        }
        try PNG.write(frame.image, to: out, options: png)
        context.print("wrote \(out) (\(pixelWidth)x\(pixelHeight) px, \(d.name) at \(time.clean) s after \(plural(frame.deliveredEventCount, "event")): \(replayer.scene.statusDescription))")
    }
}
