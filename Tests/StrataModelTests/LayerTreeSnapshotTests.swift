import Foundation
import Testing
@testable import StrataModel

/// `LayerTreeSnapshot`: a tree's text and JSON forms, only non-default properties.
struct LayerTreeSnapshotTests {
    private func card() -> Layer {
        let card = Layer()
        card.name = "card"
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        card.position = Point(x: 60, y: 40.25)
        card.backgroundColor = Color(r8: 0x34, g8: 0xC7, b8: 0x59)
        card.opacity = 0.5
        let turn = TransformLayer()
        turn.transform = .makeTranslation(15, 0, 0)
        turn.position = Point(x: -0.0, y: 0)
        card.addSublayer(turn)
        let title = TextLayer()
        title.name = "title"
        title.string = "Hi"
        title.shadowColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        card.addSublayer(title)
        return card
    }

    /// A shape layer is a CAShapeLayer with its path as SVG path data.
    @Test func shapeLayersShowTheirPathAndStroke() {
        let ring = ShapeLayer()
        ring.name = "ring"
        var p = Path()
        p.addLines(between: [Point(0, 0), Point(10, 0.5)])
        p.addQuadCurve(to: Point(20, 0), control: Point(15, 5))
        p.closeSubpath()
        ring.path = p
        ring.fillColor = nil
        ring.strokeColor = Color(r8: 0xFF, g8: 0x3B, b8: 0x30)
        ring.strokeEnd = 0.5
        #expect(LayerTreeSnapshot(ring).text == """
        ring (CAShapeLayer)
          path: M 0 0 L 10 0.5 Q 15 5 20 0 Z
          fillColor: nil
          strokeColor: #FF3B30
          strokeEnd: 0.5

        """)
    }

    @Test func textListsOnlyPropertiesThatDifferFromTheClassDefaults() {
        let text = LayerTreeSnapshot(card()).text
        #expect(text == """
        card (CALayer)
          bounds: 0 0 100 50
          position: 60 40.25
          opacity: 0.5
          backgroundColor: #34C759
          card.sublayers[0] (CATransformLayer)
            transform: 1 0 0 0 0 1 0 0 0 0 1 0 15 0 0 1
          title (CATextLayer)
            shadowColor: #FF000080
            string: Hi

        """)
    }

    @Test func numbersAreShortestRoundTripAndNegativeZeroIsZero() {
        #expect(SnapshotValue.format(-0.0) == "0")
        #expect(SnapshotValue.format(0.1) == "0.1")
        #expect(SnapshotValue.format(-12) == "-12")
        #expect(SnapshotValue.format(1.0 / 3) == "0.3333333333333333")
    }

    @Test func jsonRoundTripsThroughCodable() throws {
        let snapshot = LayerTreeSnapshot(card())
        let data = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(LayerTreeSnapshot.self, from: data) == snapshot)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["class"] as? String == "CALayer")
        #expect((object?["properties"] as? [String: Any])?["backgroundColor"] as? String == "#34C759")
    }
}

/// `LayerTreeDelta`: frames after the first keep only what changed, and decode back.
struct LayerTreeDeltaTests {
    @Test func framesRoundTripAndKeepOnlyChanges() throws {
        let root = Layer()
        root.name = "root"
        let card = Layer()
        card.name = "card"
        root.addSublayer(card)
        var frames: [LayerTreeSnapshot] = []
        for y in [0.0, 10, 10, 0] {
            card.position = Point(x: 5, y: y)
            frames.append(LayerTreeSnapshot(root))
        }
        card.addSublayer(Layer())
        frames.append(LayerTreeSnapshot(root))
        let deltas = LayerTreeDelta.encode(frames)
        #expect(deltas[0] == .tree(frames[0]))
        #expect(deltas[1] == .changes([.init(layer: 1, set: ["position": .numbers([5, 10])], unset: [])]))
        #expect(deltas[2] == .changes([]))
        #expect(deltas[3] == .changes([.init(layer: 1, set: ["position": .numbers([5, 0])], unset: [])]))
        #expect(deltas[4] == .tree(frames[4]), "a new layer: the whole tree again")
        let json = try JSONEncoder().encode(deltas)
        let decoded = LayerTreeDelta.decode(try JSONDecoder().decode([LayerTreeDelta].self, from: json))
        #expect(decoded == frames)
        #expect(LayerTreeDelta.decode([.changes([])]) == nil)
    }
}
