import Foundation
import Testing
import StrataGestures
import StrataModel
import StrataRender
@testable import StrataReplay
import StrataScenes
import StrataTestSupport

/// The package root, found from this file so tests run from any directory.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A shipped trace, `Traces/<name>.trace`.
func shippedTrace(_ name: String) -> String {
    packageRoot.appendingPathComponent("Traces/\(name).trace").path
}

/// A fresh directory under the system's temporary directory, removed by the caller.
func makeTemporaryDirectory(_ label: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("strata-replay-tests-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A hash of a frame's bytes, to tell frames apart within one run (the standard library's
/// SipHash, seeded per process: optimized code, where a byte loop of the debug build
/// would cost more than drawing the frame).
func frameHash(_ bytes: [UInt8]) -> Int {
    var hasher = Hasher()
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    return hasher.finalize()
}

/// The carousel behind a replay's scene.
func carouselAngle(_ scene: Scene) -> Double? {
    (scene as? CarouselController)?.scene.angle
}

/// A trace in the carousel's default view, 480 x 320 pt.
func carouselTrace(fps: Double = 60, options: [String: TraceValue] = [:], _ events: [InputEvent]) -> Trace {
    Trace(header: TraceHeader(scene: "carousel", width: 480, height: 320, scale: 1, fps: fps, options: options), events: events)
}

/// Pixels whose largest channel difference exceeds `tolerance`.
func differingPixels(_ a: Image, _ b: Image, tolerance: Int) -> Int {
    precondition(a.width == b.width && a.height == b.height)
    var n = 0
    a.pixels.withUnsafeBufferPointer { pa in
        b.pixels.withUnsafeBufferPointer { pb in
            for i in stride(from: 0, to: pa.count, by: 4) {
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(pa[i + c]) - Int(pb[i + c]))) }
                if d > tolerance { n += 1 }
            }
        }
    }
    return n
}

// MARK: Processes

/// The `strata` binary the package builds, next to this test bundle (both are products
/// of the same build; `make test` builds everything with `swift build --build-tests`).
func strataBinary(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    var candidates: [URL] = []
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // A bundle directory on platforms that have them: <build>/debug/X.xctest/Contents/MacOS/X.
        while dir.pathExtension == "xctest" || dir.path.contains(".xctest/") { dir = dir.deletingLastPathComponent() }
        candidates.append(dir.appendingPathComponent("strata"))
    }
    if let arg0 = CommandLine.arguments.first {
        candidates.append(URL(fileURLWithPath: arg0).deletingLastPathComponent().appendingPathComponent("strata"))
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/strata"))
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
        return found.path
    }
    Issue.record("the strata binary is not built (looked for \(candidates.map(\.path).joined(separator: ", "))); run 'swift build' (make test does)",
                 sourceLocation: sourceLocation)
    return nil
}

/// A finished child process: exit status (128 + N for a signal N) and what it printed.
struct ProcessOutput {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` to completion (killed after `timeout` seconds) with `environment`
/// changes (a nil value unsets the variable).
func runProcess(_ executable: String, _ arguments: [String], environment changes: [String: String?] = [:],
                timeout: Double = 120) throws -> ProcessOutput {
    let p = try ChildProcess(executable, arguments, environment: changes)
    guard let out = p.wait(timeout: timeout) else {
        p.signal(SIGKILL)
        let killed = p.wait(timeout: 10)
        throw ChildProcessError(message: "\(executable) \(arguments.joined(separator: " ")) did not finish in \(timeout) s; "
            + "stderr: \(killed?.stderr ?? "")")
    }
    return out
}

struct ChildProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A child process started with posix_spawn, with a clean signal mask and default
/// signal handling. (Foundation's Process passes on the mask of the thread that starts
/// it, and test threads block SIGTERM and SIGINT: a child started that way cannot be
/// asked to stop.) Output goes to temporary files, so a chatty child never blocks on a
/// full pipe.
final class ChildProcess {
    let pid: pid_t
    let outPath: String, errPath: String
    private var exitStatus: Int32?

    init(_ executable: String, _ arguments: [String], environment changes: [String: String?] = [:]) throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        outPath = base + ".out"; errPath = base + ".err"

        var env = ProcessInfo.processInfo.environment
        for (k, v) in changes { env[k] = v }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGHUP] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attr, argv, envp)
        guard rc == 0 else {
            throw ChildProcessError(message: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
    }

    deinit {
        if isRunning { signal(SIGKILL); _ = wait(timeout: 10) }
        unlink(outPath); unlink(errPath)
    }

    func signal(_ sig: Int32) { if exitStatus == nil { kill(pid, sig) } }

    var isRunning: Bool { reap(blocking: false); return exitStatus == nil }

    private func reap(blocking: Bool) {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        guard r == pid else { return }
        exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Waits for the exit, at most `timeout` seconds; nil if it is still running.
    func wait(timeout: Double) -> ProcessOutput? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline { return nil }
            usleep(10_000)
        }
        return ProcessOutput(status: exitStatus!, stdout: stdoutSoFar,
                             stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    var stdoutSoFar: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
}

/// The full path of a command on PATH, or nil.
func findOnPath(_ command: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(command)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}
