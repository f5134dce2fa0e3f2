import Foundation
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay
import StrataScenes

/// `strata window SCENE`: the scene live in a window, optionally recording a trace.
enum WindowCommand {
    static let help = """
    USAGE: strata window carousel [--size WxH] [--planes N] [--angle DEG] [--momentum [--snap]] [--record TRACE]
           strata window shake [--size WxH] [--record TRACE]
           strata window alert [--example NAME] [--appearance light|dark] [--record TRACE]
           strata window SCENE [--OPTION VALUE]... [--record TRACE]

    Opens the scene in a window (GLFW, GL 3.3 core) drawn by the same compositor and
    shaders as offscreen rendering, redrawn at the display's rate. Drag with the mouse to
    turn the carousel; the title shows the angle. Ctrl-Q or Ctrl-W closes the window.

    OPTIONS:
      --size WxH       view size in points (default 480x320); the window is scaled by
                       the display's content scale (HiDPI)
      --planes N       number of planes, 1...1000 (default 5)
      --angle DEG      starting angle in degrees (default 0)
      --momentum       beyond the seed: after a release the carousel glides on at the
                       release velocity, slowing as a scroll view does (0.998 per ms)
      --snap           beyond the seed: come to rest with a plane facing front
                       (momentum and snap are recorded in the trace, so a replay glides too)
      --record TRACE   write a trace as events happen: the header first, then each event
                       appended and flushed, so the file is valid however the window ends
                       (closed, Ctrl-C, SIGTERM). Replay it with 'strata replay TRACE'.
      --shaders DIR    read shaders from DIR instead of the embedded copies
      --OPTION VALUE   any option the scene declares (see 'strata help replay' for the
                       scenes and their options), e.g. --example login for alert; it is
                       recorded in the trace header so a replay makes the same scene

    FOR SCRIPTS AND TESTS:
      --screenshot PATH      on close, write the final frame (read back from the
                             framebuffer) as PNG
      --exit-after-idle S    close once no input has arrived for S seconds

    On exit the final state is printed on standard output, e.g. 'angle: 47.5'. Without a
    display (DISPLAY and WAYLAND_DISPLAY unset, or no window can be opened) the exit
    status is 2; 'strata replay' renders a trace without one.
    """

    static func run(_ args: [String]) throws {
        // The scene's own options become command-line options: find the scene first.
        let declared = args.first { !$0.hasPrefix("--") }.flatMap { SceneRegistry.descriptor(named: $0) }?.options ?? []
        var sceneValueOptions = Set<String>(), sceneFlags = Set<String>()
        for option in declared {
            if case .boolean = option.kind { sceneFlags.insert(option.name) } else { sceneValueOptions.insert(option.name) }
        }
        let a = try Arguments(args, valueOptions: Set(["size", "planes", "angle", "record", "screenshot", "exit-after-idle", "shaders"]).union(sceneValueOptions),
                              flagOptions: Set(["momentum", "snap"]).union(sceneFlags), command: "window")
        guard let sceneName = a.positional.first else {
            throw UsageError("window needs a scene name: strata window carousel (see 'strata help window')")
        }
        if a.positional.count > 1 { throw UsageError("unexpected argument '\(a.positional[1])'") }
        guard SceneRegistry.descriptor(named: sceneName) != nil else {
            throw UsageError("unknown scene '\(sceneName)'; scenes: \(SceneRegistry.names.joined(separator: ", "))")
        }
        let designed = SceneRegistry.descriptor(named: sceneName)?.defaultViewSize ?? Size(width: 480, height: 320)
        let size = try a.size("size") ?? (designed.width, designed.height)
        guard size.width <= 4096, size.height <= 4096 else {
            throw UsageError("--size \(size.width.clean)x\(size.height.clean) is too large for a window (at most 4096x4096 points)")
        }
        var sceneOptions: [String: TraceValue] = [:]
        if sceneName == "carousel" {
            // Recorded in full, so a replay does not depend on today's defaults.
            sceneOptions["planes"] = .number(Double(try a.int("planes", range: 1...1000) ?? 5))
            sceneOptions["angle"] = .number(try a.double("angle", range: -1e6...1e6) ?? 0)
            sceneOptions["momentum"] = .bool(a.flag("momentum"))
            sceneOptions["snap"] = .bool(a.flag("snap"))
        } else if a.string("planes") != nil || a.string("angle") != nil || a.flag("momentum") || a.flag("snap") {
            throw UsageError("--planes, --angle, --momentum and --snap are options of the carousel")
        } else {
            for option in declared {
                switch option.kind {
                case .boolean: if a.flag(option.name) { sceneOptions[option.name] = .bool(true) }
                case .choice: if let v = a.string(option.name) { sceneOptions[option.name] = .string(v) }
                case .integer, .number: if let v = try a.double(option.name) { sceneOptions[option.name] = .number(v) }
                }
            }
            // Checked now, with the registry's own words, rather than when the window opens.
            do { _ = try SceneRegistry.makeScene(named: sceneName, options: sceneOptions, viewSize: Size(width: 100, height: 100)) }
            catch let e as SceneError { throw UsageError(e.message) }
        }
        let options = LiveWindow.Options(
            sceneName: sceneName, sceneOptions: sceneOptions, viewSize: Size(width: size.width, height: size.height),
            recordPath: a.string("record"), screenshotPath: a.string("screenshot"),
            exitAfterIdle: try a.double("exit-after-idle", range: 0...86400), shaders: shaderSource(a))

        let result = try LiveWindow(options: options).run()
        if let path = options.recordPath {
            FileHandle.standardError.write(Data("strata: recorded \(result.eventCount) events in \(ReplayCommand.format(result.duration, 2)) s to \(path)\n".utf8))
        }
        print(result.finalStatus)
    }
}
