import Foundation

/// The built `strata` binary sits beside the test bundle (`swift build --build-tests`
/// builds every product into the same directory).
public let strataBinary: String = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return package.appendingPathComponent(".build/debug/strata").path
}()

/// A child process of `executable` that starts in `directory`, by default the one the test
/// process started in. Never in the process's current directory: an in-process run
/// (`WorkingDirectory`) may be inside its temporary folder when the child is started, and
/// the folder gone when the child changes into it (Foundation then reports ENOENT, naming
/// the executable: "/usr/bin/ldd doesn't exist").
public func childProcess(_ executable: String, in directory: String? = nil) -> Process {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.currentDirectoryURL = URL(fileURLWithPath: directory ?? WorkingDirectory.shared.home)
    return p
}

public struct RunResult: Sendable { public var status: Int32; public var stdout: String; public var stderr: String }

/// The built `strata` binary run as a child process, for what is about processes: exit
/// statuses of the real executable, signals, locks between processes, pipes. Everything
/// else runs the command in the test's own process (`strata(_:in:environment:)`).
/// `environment` is added to (and overrides) the test process's own environment.
public func strataProcess(_ args: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> RunResult {
    let p = childProcess(strataBinary, in: directory)
    p.arguments = args
    // Tests replay every trace unless they ask for the check cache (`STRATA_CACHE_DIR`).
    p.environment = ProcessInfo.processInfo.environment.merging(["STRATA_CACHE_DIR": "off"].merging(environment) { _, added in added }) { _, added in added }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return RunResult(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

/// Starts strata, waits until `ready` holds (polling), sends `signal`, and returns the result.
public func strata(_ args: [String], sending signal: Int32, when ready: () -> Bool) throws -> RunResult {
    try strata(args, sending: [signal], when: ready)
}

/// Starts strata, waits until `ready` holds (polling every `poll` µs), sends each signal 50 ms
/// apart, and returns the result (a status killed by a signal is the signal's number).
/// `environment` is added to the test process's own.
public func strata(_ args: [String], sending signals: [Int32], when ready: () -> Bool, poll: useconds_t = 20_000,
                   environment: [String: String] = [:]) throws -> RunResult {
    let p = childProcess(strataBinary)
    p.arguments = args
    if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added } }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let deadline = Date().addingTimeInterval(120)
    while !ready() && p.isRunning && Date() < deadline { usleep(poll) }
    for (i, signal) in signals.enumerated() {
        if i > 0 { usleep(50_000) }
        kill(p.processIdentifier, signal)
    }
    let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return RunResult(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

public func temporaryDirectory(_ name: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

