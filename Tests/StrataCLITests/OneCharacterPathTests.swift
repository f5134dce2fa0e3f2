import Foundation
import Testing
import StrataTestSupport

/// A one-character relative path ("r") once trapped in Foundation's
/// `deletingLastPathComponent` (`FilePath.parent` takes every parent now): each command
/// that writes one works and writes it.
@Suite(.serialized, .tags(.gl)) struct OneCharacterPathTests {
    @Test(arguments: [
        (["render", "carousel", "--size", "40x30", "--out", "r"], "r", Int32(0)),
        (["render", "carousel", "--size", "40x30", "--out", "x.png", "--save-trace", "t"], "t", 0),
        (["check", "drag.trace", "--references", "refs", "--results-dir", "r"], "r/results.json", 0),
        (["check", "drag.trace", "--references", "refs", "--report", "h", "--junit", "j"], "h", 0),
        (["replay", "drag.trace", "--apng", "a"], "a", 0),
    ] as [([String], String, Int32)])
    func aOneCharacterPathIsWritten(_ args: [String], _ written: String, _ status: Int32) throws {
        let dir = try temporaryDirectory("one-character")
        _ = try dragTrace(dir)
        #expect(try strata(["check", "drag.trace", "--references", "refs", "--record"], in: dir).status == 0)
        let r = try strata(args, in: dir)
        #expect(r.status == status, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/" + written))
    }
}
