import Foundation

/// A trace that cannot be read or written. `description` is the whole diagnostic,
/// `FILE:LINE: message` (or `FILE:LINE:COLUMN:` for a JSON error), in the form editors
/// and terminals link to the place.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    public var file: String
    /// nil when the problem is the file itself (cannot open), not one of its lines.
    public var line: Int?
    /// The character (from 1) where a JSON error is, when it is known.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    public var description: String {
        switch (line, column) {
        case let (line?, column?): return "\(file):\(line):\(column): \(message)"
        case let (line?, nil): return "\(file):\(line): \(message)"
        default: return "\(file): \(message)"
        }
    }

    public var errorDescription: String? { description }
}
