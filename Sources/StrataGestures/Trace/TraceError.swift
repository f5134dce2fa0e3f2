import Foundation

/// A trace that cannot be read or written. `description` is the whole diagnostic,
/// `FILE:LINE: message`, in the form editors and terminals link to the line.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    public var file: String
    /// nil when the problem is the file itself (cannot open), not one of its lines.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file; self.line = line; self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }

    public var errorDescription: String? { description }
}
