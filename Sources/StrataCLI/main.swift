import Foundation
import StrataRender

/// The `strata` command: dispatches to one command per concept.
let commands: [(name: String, summary: String, help: String, run: ([String]) throws -> Void)] = [
    ("render", "render one frame of a scene to PNG", RenderCommand.help, RenderCommand.run),
    ("replay", "replay a gesture trace offscreen into PNG frames", ReplayCommand.help, ReplayCommand.run),
    ("window", "open a scene in a window; drag it, record a trace", WindowCommand.help, WindowCommand.run),
    ("compare", "compare PNG frames or directories of frames", CompareCommand.help, CompareCommand.run),
    ("check", "replay a trace and compare every frame with references", CheckCommand.help, CheckCommand.run),
]

let overview = """
strata: Core Animation layer scenes rendered without a GPU.

USAGE: strata COMMAND [OPTIONS]

COMMANDS:
\(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))
  help      show help for a command

Run 'strata help COMMAND' for a command's options.
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("strata: error: \(message)\n".utf8))
    exit(2)
}

var argv = Array(CommandLine.arguments.dropFirst())
if argv.isEmpty || argv == ["--help"] || argv == ["-h"] {
    print(overview)
    exit(argv.isEmpty ? 2 : 0)
}
let name = argv.removeFirst()
if name == "help" {
    guard let topic = argv.first else { print(overview); exit(0) }
    guard let c = commands.first(where: { $0.name == topic }) else { fail("no command '\(topic)'; commands: \(commands.map(\.name).joined(separator: ", "))") }
    print(c.help)
    exit(0)
}
guard let command = commands.first(where: { $0.name == name }) else {
    fail("unknown command '\(name)'; commands: \(commands.map(\.name).joined(separator: ", ")) (see 'strata --help')")
}
if argv.contains("--help") || argv.contains("-h") {
    print(command.help)
    exit(0)
}
do {
    try command.run(argv)
} catch let e as ExitStatus {
    exit(e.code)
} catch let e as UsageError {
    fail(e.description)
} catch let e as RenderError {
    fail(e.description)
} catch {
    fail("\(error)")
}
