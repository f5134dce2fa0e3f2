import Foundation

/// Path operations Foundation's NSString gets wrong: `deletingLastPathComponent` of a
/// one-character name with no slash ("r", as in `--out r` or `--results-dir r`) traps in
/// this Foundation (swift-corelibs 6.3), so every parent of a user's path is taken here.
public enum FilePath {
    /// `path` without its last component: "" for a bare name, as NSString gives it.
    public static func parent(_ path: String) -> String {
        guard path.contains("/") else { return "" }
        return (path as NSString).deletingLastPathComponent
    }
}
