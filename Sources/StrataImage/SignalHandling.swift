import Foundation
import StrataModel

/// SIGINT and SIGTERM during a replay or check: the first one sets a flag that the
/// frame loop reads after each frame (`Interruption.check()`), so the frame in flight
/// completes, queued writes finish, temporaries are removed and the command says what it
/// wrote before exiting 130 or 143. A second signal ends the process at once, removing the
/// temporary files being written; the next run into the directory removes any others.
public enum Interruption {
    nonisolated(unsafe) private static var received: sig_atomic_t = 0
    private static let lock = NSLock()
    nonisolated(unsafe) private static var temporaries: Set<String> = []
    /// Runs inside `during` and `finishing` (of this process: commands may run in one at
    /// once), so the handler goes in when the first begins and the old one comes back when
    /// the last ends, however they interleave. Read by the handler without the lock.
    nonisolated(unsafe) private static var loops: sig_atomic_t = 0
    nonisolated(unsafe) private static var holds: sig_atomic_t = 0
    nonisolated(unsafe) private static var saved: [(Int32, sighandler_t?)] = []

    /// The signal received since `during` began, if any.
    public static var signal: Int32? { received == 0 ? nil : Int32(received) }

    /// Runs `body` with SIGINT and SIGTERM caught (and unblocked: a parent may pass on a
    /// mask that blocks them), then restores what was there.
    public static func during<T>(_ body: () throws -> T) rethrows -> T {
        let restore = catching(loop: true)
        defer { restore() }
        return try body()
    }

    /// Both scopes' handler. In a frame loop (`during`) the first signal is noted and the
    /// second ends the process at once; in `finishing` alone the first prints the note and
    /// the rest wait for the files.
    private static let handler: @convention(c) (Int32) -> Void = { sig in
        if Interruption.loops > 0 {
            if Interruption.received != 0 {
                // The second signal: no more waiting for the frame in flight.
                Interruption.removeTemporariesNow()
                Glibc.signal(sig, SIG_DFL)
                raise(sig)
                return
            }
            Interruption.received = sig
        } else if Interruption.received == 0 {
            Interruption.holdingNote.withUnsafeBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            Interruption.received = sig
        }
    }

    /// Enters a scope (a frame loop's, or `finishing`'s): the first scope in installs the handler for
    /// SIGINT and SIGTERM (forgetting any earlier signal); this thread unblocks them (a
    /// parent may pass on a mask that blocks them). Returns what leaves the scope: the mask
    /// back, and with the last scope out the old handlers.
    private static func catching(loop: Bool) -> () -> Void {
        _ = holdingNote.count   // made before a handler can need it
        lock.lock()
        if loops + holds == 0 {
            received = 0
            saved = [SIGINT, SIGTERM].map { sig in (sig, Glibc.signal(sig, handler)) }
        }
        if loop { loops += 1 } else { holds += 1 }
        lock.unlock()
        var unblock = sigset_t(), old = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &old)
        return {
            pthread_sigmask(SIG_SETMASK, &old, nil)
            lock.lock()
            if loop { loops -= 1 } else { holds -= 1 }
            if loops + holds == 0 {
                for (sig, handler) in saved { Glibc.signal(sig, handler) }
                saved = []
            }
            lock.unlock()
        }
    }

    /// Runs `body`, the writes after a frame loop (a report, a JUnit file, results), with
    /// SIGINT and SIGTERM held off: a signal (a first or a second) is noted on standard
    /// error and remembered, every file is written whole, and then, if one came (here or at
    /// the end of the frame loop), `Interrupted` is thrown with `done` saying what was
    /// written. These writes take seconds at most; SIGKILL still ends strata at once, and
    /// the next run removes what it left (`AtomicFile.removeDeadTemporaries`).
    public static func finishing<T>(done: () -> String, _ body: () throws -> T) throws -> T {
        let restore = catching(loop: false)
        defer { restore() }
        let value: T
        do { value = try body() } catch let e as Interrupted { throw e } catch {
            guard let signal else { throw error }
            throw Interrupted(signal: signal, done: "\(done()); then: \(error)")
        }
        if let signal { throw Interrupted(signal: signal, done: done()) }
        return value
    }

    /// What a signal held off by `finishing` prints at once (a handler may only write(2)).
    private static let holdingNote: [UInt8] = Array("strata: signal received: finishing the files being written, so none is left partial\n".utf8)

    /// Throws `Interrupted` once a signal has arrived.
    public static func check() throws {
        if let signal { throw Interrupted(signal: signal) }
    }

    static func registerTemporary(_ path: String) { lock.lock(); temporaries.insert(path); lock.unlock() }
    static func unregisterTemporary(_ path: String) { lock.lock(); temporaries.remove(path); lock.unlock() }

    /// From the signal handler: unlink(2) is async-signal-safe; the set is read without
    /// its lock because the process is about to end either way.
    private static func removeTemporariesNow() {
        for path in temporaries { unlink(path) }
    }
}

/// A replay or check stopped by SIGINT or SIGTERM; `done` says what was written.
public struct Interrupted: Error, CustomStringConvertible {
    public let signal: Int32
    public var done: String?

    public init(signal: Int32, done: String? = nil) { self.signal = signal; self.done = done }

    /// 128 + the signal: 130 for SIGINT, 143 for SIGTERM, as a shell reports them.
    public var exitStatus: Int32 { 128 + signal }
    public var signalName: String { signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)" }
    public var description: String { "interrupted by \(signalName)" + (done.map { ": \($0)" } ?? "") }
}

extension Interrupted: DiagnosticConvertible {
    /// Told as `strata: interrupted by SIGINT: ...`, exit status 128 + the signal.
    public var diagnostic: Diagnostic { Diagnostic(message: description, status: .interrupted(signal: signal)) }
}
