import Foundation

/// What a report says about the run that made it, in its run section: when, the command,
/// the command that accepts its failures, and (from its traces) Strata's version, the
/// renderer, Mesa and how frames were compared.
///
/// The date is the one thing of a report not taken from its results: `SOURCE_DATE_EPOCH`
/// (the reproducible-builds convention) when set, else the time the report is written.
/// It, the command and the accept command live only in the run section
/// (`<section id="run">`), so the rest of the report is a function of the results: a
/// merged report equals an unsharded one outside that section.
public struct ReportRun: Sendable, Equatable {
    /// ISO 8601 in UTC, to the second: `2026-12-03T16:40:00Z`.
    public var date: String?
    /// The command as run, quoted for a POSIX shell.
    public var command: String?
    /// The command that accepts the failing frames as references.
    public var accept: String?

    public init(date: String? = nil, command: String? = nil, accept: String? = nil) {
        self.date = date; self.command = command; self.accept = accept
    }

    /// `SOURCE_DATE_EPOCH` (seconds since 1970, UTC) if set and valid, else `now`.
    public static func date(environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()) -> String {
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.map(Double.init) ?? now.timeIntervalSince1970
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
    }

    /// Arguments joined into one line a POSIX shell reads back as they were.
    public static func shellLine(_ words: [String]) -> String {
        words.map { arg in
            arg.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:@%+".contains($0) } && !arg.isEmpty
                ? arg : "'" + arg.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
