import Foundation
import StrataCompare
import StrataDriver
import StrataImage

/// `strata merge-reports DIR... --report r.html --junit r.xml`: the results of CI shards
/// (`check --shard I/N --results-dir DIR`) as one report and one JUnit file, the same
/// bytes an unsharded `check` of all the traces writes.
struct MergeReportsCommand: StrataSubcommand {
    let name = "merge-reports"
    let summary = "merge the results of sharded checks into one report and one JUnit file"

    static let options = OptionGroup(title: "OPTIONS", options: [
        OptionSpec("report", .text(maxLength: 4096), valueName: "PATH", help: "write the HTML report of every shard's traces"),
        OptionSpec("junit", .text(maxLength: 4096), valueName: "PATH", help: "write one JUnit XML file of every shard's traces"),
        OptionSpec("json", .boolean, help: "print the summary as {\"summary\": {...}}, as 'check --json' ends"),
    ])

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata merge-reports DIR... [--report PATH] [--junit PATH]

        Reads DIR/results.json and its images from each DIR that 'strata check --results-dir'
        wrote (one per CI shard), and writes one report and one JUnit file of all their
        traces, in name order. A trace in two results folders is an error.

        \(HelpText.lines(MergeReportsCommand.options))

        EXIT STATUS: 0 when every frame of every shard passed, 1 when some failed, 2 on an error.
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let a = try ArgumentParser.parse(args, groups: [MergeReportsCommand.options], command: name)
        guard !a.positionals.isEmpty else { throw UsageError("merge-reports needs the results folders: strata merge-reports DIR...") }
        var plan = OutputPlan()
        for dir in a.positionals {
            plan.input("the results \((dir as NSString).appendingPathComponent(CheckResultsFile.fileName))", (dir as NSString).appendingPathComponent(CheckResultsFile.fileName))
            plan.input("the results' images \((dir as NSString).appendingPathComponent("images"))", (dir as NSString).appendingPathComponent("images"), .directory)
        }
        plan.report("--report", a.string("report"))
        plan.output("--junit", a.string("junit"), .file)
        try plan.check()
        var checks: [TraceCheck] = []
        var from: [String: String] = [:]
        var accepts: [String] = []
        for dir in a.positionals {
            let (traces, arguments) = try CheckResultsFile.readAll(dir)
            // Each shard's check without its shard and results folder: the unsharded command.
            if let arguments, traces.contains(where: { !$0.passed }) {
                let accept = CheckCommand.acceptCommand(MergeReportsCommand.unsharded(arguments))
                if !accepts.contains(accept) { accepts.append(accept) }
            }
            for check in traces {
                if let other = from[check.name] { throw UsageError("trace '\(check.name)' is in both \(other) and \(dir); each trace belongs to one shard") }
                from[check.name] = dir
                checks.append(check)
            }
        }
        checks.sort { $0.name < $1.name }
        let accept = accepts.isEmpty ? nil : accepts.joined(separator: "\n")
        try CheckCommand.finish(checks, a, json: a.flag("json"), accept: accept,
                                run: CheckCommand.reportRun(command: [name] + args, accept: accept))
    }

    /// A shard's check arguments without `--shard I/N` and `--results-dir DIR`.
    static func unsharded(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var skip = false
        for arg in arguments {
            if skip { skip = false; continue }
            if arg == "--shard" || arg == "--results-dir" { skip = true; continue }
            if arg.hasPrefix("--shard=") || arg.hasPrefix("--results-dir=") { continue }
            kept.append(arg)
        }
        return kept
    }
}
