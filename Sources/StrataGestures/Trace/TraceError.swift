import StrataModel

/// A trace that cannot be read or written: a `Diagnostic` at the trace's file and line
/// (nil when the problem is the file itself, not one of its lines), with the column of a
/// JSON error when it is known, `FILE:LINE:COLUMN: message`.
public typealias TraceError = Diagnostic
