import Foundation

/// What went wrong, told once: where (a file, and in it a line and column, all
/// optional), what (the message), a hint on what to do, and the exit status a command
/// ends with. Every library throws one of these, or an error of its own domain that
/// converts to one (`DiagnosticConvertible`); `strata` turns whatever it catches into
/// one in one place and prints it. `description` is the one place that writes
/// `FILE:LINE:COLUMN: message`, the form editors and terminals link to.
///
/// `UsageError` (a flag or input told by the flag's name), `SceneError` (a scene or
/// option value, placed by whoever read it) and `TraceError` (a trace's line) are
/// names of this type where they read better.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file at fault, as the user named it; nil when the input is not a file (a flag).
    public var file: String?
    /// The line (from 1), nil when the problem is the file as a whole.
    public var line: Int?
    /// The character (from 1) on the line, when it is known.
    public var column: Int?
    public var message: String
    /// What to do about it, a sentence printed on a line of its own.
    public var hint: String?
    public var status: Status

    /// How a command ends when this is what stopped it.
    public enum Status: Hashable, Sendable {
        /// Input that cannot be used, or work that failed: exit status 2.
        case error
        /// Stopped by a signal: 128 + the signal, as a shell reports it; printed
        /// without `error:`.
        case interrupted(signal: Int32)

        public var code: Int32 {
            switch self {
            case .error: return 2
            case .interrupted(let signal): return 128 + signal
            }
        }
    }

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, message: String, hint: String? = nil,
                status: Status = .error) {
        self.file = file; self.line = line; self.column = column; self.message = message
        self.hint = hint; self.status = status
    }

    /// A diagnostic with no place: a flag's value, a scene option; whoever read it may
    /// place it (`placed(file:line:)`).
    public init(_ message: String, hint: String? = nil) { self.init(message: message, hint: hint) }

    /// Any error as a diagnostic: a `Diagnostic` as it is, a domain error through its
    /// conversion, anything else by its description.
    public init(_ error: Error) {
        switch error {
        case let d as Diagnostic: self = d
        case let c as DiagnosticConvertible: self = c.diagnostic
        default: self.init(message: "\(error)")
        }
    }

    /// `FILE:LINE:COLUMN: message`, `FILE:LINE: message`, `FILE: message` or the message alone.
    public var description: String {
        guard let file else { return message }
        switch (line, column) {
        case let (line?, column?): return "\(file):\(line):\(column): \(message)"
        case let (line?, nil): return "\(file):\(line): \(message)"
        default: return "\(file): \(message)"
        }
    }

    public var errorDescription: String? { description }

    /// This diagnostic at `file`'s `line` if it has no place yet: a scene option is the
    /// trace's when the trace's header gave it, the flag's (no place) when a flag did.
    public func placed(file: String, line: Int? = nil) -> Diagnostic {
        guard self.file == nil else { return self }
        var d = self
        d.file = file; d.line = line; d.column = nil
        return d
    }

    /// The message with a context before it, `--mask: ...`, keeping the rest.
    public func prefixed(_ context: String) -> Diagnostic {
        var d = self
        d.message = context + message
        return d
    }
}

/// An error of a library's own domain (a case a caller may switch on) that is told to
/// the user as a `Diagnostic`.
public protocol DiagnosticConvertible: Error {
    var diagnostic: Diagnostic { get }
}

extension DiagnosticConvertible where Self: CustomStringConvertible {
    /// A domain error with no place of its own: its description is the message.
    public var diagnostic: Diagnostic { Diagnostic(description) }
}
