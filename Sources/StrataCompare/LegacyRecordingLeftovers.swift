import Foundation
import StrataImage

/// What a killed `check --record` could leave before updates swapped entries instead of directories:
/// beside the references, in their parent: `.NAME.strata-staging-PID` (the new set, perhaps
/// holding user files moved into it) and `.NAME.strata-old-PID` (the old set after the
/// first of two renames). Recovered so that an upgrade loses nothing.
enum LegacyLeftovers {
    private static func prefix(_ name: String) -> String { "." + name + ".strata-" }

    /// Before locking: a run killed between the two renames left the references missing
    /// and the old set under its backup name; put it back.
    static func recover(parent: String, name: String, resolved: String) {
        var s = stat()
        guard stat(resolved, &s) != 0, errno == ENOENT else { return }
        for entry in leftovers(parent: parent, name: name, kind: "old-") {
            if rename(parent + "/" + entry, resolved) == 0 { return }
        }
    }

    /// Under the lock: user files in such directories go back into the references; then
    /// strata's own files are removed and the directory with them.
    static func remove(parent: String, name: String) {
        let references = parent + "/" + name
        for entry in leftovers(parent: parent, name: name, kind: "staging-") + leftovers(parent: parent, name: name, kind: "old-") {
            let dir = parent + "/" + entry
            for file in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where !ReferenceRecording.isOurs(file) {
                if access(references + "/" + file, F_OK) != 0 { rename(dir + "/" + file, references + "/" + file) }
            }
            ReferenceRecording.removeOwnFiles(in: dir)
        }
    }

    private static func leftovers(parent: String, name: String, kind: String) -> [String] {
        let start = prefix(name) + kind
        return ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter { entry in
            guard entry.hasPrefix(start) else { return false }
            let pid = entry.dropFirst(start.count)
            return !pid.isEmpty && pid.allSatisfy { $0 >= "0" && $0 <= "9" }
        }
    }
}
