import Foundation
import StrataDriver
import StrataModel
import StrataRender
import StrataReplay
import StrataSceneFile

/// One `strata` command: its help is generated from its declared options.
protocol StrataSubcommand {
    var name: String { get }
    var summary: String { get }
    func help(_ context: CommandContext) -> String
    func run(_ args: [String], _ context: CommandContext) throws
}

/// What every command runs with: the scenes it knows, and the console it reads its
/// environment from and writes to.
struct CommandContext {
    let scenes: SceneCatalog
    let console: Console

    /// `print` to the command's standard output.
    func print(_ text: String, terminator: String = "\n") { console.print(text, terminator: terminator) }

    /// A line to the command's standard error.
    func printError(_ line: String) { console.printError(line) }

    /// Any error as the command tells it: one `Diagnostic`, with the hint an unknown scene gets.
    func diagnostic(_ error: Error) -> Diagnostic { StrataCommand.diagnostic(error, programName: console.programName) }

    /// An error as one line (`FILE:LINE: message; hint`), for a line of a summary.
    func message(_ error: Error) -> String {
        let d = diagnostic(error)
        return d.description + (d.hint.map { "; \($0)" } ?? "")
    }

    /// The one place an error reaches the user: `strata: error: FILE:LINE: message` (or
    /// `strata: interrupted ...`) and its hint, `strata: hint: ...`, on standard error,
    /// made safe for a terminal; returns the exit status it calls for.
    @discardableResult
    func report(_ error: Error) -> Int32 {
        let d = diagnostic(error)
        switch d.status {
        case .error: printError("strata: error: \(StrataCommand.terminalSafe(d.description))")
        case .interrupted: printError("strata: \(StrataCommand.terminalSafe(d.description))")
        }
        if let hint = d.hint { printError("strata: hint: \(StrataCommand.terminalSafe(hint))") }
        return d.status.code
    }

    func descriptor(_ name: String) throws -> SceneDescriptor {
        guard let d = scenes.descriptor(named: name) else {
            throw UsageError("unknown scene '\(name)'; scenes: \(scenes.names.joined(separator: ", "))")
        }
        return d
    }

    /// `  carousel    seed 000: ...`, one line a scene, for help.
    var sceneList: String {
        scenes.descriptors.map { HelpText.entry($0.name, $0.summary) }.joined(separator: "\n")
    }
}

/// The whole `strata` command, for a package that brings its own scenes:
///
///     import StrataCommandLine
///     @main struct MyTool { static func main() { StrataCommand.main(scenes: [MyScene.descriptor]) } }
///
/// gives `render`, `window`, `replay`, `check` and `compare` for those scenes, with help
/// generated from their declared options. The seeds' scenes are not among them: the
/// `strata` executable passes `SceneRegistry.scenes` (StrataScenes) like any package.
public enum StrataCommand {
    static let subcommands: [StrataSubcommand] = [RenderCommand(), ReplayCommand(), WindowCommand(), CompareCommand(), CheckCommand(),
                                                  MergeReportsCommand(), LintCommand(), DumpCommand(), TrackCommand(), GPUCommand()]

    /// True in the executable `main` runs: it can start itself again (`check --jobs`'s
    /// worker processes), with the same scenes.
    nonisolated(unsafe) static var runsAsMain = false

    /// Runs the command line of this process and exits: 0 on success, 1 when frames
    /// differ (compare, check), 2 on an error.
    public static func main(scenes: [SceneDescriptor] = []) -> Never {
        FrameMemory.reuseFreedFrames()
        runsAsMain = true
        var console = Console.process
        // A check worker words its lines with the name its parent runs by.
        if let name = console.environment[CheckCommand.workerProgramVariable] { console.programName = name }
        let status = run(Array(CommandLine.arguments.dropFirst()), scenes: scenes, console: console)
        fflush(stdout)
        exit(status)
    }

    /// Runs one command line (without the program name) and returns its exit status.
    /// `scenes` are every scene the command knows (the first of a name wins). `console`
    /// is what it writes to and the environment it reads (default: this process's); runs
    /// on different consoles may go at once (relative paths are the process's working
    /// directory's, see `Console`).
    public static func run(_ arguments: [String], scenes: [SceneDescriptor] = [], console: Console = .process) -> Int32 {
        let context = CommandContext(scenes: SceneCatalog(scenes), console: console)
        defer { console.output.flush() }
        do {
            try dispatch(arguments, context)
            return 0
        } catch let e as ExitStatus {
            return e.code
        } catch {
            return context.report(error)
        }
    }

    /// A message with the control characters a name may carry (ESC, CR, BEL...) written as
    /// `\u{1B}`, so a file name can neither end the line nor drive the terminal.
    static func terminalSafe(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            if s.value < 0x20 || (0x7F...0x9F).contains(s.value) { out += "\\u{\(String(s.value, radix: 16, uppercase: true))}" } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    static func diagnostic(_ error: Error, programName: String) -> Diagnostic {
        var d = Diagnostic(error)
        if d.hint == nil, d.message.hasPrefix("unknown scene") { d.hint = unknownSceneHint(programName: programName) }
        return d
    }

    /// An unknown scene is most often a package's own scene asked of another command: the
    /// hint says which command knows it.
    static func unknownSceneHint(programName: String) -> String {
        programName == "strata"
            ? "a scene of your own package is known to your package's own command (the executable that calls StrataCommand.main(scenes:), e.g. 'swift run my-strata replay TRACE'), not to strata"
            : "\(programName) knows the scenes given to its StrataCommand.main(scenes:): add this scene's descriptor there"
    }

    /// Help text with `strata` used as a command word (`strata check ...`, `'strata help'`)
    /// as the name this command runs by, so a package's own command tells its own name.
    static func ownName(_ text: String, _ context: CommandContext) -> String {
        let name = context.console.programName
        guard name != "strata", let pattern = try? NSRegularExpression(pattern: "(^|[\\s'`(])strata(?=[ \\n:]|$)", options: [.anchorsMatchLines]) else { return text }
        return pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                withTemplate: "$1" + NSRegularExpression.escapedTemplate(for: name))
    }

    static func overview(_ context: CommandContext) -> String {
        """
        strata \(StrataVersion.current): Core Animation layer scenes rendered without a GPU.

        USAGE: strata COMMAND [OPTIONS]

        COMMANDS:
        \(subcommands.map { HelpText.entry($0.name, $0.summary) }.joined(separator: "\n"))
        \(HelpText.entry("help", "show help for a command or a scene: strata help COMMAND | SCENE | FILE.scene.json"))

        SCENES:
        \(context.sceneList)

        A scene file (FILE.scene.json, docs/SCENE-FORMAT.md) goes wherever a scene name does.

        Run 'strata help COMMAND' for a command's options, 'strata help SCENE' for a scene's,
        'strata --version' for the version.
        """
    }

    static func dispatch(_ argv: [String], _ context: CommandContext) throws {
        var argv = argv
        if argv.isEmpty {
            context.print(ownName(overview(context), context))
            throw ExitStatus(code: 2)
        }
        if argv == ["--help"] || argv == ["-h"] { context.print(ownName(overview(context), context)); return }
        // `strata --help render` as `strata help render`.
        if argv.count == 2, argv[0] == "--help" || argv[0] == "-h" { return try help([argv[1]], context) }
        if argv == ["--version"] || argv == ["-V"] { context.print(StrataVersion.generator); return }
        let name = argv.removeFirst()
        if name == "help" { return try help(argv, context) }
        guard let command = subcommands.first(where: { $0.name == name }) else {
            throw UsageError("unknown command '\(name)'; commands: \(subcommands.map(\.name).joined(separator: ", ")) (see 'strata --help')")
        }
        if argv.contains("--help") || argv.contains("-h") {
            // `strata render carousel --help` shows the scene's options too.
            var text = command.help(context)
            if let scene = argv.first(where: { !$0.hasPrefix("-") }), command.name == "render" || command.name == "window",
               var d = SceneFile.isScenePath(scene) ? try context.resolve(scene, args: argv).descriptor : context.scenes.descriptor(named: scene) {
                d.name = scene
                text += "\n\n" + HelpText.scene(d)
            }
            context.print(ownName(text, context))
            return
        }
        try command.run(argv, context)
    }

    static func help(_ topics: [String], _ context: CommandContext) throws {
        guard let topic = topics.first else { context.print(ownName(overview(context), context)); return }
        if topics.count > 1 { throw UsageError("help takes one topic, a command or a scene; got \(topics.count)") }
        if topic == "help" {
            context.print(ownName("""
            USAGE: strata help [COMMAND | SCENE]

            Shows the overview, a command's usage and options, or a scene's options, render
            script and defaults. 'strata COMMAND --help' shows the same as 'strata help COMMAND'.
            """, context))
            return
        }
        if let c = subcommands.first(where: { $0.name == topic }) { context.print(ownName(c.help(context), context)); return }
        if let d = context.scenes.descriptor(named: topic) { context.print(ownName(HelpText.scene(d), context)); return }
        if SceneFile.isScenePath(topic) {
            // Named by its path in the usage lines: that is what the commands take.
            var d = try context.resolve(topic, args: []).descriptor
            d.name = topic
            context.print(ownName(HelpText.scene(d), context))
            return
        }
        throw UsageError("no command or scene '\(topic)'; commands: \(subcommands.map(\.name).joined(separator: ", ")); scenes: \(context.scenes.names.joined(separator: ", "))")
    }
}
