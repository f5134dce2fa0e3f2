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
