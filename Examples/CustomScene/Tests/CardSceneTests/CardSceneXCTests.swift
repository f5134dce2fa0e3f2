import Foundation
import XCTest
import CardScene
import StrataTesting

/// The same assertions from an XCTestCase, with `import XCTest` alone (no `import Testing`):
/// a failing assertion fails the XCTest test (XCTFail), as it records an issue in Swift Testing.
final class CardSceneXCTests: XCTestCase {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Traces").path

    func testTheRecordedDragReplaysToItsReferences() {
        assertFrames(of: Self.traces + "/card-drag.trace", matchReferencesIn: Self.traces + "/references/card-drag",
                     scenes: [CardScene.descriptor])
    }

    func testATapSpinsTheCard() {
        assertScene(CardScene.descriptor, at: 0.3, script: ["tap": true], named: "spin-0.3")
    }

    /// Runs `failingAssertions` in a child process of this test binary, as XCTest runs a
    /// test: the child must fail, naming a missing reference and a changed frame. (Linux's
    /// XCTest has no XCTExpectFailure, so the failure is shown where it really happens.)
    func testAFailingAssertionFailsItsXCTest() throws {
        if let dir = ProcessInfo.processInfo.environment["CARD_FAILING_ASSERTIONS_DIR"] {
            // The child: both assertions below fail, so this test fails in the child.
            assertScene(CardScene.descriptor, at: 0.3, script: ["tap": true], named: "spin", in: dir)
            assertScene(CardScene.descriptor, at: 0.3, options: ["color": "purple"], script: ["tap": true], named: "spin", in: dir)
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("card-xctest-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["CardSceneTests.CardSceneXCTests/testAFailingAssertionFailsItsXCTest"]
        child.environment = ProcessInfo.processInfo.environment.merging(["CARD_FAILING_ASSERTIONS_DIR": dir]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        XCTAssertNotEqual(child.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("spin: no reference frame: recorded \(dir)/spin.png"), text)
        XCTAssertTrue(text.contains("spin does not match its reference in \(dir)"), text)
        XCTAssertTrue(text.contains("CardSceneXCTests.testAFailingAssertionFailsItsXCTest' failed"), text)
    }
}
