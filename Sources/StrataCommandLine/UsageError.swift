import StrataImage

/// The usage error every library throws (StrataImage), named in every file of the command.
typealias UsageError = StrataImage.UsageError

/// Thrown to end the process with `code` without it being an error: `compare` and
/// `check` use 1 for "the frames differ", which scripts and CI tell apart from 2,
/// "could not compare".
struct ExitStatus: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "exit status \(code)" }
}

/// "1 frame", "2 frames".
func plural(_ n: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : (pluralForm ?? singular + "s"))"
}

extension Double {
    /// 2 rather than 2.0 in messages.
    var clean: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
