import Foundation
import StrataCompare
import StrataImage
import StrataModel
import StrataRender

/// `check --jobs N` of several traces in N processes of this executable, not N threads:
/// llvmpipe rasterises every context of a process with one rasterizer behind a lock of its
/// screen, so two threads' frames wait on each other (and two contexts drawing at once
/// crashed it, `FrameDrawingLock`), while two processes draw at once: `check Traces/` on
/// 2 cores took 0.7 of the time of one job this way, and 1.0-1.1 with threads.
///
/// The parent hands out trace indices over each worker's standard input, one at a time,
/// as `checkAll`'s threads take them; a worker checks the trace as one job does, writes
/// the check as `check --results-dir` does (`CheckResultsFile`, images included) with the
/// lines it would print into a folder of its own under a temporary folder, and answers
/// with one line on standard output. The parent reads the check back and prints, writes
/// the report, JUnit and results as one process would: the same bytes. Only the
/// executable `StrataCommand.main` runs (a package's own command with its own scenes)
/// starts workers; a command run inside another program (tests) uses threads.
extension CheckCommand {
    /// The environment variable that makes `strata check` a worker: the parent's folder.
    static let workerVariable = "STRATA_CHECK_WORKER"
    /// The program name the parent runs by, for the lines a worker words.
    static let workerProgramVariable = "STRATA_CHECK_WORKER_PROGRAM"

    /// A worker's answer for one trace: `{"index": 3, "status": "done"}`, `"interrupted"`
    /// with the signal, or `"error"` with the message.
    struct WorkerAnswer: Codable {
        var index: Int
        var status: String
        var signal: Int32?
        var message: String?
    }

    struct WorkerLine: Codable {
        var json: Bool
        var text: String
    }

    /// The worker's loop: a trace index on each line of standard input until it ends.
    static func serveAsWorker(_ targets: [CheckTarget], _ s: Settings, directory: String, scenes: @escaping Catalog,
                              renderer makeRenderer: @escaping () throws -> Renderer) throws {
        var renderer: Result<Renderer, Error>?
        while let line = readLine(strippingNewline: true) {
            guard let i = Int(line), targets.indices.contains(i) else {
                throw UsageError("\(workerVariable): '\(line)' is not the index of one of the \(targets.count) traces")
            }
            let folder = (directory as NSString).appendingPathComponent(String(i))
            var answer = WorkerAnswer(index: i, status: "done")
            do {
                if renderer == nil { renderer = Result { try makeRenderer() } }
                let (check, lines) = try checkOrFail(targets[i], s, renderer: try renderer!.get(), scenes: scenes)
                try CheckResultsFile.write([check], to: folder)
                let words = lines.map { WorkerLine(json: $0.isJSON, text: $0.text) }
                try AtomicFile.write(try JSONWriter.bytes(words),
                                     to: (folder as NSString).appendingPathComponent("lines.json"))
            } catch let e as Interrupted {
                answer.status = "interrupted"
                answer.signal = e.signal
            } catch {
                answer.status = "error"
                answer.message = s.context.message(error)
            }
            s.context.print(try JSONWriter.encode(answer))
            s.context.console.output.flush()
            // The parent says so, once: the worker ends without a word.
            if answer.status == "interrupted" { throw ExitStatus(code: 128 + (answer.signal ?? SIGINT)) }
        }
    }

    /// A worker's environment: the parent's, naming the folder and program, and llvmpipe
    /// drawing in the worker's own thread (`LP_NUM_THREADS=0`) unless the user chose a
    /// number. The workers already fill the cores; llvmpipe's rasterizer threads on top
    /// only hand each frame back and forth (108,000 futex calls for the shipped traces
    /// against 5,000), and took 10-18% more CPU.
    static func workerEnvironment(_ parent: [String: String], directory: String, program: String) -> [String: String] {
        var environment = parent
        environment[workerVariable] = directory
        environment[workerProgramVariable] = program
        if environment[rasterizerThreadsVariable] == nil { environment[rasterizerThreadsVariable] = "0" }
        return environment
    }

    /// Mesa's variable for llvmpipe's rasterizer threads (0: the calling thread draws).
    static let rasterizerThreadsVariable = "LP_NUM_THREADS"

    /// The parent: `jobs` workers, each given the next trace as it finishes one.
    static func checkInWorkers(_ targets: [CheckTarget], _ s: Settings, jobs: Int, arguments: [String], scenes: @escaping Catalog,
                               renderer makeRenderer: @escaping () throws -> Renderer) throws -> [TraceCheck] {
        // Traces the cache holds are settled here: with nothing changed, no worker starts.
        // An empty cache (a fresh CI machine) holds none: no renderer, no keys, the
        // workers start at once (0.2 s sooner for the shipped traces).
        var settled: [Int: (TraceCheck, [OutputLine])] = [:]
        if let cache = s.cache, cache.holdsEntries, let renderer = try? makeRenderer() {
            for i in targets.indices {
                if let hit = (try? check(targets[i], s, renderer: renderer, scenes: scenes, replaying: false)) ?? nil { settled[i] = hit }
            }
        }
        let left = targets.indices.filter { settled[$0] == nil }
        let outcomes = WorkQueue(count: targets.count, order: [])
        for (i, hit) in settled.sorted(by: { $0.key < $1.key }) {
            s.progress?.advance(by: hit.0.frameCount)
            outcomes.store(i, .success(hit))
        }
        outcomes.emitInOrder { emit($0, json: s.json, progress: s.progress, s.context) }
        guard !left.isEmpty else { return try outcomes.results.map { try $0!.get().0 } }

        var template = Array((FileManager.default.temporaryDirectory.path + "/strata-check-workers.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw SystemError.io(FileManager.default.temporaryDirectory.path, "cannot make a folder for the check's workers") }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = workerEnvironment(s.context.console.environment, directory: directory, program: s.context.console.programName)
        // A worker that died (killed, crashed) makes writing to it an error, not SIGPIPE's death.
        let pipeHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, pipeHandler) }
        let workers = try (0..<min(jobs, left.count)).map { _ in try CheckWorker(arguments: ["check"] + arguments, environment: environment) }
        // A signal to this process alone (kill PID) goes on to the workers, which stop after
        // the frame in flight as one process does; from a terminal they have it already.
        let watching = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while watching.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
                if let signal = Interruption.signal { for w in workers { w.send(signal) }; return }
            }
        }
        defer { watching.signal() }
        // The longest traces first, so that no long one is left to run alone at the end
        // (the lines still print in the traces' order).
        let weights = targets.map { (try? frameWeight($0, s)) ?? 0 }
        outcomes.handOut(left.sorted { (weights[$0], $1) > (weights[$1], $0) })
        DispatchQueue.concurrentPerform(iterations: workers.count) { w in
            while let i = outcomes.next() {
                let result = Result { () throws -> (TraceCheck, [OutputLine]) in
                    try Interruption.check()
                    var (check, lines) = try workers[w].check(i, of: targets[i], in: directory)
                    if let spool = s.spool { check.entries = check.entries.map(spool.spilled) }
                    return (check, lines)
                }
                if case .success(let (check, _)) = result { s.progress?.advance(by: check.frameCount) }
                outcomes.store(i, result)
                outcomes.emitInOrder { emit($0, json: s.json, progress: s.progress, s.context) }
            }
            workers[w].finish()
        }
        return try outcomes.results.map { try $0!.get().0 }
    }
}

/// One worker process and the pipes to it.
private final class CheckWorker: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var pending: [UInt8] = []

    init(arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        // Its standard error is this process's: a warning it prints shows as it would here.
        do { try process.run() } catch {
            throw SystemError.io(process.executableURL!.path, "cannot start a check worker")
        }
    }

    func send(_ signal: Int32) { if process.isRunning { kill(process.processIdentifier, signal) } }

    /// Checks trace `index` in the worker and reads the check back.
    func check(_ index: Int, of target: CheckTarget, in directory: String) throws -> (TraceCheck, [CheckCommand.OutputLine]) {
        func ended() throws -> Error {
            process.waitUntilExit()
            try Interruption.check()
            let how = process.terminationReason == .uncaughtSignal ? "was killed by signal \(process.terminationStatus)"
                : "ended with exit status \(process.terminationStatus)"
            return RenderError.io("\(target.trace): the check worker process \(how) before it checked this trace")
        }
        do { try input.fileHandleForWriting.write(contentsOf: Array("\(index)\n".utf8)) } catch { throw try ended() }
        var answer: CheckCommand.WorkerAnswer?
        while answer == nil {
            guard let line = readLine() else { throw try ended() }
            answer = try? JSONReader.decode(CheckCommand.WorkerAnswer.self, from: Array(line.utf8))
            // Not an answer: something the executable printed of its own (a package's main
            // may), passed on rather than lost.
            if answer?.index != index { answer = nil; FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        guard let answer else { throw RenderError.io("\(target.trace): no answer from the check worker") }
        switch answer.status {
        case "interrupted": throw Interrupted(signal: answer.signal ?? SIGINT)
        case "error": throw RenderError.io(answer.message ?? "\(target.trace): the check worker failed")
        default: break
        }
        let folder = (directory as NSString).appendingPathComponent(String(index))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let check = try CheckResultsFile.read(folder).first else {
            throw RenderError.io("\(folder): the check worker wrote no check of \(target.trace)")
        }
        let words = try JSONReader.decode([CheckCommand.WorkerLine].self,
                                          from: try BoundedFile.read((folder as NSString).appendingPathComponent("lines.json"), limit: CheckResultsFile.resultsLimit))
        return (check, words.map { CheckCommand.OutputLine(isJSON: $0.json, text: $0.text) })
    }

    /// A line of the worker's standard output, nil at its end.
    private func readLine() -> String? {
        let handle = output.fileHandleForReading
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            // read(2), not FileHandle.read(upToCount:), which waits for the whole count.
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            pending += chunk[..<n]
        }
    }

    /// Ends the worker (standard input closed) and waits for it.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
