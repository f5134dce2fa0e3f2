import Foundation
import Testing
import StrataTestSupport

/// Every reference update (`--update missing|changed|all`, `--record`) is all or nothing,
/// under an exclusive lock, and leaves the references directory itself as it was: its
/// mode, owner and inode, and the files strata did not write.
@Suite(.serialized, .tags(.gl)) struct ReferenceUpdateTests {
    /// A set recorded at angle 0 and a 60 s trace at angle 40, whose every frame differs.
    func recordedSet(_ name: String) throws -> (dir: String, refs: String, long: String) {
        let dir = try temporaryDirectory(name)
        let refs = dir + "/refs"
        #expect(try strata(["check", try dragTrace(dir, seconds: 60, fps: 30), "--references", refs, "--record"]).status == 0)
        return (dir, refs, try dragTrace(dir, name: "long", seconds: 60, fps: 30, angle: 40))
    }

    func stagedCount(_ refs: String) -> Int {
        listing(refs).first { $0.hasPrefix(".strata-staging-") }.map { listing(refs + "/" + $0).count } ?? 0
    }

    @Test(arguments: ["changed", "all"])
    func anInterruptedUpdateChangesNothing(_ mode: String) throws {
        let (_, refs, long) = try recordedSet("update-interrupt-\(mode)")
        let before = contents(refs)
        let r = try strata(["check", long, "--references", refs, "--update", mode], sending: SIGINT) { stagedCount(refs) >= 3 }
        #expect(r.status == 130, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("strata: interrupted by SIGINT: recorded nothing, the references in \(refs) were not changed"), "\(r.stderr)")
        #expect(contents(refs) == before, "no reference replaced and no staging left")
    }

    @Test func aSecondUpdateOfTheSameReferencesIsRefused() throws {
        let (_, refs, long) = try recordedSet("update-concurrent")
        var second: RunResult?
        let first = try strata(["check", long, "--references", refs, "--update", "changed"], sending: SIGINT) {
            guard stagedCount(refs) >= 2 else { return false }
            second = try? strataProcess(["check", long, "--references", refs, "--update", "changed"])
            return true
        }
        let s = try #require(second)
        #expect(s.status == 2)
        #expect(s.stderr.contains("another strata is using this directory"), "\(s.stderr)")
        #expect(first.status == 130, "\(first.stderr)")
        // Nor does a check read references while they are updated.
        var reader: RunResult?
        _ = try strata(["check", long, "--references", refs, "--update", "changed"], sending: SIGINT) {
            guard stagedCount(refs) >= 2 else { return false }
            reader = try? strataProcess(["check", long, "--references", refs])
            return true
        }
        #expect(reader?.status == 2 && reader?.stderr.contains("another strata is writing into this directory") == true, "\(reader?.stderr ?? "")")
    }

    /// The directory is never replaced: a 0700 directory of another owner stays one, on the
    /// same inode (a mount point or a Docker volume cannot be renamed), and unchanged
    /// references keep their modification time.
    @Test(arguments: ["changed", "all"])
    func theDirectoryKeepsItsModeOwnerAndIdentity(_ mode: String) throws {
        let dir = try temporaryDirectory("update-identity-\(mode)")
        let refs = dir + "/refs"
        let trace = try dragTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        #expect(chmod(refs, 0o700) == 0)
        let owner: uid_t = getuid() == 0 ? 4321 : getuid()
        if getuid() == 0 { #expect(chown(refs, owner, 4321) == 0) }
        let old = timespec(tv_sec: 1_000_000_000, tv_nsec: 0)
        var times = [old, old]
        for f in listing(refs) where f.hasSuffix(".png") { #expect(utimensat(AT_FDCWD, refs + "/" + f, &times, 0) == 0) }
        var before = stat()
        #expect(stat(refs, &before) == 0)
        // Frames 3 onwards change: a drag at another angle after the first frames.
        let moved = try dragTrace(dir, name: "moved", angle: 25)
        let r = try strata(["check", moved, "--references", refs, "--update", mode])
        #expect(r.status == 0, "\(r.stderr)")
        var after = stat()
        #expect(stat(refs, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_dev == before.st_dev)
        #expect(after.st_mode & 0o7777 == 0o700 && after.st_uid == owner)
        #expect(!listing(refs).contains { $0.hasPrefix(".strata-") }, "\(listing(refs))")
        #expect(try strata(["check", moved, "--references", refs]).status == 0)
        // A second update with nothing changed touches no file.
        for f in listing(refs) where f.hasSuffix(".png") { #expect(utimensat(AT_FDCWD, refs + "/" + f, &times, 0) == 0) }
        let again = try strata(["check", moved, "--references", refs, "--update", mode])
        #expect(again.status == 0 && again.stdout.contains("0 references updated"), "\(again.stdout)")
        for f in listing(refs) where f.hasSuffix(".png") {
            var s = stat()
            #expect(stat(refs + "/" + f, &s) == 0 && s.st_mtim.tv_sec == old.tv_sec, "\(f) was rewritten")
        }
    }

    /// A commit killed after its journal was written is finished by the next strata that
    /// opens the references, even one that only checks.
    @Test func aKilledCommitIsFinishedByTheNextCheck() throws {
        let dir = try temporaryDirectory("update-journal")
        let refs = dir + "/refs", other = dir + "/other"
        let trace = try dragTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        #expect(try strata(["check", try dragTrace(dir, name: "moved", angle: 25), "--references", other, "--record"]).status == 0)
        try storeFramesAsFiles(refs); try storeFramesAsFiles(other)
        // What SIGKILL between two renames of a commit leaves: frames 4 and 5 of the new
        // set still staged, the journal naming them, frame 3 already moved in.
        let staging = refs + "/.strata-staging-999998"
        #expect(mkdir(staging, 0o700) == 0)
        for f in ["frame-00004.png", "frame-00005.png"] { try FileManager.default.copyItem(atPath: other + "/" + f, toPath: staging + "/" + f) }
        try FileManager.default.removeItem(atPath: refs + "/frame-00003.png")
        try FileManager.default.copyItem(atPath: other + "/frame-00003.png", toPath: refs + "/frame-00003.png")
        try "strata-commit 1\nstaging .strata-staging-999998\nmove frame-00003.png\nmove frame-00004.png\nmove frame-00005.png\n"
            .write(toFile: refs + "/.strata-commit-999998", atomically: true, encoding: .utf8)
        // A staging directory with no journal: a run killed before committing.
        #expect(mkdir(refs + "/.strata-staging-999997", 0o700) == 0)
        try FileManager.default.copyItem(atPath: other + "/frame-00006.png", toPath: refs + "/.strata-staging-999997/frame-00006.png")
        let r = try strata(["check", trace, "--references", refs])
        #expect(r.status == 1, "frames 3-5 are the other set's now: \(r.stdout)")
        #expect(r.stdout.contains("3 failed"), "\(r.stdout)")
        for f in ["frame-00003.png", "frame-00004.png", "frame-00005.png"] {
            #expect(FileManager.default.contents(atPath: refs + "/" + f) == FileManager.default.contents(atPath: other + "/" + f))
        }
        #expect(FileManager.default.contents(atPath: refs + "/frame-00006.png") != FileManager.default.contents(atPath: other + "/frame-00006.png"))
        #expect(!listing(refs).contains { $0.hasPrefix(".strata-") }, "\(listing(refs))")
    }

    /// A journal that is not strata's whole, own journal is never followed: it cannot
    /// move or delete anything but frames and the manifest.
    @Test func aForgedJournalIsIgnored() throws {
        let dir = try temporaryDirectory("update-forged")
        let refs = dir + "/refs"
        let trace = try dragTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        try storeFramesAsFiles(refs)
        try "keep".write(toFile: refs + "/NOTES.txt", atomically: true, encoding: .utf8)
        try "strata-commit 1\nstaging .strata-staging-1\nremove NOTES.txt\nremove frame-00000.png\n"
            .write(toFile: refs + "/.strata-commit-5", atomically: true, encoding: .utf8)
        #expect(try strata(["check", trace, "--references", refs]).status == 0)
        #expect(listing(refs).contains("NOTES.txt") && listing(refs).contains("frame-00000.png"))
        #expect(!listing(refs).contains(".strata-commit-5"))
    }

    /// A recording compares nothing, so it never says "passed": it says what it wrote, per
    /// trace and, for several, in all.
    @Test func aRecordingSaysWhatItWroteNotPassed() throws {
        let dir = try temporaryDirectory("update-summary")
        let traces = dir + "/Traces"
        #expect(mkdir(traces, 0o755) == 0)
        _ = try dragTrace(traces, name: "a"); _ = try dragTrace(traces, name: "b", angle: 10)
        let r = try strata(["check", traces, "--record"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "recorded 8 frames into \(traces)/references/a: 0 references updated, 0 unchanged, 8 added\n"
                + "recorded 8 frames into \(traces)/references/b: 0 references updated, 0 unchanged, 8 added\n"
                + "recorded 2 traces, 16 frames: 0 updated, 0 unchanged, 16 added\n", "\(r.stdout)")
        let one = try strata(["check", traces + "/a.trace", "--record"])
        #expect(one.stdout == "recorded 8 frames into \(traces)/references/a: 0 references updated, 8 unchanged, 0 added\n", "\(one.stdout)")
    }

    /// A reference frame that is a symlink is replaced by a file; what it pointed at is
    /// left alone, and no staging directory is left behind.
    @Test func aSymlinkedReferenceIsReplacedNotWrittenThrough() throws {
        let dir = try temporaryDirectory("update-symlink")
        let refs = dir + "/refs"
        let trace = try dragTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        try storeFramesAsFiles(refs)
        // The link points at a frame of another drag: it fails, so --update changed rewrites it.
        #expect(try strata(["render", "carousel", "--angle", "50", "--size", "160x120", "--out", dir + "/outside.png"]).status == 0)
        let outside = FileManager.default.contents(atPath: dir + "/outside.png")
        try FileManager.default.removeItem(atPath: refs + "/frame-00002.png")
        #expect(symlink(dir + "/outside.png", refs + "/frame-00002.png") == 0)
        let r = try strata(["check", trace, "--references", refs, "--update", "changed"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("1 reference updated"), "\(r.stdout)")
        #expect(FileManager.default.contents(atPath: dir + "/outside.png") == outside)
        var s = stat()
        #expect(lstat(refs + "/frame-00002.png", &s) == 0 && s.st_mode & S_IFMT == S_IFREG)
        #expect(!listing(refs).contains { $0.hasPrefix(".strata-") }, "\(listing(refs))")
    }
}
