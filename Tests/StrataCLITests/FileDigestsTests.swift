import Foundation
import Testing
import StrataDigest
import StrataTestSupport

/// Files hashed once while they are the same file (device, inode, size, modification
/// time), and the table `check`'s cache keeps between runs.
@Suite(.tags(.gl)) struct FileDigestsTests {
    @Test func aRememberedDigestIsTrustedOnlyWhileTheFileIsTheSame() throws {
        let dir = try temporaryDirectory("file-digests")
        let path = dir + "/font.otf"
        try Data("glyphs".utf8).write(to: URL(fileURLWithPath: path))
        let real = try SHA256.hex(ofFileAt: path)
        let first = FileDigests()
        #expect(try first.sha256(ofFileAt: path) == real && first.hashedCount == 1)
        #expect(try first.sha256(ofFileAt: path) == real && first.hashedCount == 1)
        // Another run reads the table back: a digest it holds for this very file is used
        // as it stands (here a made-up one, so that trusting it shows).
        var kept = try #require(first.entries.first)
        kept.sha256 = String(repeating: "0", count: 64)
        let next = FileDigests()
        next.remember([kept])
        #expect(try next.sha256(ofFileAt: path) == kept.sha256 && next.hashedCount == 0)
        // Written again, same size, another modification time: hashed again.
        try Data("glyphz".utf8).write(to: URL(fileURLWithPath: path))
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 5), timespec(tv_sec: 1_000_000, tv_nsec: 5)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try next.sha256(ofFileAt: path) == SHA256.hex(ofFileAt: path) && next.hashedCount == 1)
        // A table entry that is not a digest is not taken.
        var bad = try #require(next.entries.first)
        bad.sha256 = "not a digest"
        let third = FileDigests()
        third.remember([bad])
        #expect(try third.sha256(ofFileAt: path) == SHA256.hex(ofFileAt: path) && third.hashedCount == 1)
    }

    /// `check` with its cache keeps the table beside its entries (the executable and the
    /// fonts it hashed); a table that is not JSON is ignored and written afresh.
    @Test func checkKeepsTheTableInItsCacheFolder() throws {
        let dir = try temporaryDirectory("file-digests-check")
        let cache = ["STRATA_CACHE_DIR": dir + "/cache"]
        let trace = dir + "/drag.trace", refs = dir + "/refs"
        try ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 120, \"height\": 90, \"scale\": 1, \"fps\": 20}",
             "{\"t\": 0, \"kind\": \"down\", \"x\": 30, \"y\": 45}", "{\"t\": 0.1, \"kind\": \"up\", \"x\": 50, \"y\": 45}", ""]
            .joined(separator: "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        var r = try strataProcess(["check", trace, "--references", refs], environment: cache)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let table = dir + "/cache/file-digests.json"
        struct Entry: Codable { var path: String; var sha256: String }
        let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: URL(fileURLWithPath: table)))
        #expect(entries.contains { $0.path.hasSuffix("/strata") && SHA256.isHex($0.sha256) }, "\(entries.map(\.path))")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: table))
        r = try strataProcess(["check", trace, "--references", refs], environment: cache)
        #expect(r.status == 0 && r.stdout.contains("passed from cache"), "\(r.stdout)\(r.stderr)")
        #expect(try JSONDecoder().decode([Entry].self, from: Data(contentsOf: URL(fileURLWithPath: table))).count == entries.count)
    }
}
