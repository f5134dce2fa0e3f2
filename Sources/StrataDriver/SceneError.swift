import StrataModel

/// A scene that cannot be made or an option value that is wrong: unknown name, unknown
/// option, a value of the wrong type or out of range. The message names the scene or
/// option; it has no place until a reader gives it one (`Diagnostic.placed`): a trace's
/// header line when the header gave the option, none when a flag did.
public typealias SceneError = Diagnostic
