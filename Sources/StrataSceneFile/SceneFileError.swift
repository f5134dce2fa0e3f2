import StrataModel

/// A line and column in a scene file, both from 1; columns count characters (Unicode
/// scalars), not bytes, so an editor's "go to" lands on the spot.
public struct SourcePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// Why a scene file cannot be used, worded for its author:
/// `FILE:LINE:COL: root.sublayers[2].cornerRadius: expected a number, got "10px"`.
/// Every error of the format (syntax, types, unknown keys, limits, paths) is one of these.
public struct SceneFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var position: SourcePosition
    /// The JSON path of the value at fault, e.g. `root.sublayers[2].cornerRadius`; empty
    /// for the file as a whole.
    public var path: String
    public var message: String

    public init(file: String, position: SourcePosition, path: String, message: String) {
        self.file = file; self.position = position; self.path = path; self.message = message
    }

    public var description: String { diagnostic.description }
}

extension SceneFileError: DiagnosticConvertible {
    /// At the file's line and column; the JSON path starts the message.
    public var diagnostic: Diagnostic {
        Diagnostic(file: file, line: position.line, column: position.column, message: path.isEmpty ? message : "\(path): \(message)")
    }
}
