import Foundation

/// A folder of files written as one (a report's `report-files/`): filled in a temporary
/// beside it (`.NAME.tmp-PID`), then swapped in with the file that links to it, the
/// folder it replaces kept aside until that file is in place. What a killed strata left
/// (temporaries of processes that no longer run) is removed first.
public struct StagedFolder {
    public let target: String
    /// Where the new files go until `commit`.
    public let staging: String
    private let aside: String

    public init(base: String, name: String) {
        target = (base as NSString).appendingPathComponent(name)
        staging = (base as NSString).appendingPathComponent(AtomicFile.temporaryName(for: name))
        aside = (base as NSString).appendingPathComponent(AtomicFile.temporaryName(for: name + "-old"))
        AtomicFile.removeDeadTemporaries(of: target)
        AtomicFile.removeDeadTemporaries(of: (base as NSString).appendingPathComponent(name + "-old"))
    }

    private var staged: Bool { access(staging, F_OK) == 0 }

    /// Puts the staged folder in place (when anything was staged), then runs `linking`
    /// (the write of the file that links to it); if that fails, the old folder comes back.
    public func commit(_ linking: () throws -> Void) throws {
        guard staged else { return try linking() }
        let hadOld = access(target, F_OK) == 0
        if hadOld && rename(target, aside) != 0 {
            let error = SystemError.io(target, "cannot move the old folder aside")
            abandon()
            throw error
        }
        guard rename(staging, target) == 0 else {
            let error = SystemError.io(target, "cannot put the new folder in place")
            if hadOld { rename(aside, target) }
            abandon()
            throw error
        }
        do { try linking() } catch {
            try? FileManager.default.removeItem(atPath: target)
            if hadOld { rename(aside, target) }
            throw error
        }
        if hadOld { try? FileManager.default.removeItem(atPath: aside) }
    }

    /// Removes what was staged; the folder in place is left as it was.
    public func abandon() { try? FileManager.default.removeItem(atPath: staging) }
}
