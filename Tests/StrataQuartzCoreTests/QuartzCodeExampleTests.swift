import Foundation
import QuartzCodeExamples
import StrataModel
import StrataQuartzCore
import StrataRender
import StrataTestSupport
import Testing

/// Examples/QuartzCode: layer code written as iOS code is written, each rendered through
/// a QuartzScene at three moments and compared with Tests/References/quartz-code/ (recorded
/// by `make record-references`, looked at, and kept).
@Suite(.serialized, .tags(.gl)) struct QuartzCodeExampleTests {
    static let examples: [(name: String, build: @Sendable (CALayer) -> Void, times: [Double])] = [
        ("pulsing-rings", addPulsingRings, [0.3, 0.9, 1.6]),
        ("card-flip", addCardFlip, [0, 0.45, 1.3]),
        ("shadow-path-card", addShadowPathCard, [0, 0.15, 1.2]),
        ("loading-dots", addLoadingDots, [0.1, 0.3, 0.55]),
        ("equalizer", addEqualizer, [0, 0.2, 0.5]),
        ("gradient-colors", addGradientColors, [0, 1, 2]),
        ("transaction-chain", addTransactionChain, [0.4, 1.0, 1.5]),
        ("progress-ring", addProgressRing, [0.3, 0.75, 1.5]),
        ("checkmark", addCheckmark, [0.3, 0.5, 0.8]),
        ("activity-spinner", addActivitySpinner, [0, 0.25, 1.5]),
        ("transition-push", addTransitionPush, [0.3, 0.75, 1.2]),
        ("shimmer", addShimmer, [0.3, 0.75, 1.2]),
    ]

    @Test(arguments: examples.indices)
    func eachExampleMatchesItsReferences(index: Int) throws {
        let example = Self.examples[index]
        let scene = QuartzScene(name: example.name, size: CGSize(width: 240, height: 200), scale: 2) { root in
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            example.build(root)
        }.descriptor
        let made = try scene.makeScene(viewSize: scene.defaultViewSize, scale: scene.defaultScale)
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        for t in example.times {
            made.advance(to: t)
            let image = try renderer.render(layer: made.presentationLayer, pixelWidth: 480, pixelHeight: 400, scale: 2)
            try expectMatchesReference(image, "quartz-code/\(example.name)-\(t)")
        }
    }

    /// The chain's second animation starts from the first's completion block, at 0.8 s:
    /// before it the badge has one animation, after it the pop too.
    @Test func theCompletionBlockStartsTheSecondAnimation() throws {
        let scene = QuartzScene(name: "chain", size: CGSize(width: 240, height: 200)) { addTransactionChain(to: $0) }.descriptor
        let made = try scene.makeScene(viewSize: scene.defaultViewSize, scale: 1)
        made.advance(to: 0.7)
        #expect(made.rootLayer.sublayers[0].animationKeys() == ["slide"])
        made.advance(to: 0.9)
        #expect(made.rootLayer.sublayers[0].animationKeys().contains("pop"))
    }

    /// Each file imports only the import blocks iOS code would have (QuartzCore or
    /// StrataQuartzCore, UIKit or StrataUIKitGraphics) and Foundation, so it compiles
    /// unchanged in an iOS app.
    @Test func examplesImportOnlyWhatAnIOSAppHas() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/QuartzCode")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 9)
        let allowed: Set<String> = ["import QuartzCore", "import StrataQuartzCore", "import UIKit", "import StrataUIKitGraphics",
                                    "import Foundation"]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported") || $0.hasPrefix("@testable") }
            for line in imports { #expect(allowed.contains(line), "\(file): \(line)") }
            #expect(text.contains("#if canImport(QuartzCore)\nimport QuartzCore\n#else\nimport StrataQuartzCore\n#endif"), "\(file)")
        }
    }
}
