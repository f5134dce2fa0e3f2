import Foundation
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

/// Checking many traces: `--jobs` workers, each with its own renderer: processes
/// (`CheckCommand+Workers`) from the `strata` executable, threads in another program.
extension CheckCommand {
    /// Checks the traces, `jobs` at a time, each worker with its own renderer (a process of
    /// its own when this is the executable's main, see `checkInWorkers`); the output
    /// of each trace is printed whole and in order, so any number of jobs prints the same,
    /// and as soon as the traces before it are done (a CI log shows a line per trace as
    /// the check goes).
    static func checkAll(_ targets: [CheckTarget], _ s: Settings, jobs: Int, arguments: [String], scenes: @escaping Catalog,
                         renderer makeRenderer: @escaping () throws -> Renderer) throws -> [TraceCheck] {
        if jobs > 1 && targets.count > 1 && StrataCommand.runsAsMain {
            return try checkInWorkers(targets, s, jobs: jobs, arguments: arguments, scenes: scenes, renderer: makeRenderer)
        }
        if jobs <= 1 {
            let renderer = try makeRenderer()
            return try targets.map { target in
                let (check, lines) = try checkOrFail(target, s, renderer: renderer, scenes: scenes)
                emit(lines, json: s.json, progress: s.progress, s.context)
                return check
            }
        }
        let outcomes = WorkQueue(count: targets.count)
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let renderer = Result { try makeRenderer() }
            while let i = outcomes.next() {
                outcomes.store(i, Result { try checkOrFail(targets[i], s, renderer: try renderer.get(), scenes: scenes) })
                outcomes.emitInOrder { emit($0, json: s.json, progress: s.progress, s.context) }
            }
        }
        // Lines were printed up to the first error in order; that error is thrown here.
        return try outcomes.results.map { try $0!.get().0 }
    }

    /// One trace's check; of several traces, one that cannot be checked (malformed, no
    /// references) fails with its error as its one entry, and the others go on.
    static func checkOrFail(_ target: CheckTarget, _ s: Settings, renderer: Renderer, scenes: Catalog) throws -> (TraceCheck, [OutputLine]) {
        do { return try check(target, s, renderer: renderer, scenes: scenes) } catch let e where s.several && !(e is Interrupted) && !(e is ExitStatus) {
            // A listed name that is not UTF-8 arrives with U+FFFD and cannot be opened by it.
            let problem = target.trace.contains("\u{FFFD}") && access(target.trace, F_OK) != 0
                ? "\(target.trace): the file name is not valid UTF-8, so strata cannot open it by name; rename it"
                : s.context.message(e)
            let check = TraceCheck(name: target.name, frameCount: 0, entries: [ReportEntry(name: "trace", result: nil, problem: problem)])
            var lines = [OutputLine(isJSON: false, text: "\(target.name): FAIL: \(problem)")]
            if s.json {
                lines.insert(OutputLine(isJSON: true, text: try JSONWriter.encode(TraceProblemJSON(trace: target.name, problem: problem))), at: 0)
            }
            return (check, lines)
        }
    }

}

/// Indices handed out to workers one at a time, and their results kept by index.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int
    /// The indices in the order they are handed out.
    private var order: [Int]
    private(set) var results: [Result<(TraceCheck, [CheckCommand.OutputLine]), Error>?]

    /// `count` results, `order` (default: every index in turn) to hand out.
    init(count: Int, order: [Int]? = nil) {
        self.count = count; self.order = order ?? Array(0..<count)
        results = Array(repeating: nil, count: count)
    }

    /// Hands out these indices (before any worker asks).
    func handOut(_ indices: [Int]) { lock.lock(); order = indices; nextIndex = 0; lock.unlock() }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < order.count else { return nil }
        nextIndex += 1
        return order[nextIndex - 1]
    }

    func store(_ i: Int, _ result: Result<(TraceCheck, [CheckCommand.OutputLine]), Error>) {
        lock.lock(); results[i] = result; lock.unlock()
    }

    /// Hands `print` the lines of every trace done whose traces before it are all done and
    /// printed, stopping at an error (thrown later, in order).
    private var printed = 0
    func emitInOrder(_ print: ([CheckCommand.OutputLine]) -> Void) {
        lock.lock(); defer { lock.unlock() }
        while printed < count, let result = results[printed], case .success(let (_, lines)) = result {
            print(lines)
            printed += 1
        }
    }
}

/// `check --json`'s line for a trace that could not be checked: the trace, `"name": "trace"`,
/// not passed, and why.
struct TraceProblemJSON: Encodable {
    let trace: String
    var name = "trace"
    var passed = false
    let problem: String
}
