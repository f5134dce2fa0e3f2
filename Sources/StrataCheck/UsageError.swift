/// A usage error: a flag or an input that cannot be used as given. `strata` prints it as
/// `strata: error: ...` with exit status 2; an assertion fails with its text.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
