import Foundation
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

/// The end of a check: report, JUnit, the summary line and the accept command.
extension CheckCommand {
    /// This very command with `--update changed`: what accepts a failing run's frames as
    /// the new references (each argument quoted for a POSIX shell where it needs it).
    static func acceptCommand(_ args: [String], _ context: CommandContext) -> String {
        ReportRun.shellLine([context.console.programName, "check"] + args + ["--update", "changed"])
    }

    /// The report's run section for this command: the date, the command, the accept command.
    static func reportRun(command args: [String], accept: String?, _ context: CommandContext) -> ReportRun {
        ReportRun(date: ReportRun.date(environment: context.console.environment),
                  command: ReportRun.shellLine([context.console.programName] + args), accept: accept)
    }

    /// Writes the report and JUnit file, prints the summary, and exits 1 if a frame failed.
    /// The title names only the traces, so a merged report equals an unsharded one.
    static func finish(_ checks: [TraceCheck], _ a: ParsedArguments, _ context: CommandContext, json: Bool, recording: Bool = false, accept: String? = nil,
                       run: ReportRun? = nil) throws {
        let title = checks.count == 1 ? "strata check \(checks[0].name)" : "strata check: \(plural(checks.count, "trace"))"
        if let report = a.string("report") {
            try HTMLReport.write(title: title, traces: checks, run: run, to: report)
            say("report: \(report)", json: json, context)
        }
        if let junit = a.string("junit") {
            try AtomicFile.write(Array(JUnitReport.render(checks).utf8), to: junit)
            say("junit: \(junit)", json: json, context)
        }
        let all = checks.flatMap(\.entries)
        let failed = all.filter { !$0.passed }.count
        if json {
            let counts = SummaryJSON.Counts(traces: checks.count, frames: all.count, passed: all.count - failed, failed: failed,
                                            updated: checks.reduce(0) { $0 + $1.updated }, unchanged: checks.reduce(0) { $0 + $1.unchanged },
                                            added: checks.reduce(0) { $0 + $1.added })
            context.print(try JSONWriter.encode(SummaryJSON(summary: counts)))
            context.printError("\(all.count - failed) passed, \(failed) failed")
        } else if recording {
            // A recording compares nothing, so it says what it wrote, never "passed".
            if checks.count > 1 {
                let sum = { (k: KeyPath<TraceCheck, Int>) in checks.reduce(0) { $0 + $1[keyPath: k] } }
                context.print("recorded \(plural(checks.count, "trace")), \(plural(all.count, "frame")): \(sum(\.updated)) updated, "
                      + "\(sum(\.unchanged)) unchanged, \(sum(\.added)) added")
            }
        } else {
            context.print("\(all.count - failed) passed, \(failed) failed")
        }
        // Last, on standard error (standard output keeps its summary line last for scripts).
        if failed > 0, let accept { context.printError("to accept these frames as the references: \(accept)") }
        if failed > 0 { throw ExitStatus(code: 1) }
    }

    /// A line of a trace's output: JSON for scripts, or a line for people (which goes to
    /// standard error with --json).
    struct OutputLine {
        let isJSON: Bool
        let text: String
    }

    static func emit(_ lines: [OutputLine], json: Bool, progress: ProgressBar? = nil, _ context: CommandContext) {
        // The bar is on standard error, the lines on standard output: clear it first.
        progress?.clear()
        for line in lines { if line.isJSON { context.print(line.text) } else { say(line.text, json: json, context) } }
        context.console.output.flush()
    }

    static func say(_ line: String, json: Bool, _ context: CommandContext) {
        if json { context.printError(line) } else { context.print(line) }
    }
}

/// `check --json`'s last line: `{"summary":{"traces":1,"frames":8,...}}`.
struct SummaryJSON: Encodable {
    struct Counts: Encodable {
        let traces, frames, passed, failed, updated, unchanged, added: Int
    }
    let summary: Counts
}
