import Foundation
import StrataQuartzCore
import StrataQuartzCoreTesting
import StrataRender
import StrataTestSupport
import Testing

/// assertSnapshot(of: CALayer): records a missing reference (and fails saying so), passes
/// on the same frame, fails on a changed colour, and draws the moment asked for.
@Suite(.serialized, .tags(.gl)) struct CALayerSnapshotTests {
    private func card(_ color: CGColor) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        card.backgroundColor = color
        root.addSublayer(card)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = 30
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        card.add(slide, forKey: "slide")
        return root
    }

    @Test func aLayerTreeIsSnapshotTestedAtAMoment() throws {
        let dir = try temporaryDirectory("calayer-snapshot")
        let green = CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
        withKnownIssue {
            assertSnapshot(of: card(green), size: CGSize(width: 60, height: 40), at: 0.5, named: "card", in: dir)
        } matching: { $0.comments.contains { $0.rawValue.contains("no reference frame: recorded") } }
        assertSnapshot(of: card(green), size: CGSize(width: 60, height: 40), at: 0.5, named: "card", in: dir)
        // At 0.5 s the card's centre is at x = 20: its left edge at 0, so pixel (5, 20) is green.
        let frame = try PNG.read(path: dir + "/card.png")
        let i = (20 * frame.width + 5) * 4
        #expect(Array(frame.pixels[i..<i + 4]) == [52, 199, 89, 255])
        withKnownIssue {
            assertSnapshot(of: card(CGColor(red: 48 / 255, green: 209 / 255, blue: 88 / 255, alpha: 1)),
                           size: CGSize(width: 60, height: 40), at: 0.5, named: "card", in: dir)
        } matching: { $0.comments.contains { $0.rawValue.contains("800 pixels differ") } }
    }
}
