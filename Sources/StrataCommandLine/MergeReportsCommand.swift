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
        traces, in name order: the JUnit file an unsharded check writes, byte for byte, and
        its report but for the run section (date, this command, and the shards' check
        without --shard and --results-dir as the command that accepts the failures).
        A trace in two results folders is an error.

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
        var shards: [(dir: String, shard: CheckResultsFile.ShardRecord?)] = []
        for dir in a.positionals {
            let (traces, arguments, shard) = try CheckResultsFile.readAll(dir)
            shards.append((dir, shard))
            // Each shard's check without its shard and results folder: the unsharded command.
            if let arguments, traces.contains(where: { !$0.passed }) {
                let accept = CheckCommand.acceptCommand(MergeReportsCommand.unsharded(arguments), context)
                if !accepts.contains(accept) { accepts.append(accept) }
            }
            for check in traces {
                if let other = from[check.name] { throw UsageError("trace '\(check.name)' is in both \(other) and \(dir); each trace belongs to one shard") }
                from[check.name] = dir
                checks.append(check)
            }
        }
        try MergeReportsCommand.checkShards(shards)
        checks.sort { $0.name < $1.name }
        let accept = accepts.isEmpty ? nil : accepts.joined(separator: "\n")
        try CheckCommand.finishing(a, before: "the results were read") {
            try CheckCommand.finish(checks, a, context, json: a.flag("json"), accept: accept,
                                    run: CheckCommand.reportRun(command: [name] + args, accept: accept, context))
        }
    }

    /// Sharded results must be every shard of one split, each once: a missing shard is
    /// named, so a CI job that lost one does not publish a report of part of the traces.
    static func checkShards(_ shards: [(dir: String, shard: CheckResultsFile.ShardRecord?)]) throws {
        let sharded = shards.compactMap { s in s.shard.map { (s.dir, $0) } }
        guard !sharded.isEmpty else { return }
        if let whole = shards.first(where: { $0.shard == nil }) {
            throw UsageError("\(whole.dir) holds the results of an unsharded check, the others of shards of one; merge shards of one check only")
        }
        let count = sharded[0].1.count
        if let other = sharded.first(where: { $0.1.count != count }) {
            throw UsageError("\(other.0) is shard \(other.1.index)/\(other.1.count), \(sharded[0].0) shard \(sharded[0].1.index)/\(count); merge shards of one split only")
        }
        var seen: [Int: String] = [:]
        for (dir, shard) in sharded {
            if let first = seen[shard.index] { throw UsageError("shard \(shard.index)/\(count) is in both \(first) and \(dir)") }
            seen[shard.index] = dir
        }
        let missing = (1...count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw UsageError("the results are incomplete: shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing (given: \(sharded.map { "\($0.1.index)/\(count) in \($0.0)" }.joined(separator: ", "))); merge every shard's results")
        }
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
