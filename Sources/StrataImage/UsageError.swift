/// A usage error: a flag or an input that cannot be used as given, told by the flag's name
/// rather than a file's line. `strata` prints it as `strata: error: ...` with exit status
/// 2; an assertion fails with its text. Beside `RenderError` so every library can throw it.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
