import Foundation
import StrataModel

/// Which references a check writes instead of (or after) comparing, as
/// swift-snapshot-testing's record modes: read from `STRATA_RECORD` in one place.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Compare only; a missing reference fails.
    case none
    /// Write references that are missing (and fail, saying so); compare the rest.
    case missing
    /// Rewrite only references that fail the comparison; leave passing ones untouched.
    case changed
    /// Rewrite every reference.
    case all

    /// `STRATA_RECORD`: unset or empty gives `fallback`; `1` means all; otherwise one of
    /// none, missing, changed, all. Anything else is an error naming the variable.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       default fallback: RecordMode) throws -> RecordMode {
        guard let word = environment["STRATA_RECORD"], !word.isEmpty else { return fallback }
        if word == "1" { return .all }
        guard let mode = RecordMode(rawValue: word) else {
            throw Diagnostic("STRATA_RECORD=\(word): expected 1, \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }
}

