import StrataModel

/// A usage error: a flag or an input that cannot be used as given, told by the flag's name
/// rather than a file's line, so it is a `Diagnostic` with no place. `strata` prints it as
/// `strata: error: ...` with exit status 2; an assertion fails with its text.
public typealias UsageError = Diagnostic
