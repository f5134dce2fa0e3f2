/// A scene that cannot be made or an option value that is wrong: unknown name, unknown
/// option, a value of the wrong type or out of range. The message names the scene or
/// option; callers add where it came from (a trace file's line, the command line).
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
