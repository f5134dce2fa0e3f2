import Foundation
import Testing
@testable import StrataModel

/// Issue 27 §2 without GL: two trees compared through their snapshots' values, and where
/// each layer draws (`LayerPixelBounds`), for a live tree and for a recorded one.
struct LayerTreeComparisonTests {
    private func tree(colour: Color = Color(r8: 0x34, g8: 0xC7, b8: 0x59), y: Double = 240, badge: Bool = true) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 320, height: 480)
        let card = Layer()
        card.name = "card"
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        card.position = Point(x: 160, y: y)
        card.backgroundColor = colour
        root.addSublayer(card)
        if badge {
            let b = Layer()
            b.name = "badge"
            b.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            root.addSublayer(b)
        }
        return root
    }

    @Test func changesAreToldByLayerAndKeyPath() {
        let before = LayerTreeSnapshot(tree())
        let after = LayerTreeSnapshot(tree(colour: Color(r8: 0x30, g8: 0xD1, b8: 0x58), y: 244))
        let changes = LayerTreeComparison.changes(from: before, to: after)
        #expect(LayerTreeComparison.text(changes) == "card (CALayer) position.y 240 -> 244; card.backgroundColor #34C759 -> #30D158")
        #expect(LayerTreeComparison.changes(from: before, to: before).isEmpty)
        // Only the layers asked about.
        #expect(LayerTreeComparison.changes(from: before, to: after, layers: ["badge"]).isEmpty)
        // A property back at its default is compared with the class's default value.
        let plain = tree()
        plain.sublayers[0].backgroundColor = nil
        #expect(LayerTreeComparison.text(LayerTreeComparison.changes(from: before, to: LayerTreeSnapshot(plain))) == "card (CALayer) backgroundColor #34C759 -> nil")
    }

    @Test func layersAddedRemovedAndLongListsAreTold() {
        let with = LayerTreeSnapshot(tree()), without = LayerTreeSnapshot(tree(badge: false))
        #expect(LayerTreeComparison.text(LayerTreeComparison.changes(from: with, to: without)) == "badge (CALayer) removed")
        #expect(LayerTreeComparison.text(LayerTreeComparison.changes(from: without, to: with)) == "badge (CALayer) added")
        // A turned layer: three of the matrix's values, then how many more.
        let turned = tree()
        turned.sublayers[0].transform = .makeRotation(.pi / 6, 0, 0, 1)
        #expect(LayerTreeComparison.text(LayerTreeComparison.changes(from: with, to: LayerTreeSnapshot(turned)))
                == "card (CALayer) transform.m11 1 -> 0.866; card.transform.m12 0 -> 0.5; card.transform.m21 0 -> -0.5; card.transform (1 more of its 16 values)")
        // A translation is named as Core Animation's key path.
        let moved = tree()
        moved.sublayers[0].transform = .makeTranslation(15, 0, 0)
        #expect(LayerTreeComparison.text(LayerTreeComparison.changes(from: with, to: LayerTreeSnapshot(moved))) == "card (CALayer) transform.translation.x 0 -> 15")
        // Past the limit, a count.
        let many = (0..<3).map { PropertyChange(layer: "l\($0)", className: "CALayer", key: "opacity", old: "1", new: "0") }
        #expect(LayerTreeComparison.text(many, limit: 2) == "l0 (CALayer) opacity 1 -> 0; l1 (CALayer) opacity 1 -> 0; and 1 more (strata dump shows the whole tree)")
    }

    @Test func readableNumbers() {
        #expect(LayerTreeComparison.readable(53.333333333333336, 52.083333333333336) == ("53.333", "52.083"))
        #expect(LayerTreeComparison.readable(0, 0.0003420201433256687) == ("0", "0.000342"))
        #expect(LayerTreeComparison.readable(1.00000001, 1.00000002) == ("1.00000001", "1.00000002"))
    }

    /// Pixel bounds at scale 2, in pre-order: the root, the card (100x60 at 160,240 -> 110...210
    /// x 210...270 points), the badge at the origin; a recorded snapshot gives the same.
    @Test func pixelBoundsOfALiveAndARecordedTree() {
        let live = tree()
        let rects = LayerPixelBounds.rects(of: live, scale: 2)
        #expect(rects == [Rect(x: 0, y: 0, width: 640, height: 960), Rect(x: 220, y: 420, width: 200, height: 120),
                          Rect(x: -20, y: -20, width: 40, height: 40)])
        #expect(LayerPixelBounds.rects(of: LayerTreeSnapshot(live), scale: 2) == rects)
        // A shadow widens the card's area by three radii (12) around its offset (0, 10): y from -2 to 82 in the card.
        live.sublayers[0].shadowOpacity = 1
        live.sublayers[0].shadowRadius = 4
        live.sublayers[0].shadowOffset = Size(width: 0, height: 10)
        #expect(LayerPixelBounds.rects(of: live, scale: 1)[1] == Rect(x: 98, y: 208, width: 124, height: 84))
    }
}

/// `TrackKey`: one reading of LAYER.KEYPATH, values in the key's unit.
struct TrackKeyTests {
    @Test func keysResolveAndReadInTheirUnits() throws {
        let root = Layer(), knob = Layer()
        knob.name = "shake.knob"
        knob.position = Point(x: 12, y: 4)
        knob.transform = .makeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(knob)
        let x = try TrackKey.resolve("shake.knob.position.x", in: root)
        #expect(x.layer == "shake.knob" && x.keyPath == "position.x" && x.value(in: root) == 12 && x.unit == " pt")
        let turn = try TrackKey.resolve("shake.knob.transform.rotation.z", in: root)
        #expect(abs(turn.value(in: root)! - 90) < 1e-9 && turn.unit == "°")
        #expect(try TrackKey.resolve("shake.knob.opacity", in: root).unit == "")
        #expect(throws: Diagnostic.self) { try TrackKey.resolve("shake.knob.position", in: root) }
        #expect(throws: Diagnostic.self) { try TrackKey.resolve("nobody.opacity", in: root) }
        #expect(x.value(in: Layer()) == nil)
    }
}
