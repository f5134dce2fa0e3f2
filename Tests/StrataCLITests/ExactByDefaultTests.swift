import Foundation
import Testing
import StrataTestSupport

/// A brand colour moved from (52,199,89) to (48,209,88): max delta 10, inside the
/// threshold. On the references' own renderer `check` compares exactly and fails it;
/// options and STRATA_COMPARE override; without a manifest naming this renderer it
/// compares at the threshold and says why in one line.
@Suite(.serialized, .tags(.gl)) struct ExactByDefaultTests {
    @Test func aBrandColourChangeFailsOnTheReferenceRenderer() throws {
        let dir = try temporaryDirectory("exact-default")
        let scene = ##"{"strataScene": 1, "size": [100, 60], "root": {"class": "CALayer", "backgroundColor": "white", "sublayers": [{"class": "CALayer", "frame": [10, 10, 80, 40], "backgroundColor": "#34C759"}]}}"##
        try scene.write(toFile: dir + "/brand.scene.json", atomically: true, encoding: .utf8)
        var r = try strata(["render", "brand.scene.json", "--out", "r.png", "--save-trace", "brand.trace"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        r = try strata(["check", "brand.trace", "--record"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        try scene.replacingOccurrences(of: "#34C759", with: "#30D158").write(toFile: dir + "/brand.scene.json", atomically: true, encoding: .utf8)

        // The 80x40 rectangle's 3200 pixels, every one by at most 10.
        r = try strata(["check", "brand.trace"], in: dir)
        // The layer tree recorded with the reference says why (issue 27).
        #expect(r.status == 1 && r.stdout == "frame-00000: FAIL: 3200 pixels differ (53.3333%), 0 AA, max delta 10, PSNR 34.95 dB\n"
                 + "frame-00000: root.sublayers[0] (CALayer) backgroundColor #34C759 -> #30D158\n0 passed, 1 failed\n", "\(r.stdout)")
        // It ends with the command that accepts the change.
        #expect(r.stderr.hasSuffix("to accept these frames as the references: strata check brand.trace --update changed\n"), "\(r.stderr)")
        // Options and the environment keep overriding.
        r = try strata(["check", "brand.trace", "--threshold", "0.1"], in: dir)
        #expect(r.status == 0 && r.stdout == "1 passed, 0 failed\n", "\(r.stdout)")
        r = try strata(["check", "brand.trace"], in: dir, environment: ["STRATA_COMPARE": "threshold"])
        #expect(r.status == 0 && r.stdout == "1 passed, 0 failed\n", "\(r.stdout)")
        r = try strata(["check", "brand.trace"], in: dir, environment: ["STRATA_COMPARE": "sometimes"])
        #expect(r.status == 2 && r.stderr.contains("STRATA_COMPARE=sometimes: expected auto, exact, threshold"), "\(r.stderr)")

        // References drawn elsewhere (another renderer, a font not here) or unnamed: the threshold, and why.
        let manifestPath = dir + "/references/brand/strata-references.json"
        // Frame files, so the folder still has its frames without its manifest below.
        try storeFramesAsFiles(dir + "/references/brand")
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        try manifest.replacingOccurrences(of: "llvmpipe", with: "softpipe").write(toFile: manifestPath, atomically: true, encoding: .utf8)
        r = try strata(["check", "brand.trace"], in: dir)
        #expect(r.status == 0 && r.stdout.hasPrefix("brand: compared at threshold 0.1, not exactly: renderer 'llvmpipe"), "\(r.stdout)")
        r = try strata(["check", "brand.trace"], in: dir, environment: ["STRATA_COMPARE": "exact"])
        #expect(r.status == 1, "\(r.stdout)")
        try manifest.replacingOccurrences(of: #""fonts" : ["#, with: #""fonts" : [{"file": "NoSuchFont-Regular.otf", "sha256": "00"}"#)
            .write(toFile: manifestPath, atomically: true, encoding: .utf8)
        r = try strata(["check", "brand.trace"], in: dir)
        #expect(r.status == 0 && r.stdout.hasPrefix("brand: compared at threshold 0.1, not exactly: font NoSuchFont-Regular.otf of the references is not installed here\n"), "\(r.stdout)\(r.stderr)")
        try FileManager.default.removeItem(atPath: manifestPath)
        r = try strata(["check", "brand.trace"], in: dir)
        #expect(r.status == 0 && r.stdout == "brand: compared at threshold 0.1, not exactly: the references have no strata-references.json naming what drew them (recording writes one)\n1 passed, 0 failed\n", "\(r.stdout)")
    }

    /// compare has no manifest: it keeps the threshold, and says which passes are the
    /// threshold's; --exact fails them.
    @Test func compareSaysAPassIsTheThresholds() throws {
        let dir = try temporaryDirectory("exact-compare")
        let scene = ##"{"strataScene": 1, "size": [100, 60], "root": {"class": "CALayer", "backgroundColor": "white", "sublayers": [{"class": "CALayer", "frame": [10, 10, 80, 40], "backgroundColor": "#34C759"}]}}"##
        try scene.write(toFile: dir + "/a.scene.json", atomically: true, encoding: .utf8)
        try scene.replacingOccurrences(of: "#34C759", with: "#30D158").write(toFile: dir + "/b.scene.json", atomically: true, encoding: .utf8)
        for name in ["a", "b"] { _ = try strata(["render", "\(name).scene.json", "--out", "\(name).png"], in: dir) }
        var r = try strata(["compare", "a.png", "b.png"], in: dir)
        #expect(r.status == 0 && r.stdout.hasSuffix("1 passed, 0 failed; 1 of the passes only within threshold 0.1: their bytes differ (--exact fails them)\n"), "\(r.stdout)")
        r = try strata(["compare", "a.png", "b.png", "--exact"], in: dir)
        #expect(r.status == 1 && r.stdout.hasSuffix("0 passed, 1 failed\n"), "\(r.stdout)")
        r = try strata(["compare", "a.png", "a.png"], in: dir)
        #expect(r.status == 0 && r.stdout.hasSuffix("1 passed, 0 failed\n"), "\(r.stdout)")
    }
}
