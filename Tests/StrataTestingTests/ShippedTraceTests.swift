import Foundation
import Testing
import StrataTesting
import StrataScenes

/// Every trace shipped in Traces/ replays to its reference frames in
/// Traces/references/<trace name>/ (recorded with `strata check --record`), byte for byte:
/// `make test` runs this suite on EGL and again on OSMesa (STRATA_GL), so the two
/// backends are shown to draw every shipped frame identically.
@Suite(.serialized) struct ShippedTraceTests {
    static let tracesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Traces").path

    static var traces: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tracesDirectory)) ?? [])
            .filter { $0.hasSuffix(".trace") }.sorted()
    }

    @Test func tracesAreShipped() {
        #expect(Self.traces.contains("carousel-drag.trace") && Self.traces.contains("carousel-flick.trace"))
    }

    @Test(arguments: ShippedTraceTests.traces)
    func replaysMatchTheirReferences(_ trace: String) {
        let name = String(trace.dropLast(".trace".count))
        let references = Self.tracesDirectory + "/references/" + name
        #expect(FileManager.default.fileExists(atPath: references), "no references for \(trace): run strata check --record")
        assertFrames(of: Self.tracesDirectory + "/" + trace, matchReferencesIn: references, scenes: SceneRegistry.scenes, exact: true)
    }
}
