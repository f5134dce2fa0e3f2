import StrataModel

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

extension SceneFileError {
    /// The reader's error as a scene author reads it, with a hint where the format has one.
    init(file: String, json error: JSONError) {
        var message = error.message
        switch error.reason {
        case .empty: message += "; a scene file is a JSON object"
        case .comment: message += " (a \"summary\" or an option's \"help\" can hold notes)"
        default: break
        }
        self.init(file: file, position: error.position, path: error.path, message: message)
    }
}
