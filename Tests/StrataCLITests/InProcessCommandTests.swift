import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// Commands run in the test's process (`StrataCommand.run(_:scenes:console:)`) as the CLI
/// tests run them: several at once, each with its own environment and output, leaving the
/// process as they found it.
@Suite(.tags(.gl)) struct InProcessCommandTests {
    /// The SIGINT or SIGTERM handler installed now, as a number to compare.
    func handler(_ sig: Int32) -> Int {
        var action = sigaction()
        sigaction(sig, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    /// Eight runs at once, half refused by their own STRATA_GL and half rendering into their
    /// own folders: each says its own words and writes its own file.
    @Test func runsAtOnceKeepTheirEnvironmentAndOutputApart() throws {
        let dir = try temporaryDirectory("in-process-apart")
        let results = Results(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let refused = i % 2 == 1
            results[i] = Result {
                try strata(["render", "carousel", "--size", "40x30", "--angle", "\(i * 10)", "--out", "\(dir)/\(i).png"],
                           environment: refused ? ["STRATA_GL": "glx"] : [:])
            }
        }
        for i in 0..<8 {
            let r = try #require(try results[i]?.get())
            if i % 2 == 1 {
                #expect(r.status == 2 && r.stdout.isEmpty, "\(i): \(r.stdout)")
                #expect(r.stderr == "strata: error: STRATA_GL=glx names no GL backend (one of auto, egl, osmesa)\n", "\(i): \(r.stderr)")
                #expect(!FileManager.default.fileExists(atPath: "\(dir)/\(i).png"))
            } else {
                #expect(r.status == 0 && r.stderr.isEmpty, "\(i): \(r.stderr)")
                #expect(r.stdout.hasPrefix("wrote \(dir)/\(i).png (40x30 px, carousel at ") && r.stdout.contains("angle: \(i * 10)")
                        && r.stdout.filter { $0 == "\n" }.count == 1, "\(i): \(r.stdout)")
                #expect(try PNG.read(path: "\(dir)/\(i).png").width == 40)
            }
        }
    }

    /// A replay catches SIGINT and SIGTERM while it runs (to finish its frame and clean
    /// up); runs overlapping in any order put back the handlers they found, once the last ends.
    @Test func overlappingReplaysLeaveTheSignalHandlersAsTheyWere() throws {
        let dir = try temporaryDirectory("in-process-signals")
        let trace = try dragTrace(dir)
        let before = (handler(SIGINT), handler(SIGTERM))
        let results = Results(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            results[i] = Result { try strata(["replay", trace, "--out", "\(dir)/frames-\(i)"]) }
        }
        for i in 0..<4 { #expect(try results[i]?.get().status == 0, "\(i)") }
        // Other suites run commands in this process at the same time (a replay of theirs may
        // still hold the handlers); the last run to end restores them, so wait for it (60 s).
        var waited = 0
        while !(handler(SIGINT) == before.0 && handler(SIGTERM) == before.1) && waited < 600 {
            usleep(100_000); waited += 1
        }
        #expect(handler(SIGINT) == before.0 && handler(SIGTERM) == before.1)
    }

    /// Relative paths are the run's directory's: runs in two directories take turns, and the
    /// test process is back in its own directory after.
    @Test func runsInDifferentDirectoriesWriteWhereTheyAreTold() throws {
        let home = try WorkingDirectory.shared.run(in: nil) { FileManager.default.currentDirectoryPath }
        let dirs = try (0..<4).map { try temporaryDirectory("in-process-cwd-\($0)") }
        let results = Results(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            results[i] = Result { try strata(["render", "carousel", "--size", "20x20", "--out", "out.png"], in: dirs[i]) }
        }
        for i in 0..<4 {
            #expect(try results[i]?.get().stdout.hasPrefix("wrote out.png ") == true, "\(i)")
            #expect(FileManager.default.fileExists(atPath: dirs[i] + "/out.png"))
        }
        // A run given no directory runs where the test process started.
        #expect(try WorkingDirectory.shared.run(in: nil) { FileManager.default.currentDirectoryPath } == home)
    }
}

/// One slot per run, filled from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<RunResult, Error>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    subscript(i: Int) -> Result<RunResult, Error>? {
        get { lock.lock(); defer { lock.unlock() }; return slots[i] }
        set { lock.lock(); slots[i] = newValue; lock.unlock() }
    }
}
