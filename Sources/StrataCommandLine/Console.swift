import Foundation

/// What a command reads and writes of the process it runs in: standard output and
/// standard error, the environment (STRATA_GL, STRATA_CACHE_DIR, EGL_DEVICE_ID,
/// STRATA_COMPARE, ...), whether standard error is a terminal, and the name it was run by.
/// `StrataCommand.main` passes the process's own (`Console.process`); a test passes an
/// environment of its own and buffers (`Console.capturing`), so a command runs inside the
/// test's process, several at once, and nothing it reads comes from the process around it.
///
/// The working directory is not here: relative paths are the process's, as `open(2)` reads
/// them. A caller running commands in other directories changes it between runs
/// (StrataTestSupport's runner does, one directory at a time).
public struct Console: Sendable {
    public let output: ConsoleStream
    public let error: ConsoleStream
    public var environment: [String: String]
    /// A progress bar is drawn only on a terminal, never into a log, a pipe or a buffer.
    public var errorIsTerminal: Bool
    /// `strata`, or a package's own command (`card-strata`): help and hints say it.
    public var programName: String

    public init(output: ConsoleStream, error: ConsoleStream, environment: [String: String], errorIsTerminal: Bool = false,
                programName: String = "strata") {
        self.output = output; self.error = error; self.environment = environment
        self.errorIsTerminal = errorIsTerminal; self.programName = programName
    }

    /// This process's standard output (through C's buffered stdout, as `print` writes),
    /// standard error (unbuffered), environment and program name.
    public static var process: Console {
        let name = (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }).flatMap { $0.isEmpty ? nil : $0 } ?? "strata"
        return Console(output: .standardOutput, error: .standardError, environment: ProcessInfo.processInfo.environment,
                       errorIsTerminal: isatty(STDERR_FILENO) == 1, programName: name)
    }

    /// Output and error kept in memory (`output.text`, `error.text`), with `environment`
    /// as the whole environment the command sees.
    public static func capturing(environment: [String: String], programName: String = "strata") -> Console {
        Console(output: ConsoleStream(), error: ConsoleStream(), environment: environment, programName: programName)
    }

    /// `print` to standard output.
    func print(_ text: String, terminator: String = "\n") { output.write(text + terminator) }

    /// A line to standard error, standard output flushed first so a terminal shows the two in order.
    func printError(_ line: String) {
        output.flush()
        error.write(line + "\n")
    }
}

/// Standard output, standard error, or text kept in memory.
public final class ConsoleStream: @unchecked Sendable {
    private enum Sink { case stdout, stderr, memory }
    private let sink: Sink
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    private init(_ sink: Sink) { self.sink = sink }

    /// Text kept in memory.
    public convenience init() { self.init(.memory) }

    public static let standardOutput = ConsoleStream(.stdout)
    public static let standardError = ConsoleStream(.stderr)

    public func write(_ text: String) {
        switch sink {
        case .stdout: var t = text; t.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
        case .stderr: FileHandle.standardError.write(Data(text.utf8))
        case .memory: lock.lock(); bytes += text.utf8; lock.unlock()
        }
    }

    public func flush() {
        if sink == .stdout { fflush(stdout) }
    }

    /// What was written, for a stream kept in memory.
    public var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
