import Foundation
import StrataCommandLine
import StrataScenes

/// `strata ARGS` run inside the test's process, as the `strata` executable runs it
/// (`StrataCommand` with the seeds' scenes), its output and error kept in memory and its
/// environment this process's with `environment` added (and `STRATA_CACHE_DIR=off`: tests
/// replay every trace unless they ask for the check cache). No process is started, so no
/// binary is loaded, no font set or GL library opened again for each run.
///
/// `directory` is the run's working directory. That is the one thing a command reads of
/// its process that cannot be passed in (relative paths are the kernel's), so runs in
/// different directories take turns (`WorkingDirectory`); runs in the same one go at once.
public func strata(_ args: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> RunResult {
    let base = ProcessInfo.processInfo.environment.merging(["STRATA_CACHE_DIR": "off"]) { _, added in added }
    let console = Console.capturing(environment: base.merging(environment) { _, added in added })
    let status = try WorkingDirectory.shared.run(in: directory) {
        StrataCommand.run(args, scenes: SceneRegistry.scenes, console: console)
    }
    return RunResult(status: status, stdout: console.output.text, stderr: console.error.text)
}

/// The process's working directory shared by in-process runs: a run enters when no run is
/// inside or the runs inside are in its directory, changing to it if it must; it leaves
/// the directory as it found it for the next. A run with no directory runs in the one the
/// test process started in.
public final class WorkingDirectory: @unchecked Sendable {
    public static let shared = WorkingDirectory()

    private let condition = NSCondition()
    /// The directory the test process started in.
    public let home = FileManager.default.currentDirectoryPath
    private var current: String
    private var inside = 0

    private init() { current = home }

    public func run<T>(in directory: String?, _ body: () throws -> T) throws -> T {
        let wanted = directory ?? home
        condition.lock()
        while inside > 0 && current != wanted { condition.wait() }
        if current != wanted {
            guard chdir(wanted) == 0 else {
                let reason = String(cString: strerror(errno))
                condition.unlock()
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cannot run in \(wanted): \(reason)"])
            }
            current = wanted
        }
        inside += 1
        condition.unlock()
        defer {
            condition.lock()
            inside -= 1
            if inside == 0 {
                // Back where the test process started, for anything that reads a relative path.
                if current != home, chdir(home) == 0 { current = home }
                condition.broadcast()
            }
            condition.unlock()
        }
        return try body()
    }
}
