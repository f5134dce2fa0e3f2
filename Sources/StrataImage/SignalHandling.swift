import Foundation

/// SIGINT and SIGTERM during a replay or check: the first one sets a flag that the
/// frame loop reads after each frame (`Interruption.check()`), so the frame in flight
/// completes, queued writes finish, temporaries are removed and the command says what it
/// wrote before exiting 130 or 143. A second signal ends the process at once, removing the
/// temporary files being written; the next run into the directory removes any others.
public enum Interruption {
    nonisolated(unsafe) private static var received: sig_atomic_t = 0
    private static let lock = NSLock()
    nonisolated(unsafe) private static var temporaries: Set<String> = []

    /// The signal received since `during` began, if any.
    public static var signal: Int32? { received == 0 ? nil : Int32(received) }

    /// Runs `body` with SIGINT and SIGTERM caught (and unblocked: a parent may pass on a
    /// mask that blocks them), then restores what was there.
    public static func during<T>(_ body: () throws -> T) rethrows -> T {
        received = 0
        let restore = catching { sig in
            if Interruption.received != 0 {
                // The second signal: no more waiting for the frame in flight.
                Interruption.removeTemporariesNow()
                Glibc.signal(sig, SIG_DFL)
                raise(sig)
                return
            }
            Interruption.received = sig
        }
        defer { restore() }
        return try body()
    }

    /// Installs `handler` for SIGINT and SIGTERM and unblocks them (a parent may pass on a
    /// mask that blocks them); returns what puts the old handlers and mask back.
    private static func catching(_ handler: @convention(c) (Int32) -> Void) -> () -> Void {
        let saved = [SIGINT, SIGTERM].map { sig in (sig, Glibc.signal(sig, handler)) }
        var unblock = sigset_t(), old = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &old)
        return {
            pthread_sigmask(SIG_SETMASK, &old, nil)
            for (sig, handler) in saved { Glibc.signal(sig, handler) }
        }
    }

    /// Runs `body`, the writes after a frame loop (a report, a JUnit file, results), with
    /// SIGINT and SIGTERM held off: a signal (a first or a second) is noted on standard
    /// error and remembered, every file is written whole, and then, if one came (here or at
    /// the end of the frame loop), `Interrupted` is thrown with `done` saying what was
    /// written. These writes take seconds at most; SIGKILL still ends strata at once, and
    /// the next run removes what it left (`AtomicFile.removeDeadTemporaries`).
    public static func finishing<T>(done: () -> String, _ body: () throws -> T) throws -> T {
        _ = holdingNote.count   // made before a handler can need it
        let restore = catching { sig in
            if Interruption.received == 0 {
                Interruption.holdingNote.withUnsafeBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
                Interruption.received = sig
            }
        }
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
