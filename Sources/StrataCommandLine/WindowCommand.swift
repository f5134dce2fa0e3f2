import Foundation
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay
import StrataSceneFile
import StrataWindow

/// `strata window SCENE`: the scene live in a window, optionally recording a trace.
struct WindowCommand: StrataSubcommand {
    let name = "window"
    let summary = "open a scene in a window; drag it, record a trace"

    static let options = OptionGroup(title: "OPTIONS", options: [
        CommonOptions.size,
        OptionSpec("record", .text(maxLength: 4096), valueName: "TRACE",
                   help: "write a trace as events happen: the header (the scene, its options, the scale and frame rate the window draws at) first, then each event appended and flushed, so the file is valid however the window ends (closed, Ctrl-C, SIGTERM). Replay it with 'strata replay TRACE'."),
        CommonOptions.shaders,
        CommonOptions.with(CommonOptions.backend, help: "how the window's GL context is made: auto (the platform's own: GLX on X11, EGL on Wayland) or egl; osmesa draws offscreen only, never in a window (STRATA_GL is not read: it picks the offscreen platform)"),
        CommonOptions.with(CommonOptions.verbose, help: "say on standard error how the window draws: GLX or EGL, and the GL renderer"),
    ])
    static let scripting = OptionGroup(title: "FOR SCRIPTS AND TESTS", options: [
        OptionSpec("screenshot", .text(maxLength: 4096), valueName: "PATH",
                   help: "on close, write the final frame (read back from the framebuffer) as PNG"),
        OptionSpec("exit-after-idle", .number(0...86400), valueName: "S", help: "close once no input has arrived for S seconds"),
    ])

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata window SCENE [SCENE OPTIONS] [OPTIONS]

        Opens the scene in a window (GLFW, GL 3.3 core) drawn by the same compositor and
        shaders as offscreen rendering, redrawn at the display's rate. Drag with the mouse
        (turn the carousel; the title shows the angle). Ctrl-Q or Ctrl-W closes the window.
        The view size defaults to the scene's; the window is scaled by the display's
        content scale (HiDPI), and the scene is laid out at that scale.

        SCENES:
        \(context.sceneList)

        \(HelpText.lines(WindowCommand.options))

        \(HelpText.lines(WindowCommand.scripting))

        SCENE OPTIONS: see 'strata help SCENE'; they are recorded in the trace header so a
        replay makes the same scene.

        A scene file (FILE.scene.json) is reloaded when it changes on disk: the window keeps
        its time and the values the pan drives; a file that does not parse keeps the last good
        scene and its error is printed. A recording keeps the file's path and SHA-256, and its
        text at the start and at each reload: a replay draws what the window drew.

        \(HelpText.lines(SceneFileOptions.group))

        On exit the final state is printed on standard output, e.g. 'angle: 47.5'. Without a
        display (DISPLAY and WAYLAND_DISPLAY unset, or no window can be opened) the exit
        status is 2; 'strata replay' renders a trace without one.
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let groups = [WindowCommand.options, WindowCommand.scripting]
        guard let sceneName = try ArgumentParser.leadingPositional(args, groups: groups, command: name, what: "scene") else {
            throw UsageError("window needs a scene: strata window SCENE (scenes: \(context.scenes.names.joined(separator: ", ")); see 'strata help window')")
        }
        let resolved = try context.resolve(sceneName, args: args)
        let d = resolved.descriptor
        let a = try ArgumentParser.parse(args, groups: groups + [OptionGroup(title: "", options: d.options), SceneFileOptions.group],
                                         command: name)
        if a.positionals.count > 1 { throw UsageError("unexpected argument '\(a.positionals[1])'") }
        let size = try a.size("size") ?? d.defaultViewSize
        guard size.width <= 4096, size.height <= 4096 else {
            throw UsageError("--size \(size.width.clean)x\(size.height.clean) is too large for a window (at most 4096x4096 points)")
        }
        var plan = resolved.plan
        plan.output("--record", a.string("record"), .file)
        plan.output("--screenshot", a.string("screenshot"), .file)
        try plan.check()
        let sceneOptions = a.values(of: d.options)
        // Checked now, with the scene's own words, rather than when the window opens.
        let checkedOptions = try d.sceneOptions(sceneOptions)
        // The flag only: STRATA_GL chooses the offscreen platform, which a window does not use.
        let backend = a.string("backend") ?? "auto"
        if backend == "osmesa" {
            throw UsageError("--backend osmesa: OSMesa draws offscreen only, it cannot show a window; give --backend auto or egl (replay and render draw through OSMesa)")
        }
        var options = LiveWindow.Options(
            sceneName: d.name, sceneOptions: sceneOptions, viewSize: size,
            recordPath: a.string("record"), screenshotPath: a.string("screenshot"),
            exitAfterIdle: a.number("exit-after-idle"), shaders: CommonOptions.shaderSource(a), scenes: resolved.catalog)
        let recordDirectory = FilePath.parent((a.string("record") ?? ""))
        if let record = a.string("record") {
            options.recordedOptions = SavedTrace.fileOptions(checkedOptions.resolved, of: d, relativeTo: recordDirectory)
            SavedTrace.noteOutside(record, context, named: [resolved.file?.path].compactMap { $0 } + SavedTrace.files(options: sceneOptions, of: d))
        }
        options.contextAPI = backend == "egl" ? .egl : .native
        options.verbose = a.flag("verbose")
        options.environment = context.console.environment
        if let file = resolved.file {
            options.headerKeys = file.headerKeys(relativeTo: recordDirectory.isEmpty ? "." : recordDirectory)
            options.sceneText = SceneFileReloader.text(of: file)
            options.reload = WindowCommand.reloader(for: file, options: sceneOptions, viewSize: size, containment: SceneFileOptions.containment(args), context)
        }

        let result = try LiveWindow(options: options).run()
        if let path = options.recordPath {
            context.printError("strata: recorded \(plural(result.eventCount, "event")) in \(format(result.duration, 2)) s to \(path)")
        }
        context.print(result.finalStatus)
    }

    /// Polls the file; a good edit becomes a new scene (said on standard error), a bad one
    /// its error, printed once.
    static func reloader(for file: SceneFile, options: [String: TraceValue], viewSize: Size,
                         containment: FileContainment, _ context: CommandContext) -> (Scene) -> (scene: Scene, text: String?)? {
        let watcher = SceneFileReloader(file: file, allowOutsidePaths: containment.anywhere, root: containment.root, limits: file.limits)
        return { current in
            switch watcher.poll() {
            case .unchanged: return nil
            case .failed(var d):
                d.message += " (keeping the last good scene)"
                context.report(d)
                return nil
            case .reloaded(let new):
                switch SceneFileReloader.scene(from: new, replacing: current, options: options, viewSize: viewSize) {
                case .success(let scene):
                    context.printError("strata: reloaded \(file.path)")
                    return (scene, watcher.lastText)
                case .failure(var d):
                    d.message += " (keeping the last good scene)"
                    context.report(d)
                    return nil
                }
            }
        }
    }
}
