import Testing
import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

/// Runs of layer draws issued as one instanced draw: the same bytes as one draw each.
@Suite(.serialized, .tags(.gl)) struct LayerBatchTests {
    private func cell(_ i: Int, _ frame: Rect) -> Layer {
        let cell = Layer()
        cell.frame = frame
        cell.backgroundColor = Color(red: Double(i % 7) / 6, green: 0.4, blue: Double(i % 5) / 4, alpha: i % 6 == 0 ? 0.5 : 1)
        cell.cornerRadius = Double(i % 4) * 2
        if i % 3 == 0 { cell.borderWidth = 1.5; cell.borderColor = Color(white: 1, alpha: 0.6) }
        if i % 10 == 0 { cell.opacity = 0.8 }
        return cell
    }

    @Test func eachCornerHoldsTheDrawsValuesInLayerVertsOrder() {
        let d = LayerDraw(quad: Quad(matrix: Transform3D.makeScale(2, 3, 1).concatenating(.makeTranslation(10, 20, 0)),
                                     rect: Rect(x: -1.5, y: -1.5, width: 15, height: 13)),
                          shape: RoundedRect(rect: Rect(x: 0, y: 0, width: 12, height: 10), cornerRadius: 2),
                          backgroundColor: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5), fill: .none, borderWidth: 1.5,
                          borderColor: Color(white: 1, alpha: 0.25), opacity: 0.75, name: "cell")
        var data: [GLfloat] = [7]
        LayerBatch.append(d, to: &data)
        LayerBatch.append(d, to: &data)
        let perDraw = 4 * LayerBatch.floatsPerVertex
        #expect(data.count == 1 + 2 * perDraw && data[0] == 7)
        // Matrix by rows (GL's columns), quad rect, shape, radius / border / opacity / spare,
        // premultiplied background and border colors; on each corner, after its position.
        let values: [GLfloat] = [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1,
                                 -1.5, -1.5, 15, 13, 0, 0, 12, 10, 2, 1.5, 0.75, 0,
                                 0.5, 0.25, 0, 0.5, 0.25, 0.25, 0.25, 0.25]
        let corners: [[GLfloat]] = [[0, 0], [1, 0], [0, 1], [1, 1]]
        let expected = corners.flatMap { $0 + values }
        #expect(Array(data[1...perDraw]) == expected && Array(data[(1 + perDraw)...]) == expected)
        // Two triangles a draw, as the unit quad's strip makes them: (0 1 2) and (2 1 3).
        #expect(LayerBatch.indices(count: 2) == [0, 1, 2, 2, 1, 3, 4, 5, 6, 6, 5, 7])
    }

    @Test func cornersWrittenInPlaceHoldEachDrawsCornersInOrderAcrossGrowth() {
        // The renderer's storage, past its first capacity (64 draws) and reused: each
        // draw's four corners where the array version puts them, none left over.
        let corners = LayerBatch.Corners()
        for round in 0..<2 {
            corners.removeAll()
            var expected: [GLfloat] = []
            for i in 0..<(150 + 100 * round) {
                let d = LayerDraw(quad: Quad(matrix: .makeTranslation(Double(i), -Double(i) / 3, 0),
                                             rect: Rect(x: -1.5, y: -1.5, width: 15, height: 13 + Double(i))),
                                  shape: RoundedRect(rect: Rect(x: 0, y: 0, width: 12, height: 10 + Double(i)), cornerRadius: 2),
                                  backgroundColor: Color(red: Double(i % 7) / 6, green: 0.5, blue: 0, alpha: 1), fill: .none,
                                  borderWidth: Double(i % 3), borderColor: Color(white: 1, alpha: 0.25), opacity: 1, name: nil)
                corners.append(d)
                LayerBatch.append(d, to: &expected)
                #expect(expected[expected.count - LayerBatch.floatsPerVertex + 14] == GLfloat(i))  // the last corner's m41
            }
            #expect(corners.values == expected)
            #expect(corners.bytes.count == expected.count * MemoryLayout<GLfloat>.size)
        }
    }

    @Test func aGridOfCellsIsTheSameBatchedAsDrawnOneByOne() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        root.backgroundColor = .white
        // Overlapping, turned, some translucent, bordered or faded: every blend must come
        // out in the order it would one draw at a time.
        for i in 0..<400 {
            let c = cell(i, Rect(x: Double(i % 25) * 19 + 2, y: Double(i / 25) * 19 + 2, width: 24, height: 22))
            c.transform = .makeRotation(Double(i % 7) * 0.15, 0, 0, 1)
            root.addSublayer(c)
        }
        let renderer = try makeRenderer()
        try expectSameBytes(renderer, root, "grid", toggling: \.batchesLayerDraws)
        try expectSameBytes(renderer, root, "grid at 2x", scale: 2, toggling: \.batchesLayerDraws)
    }

    @Test func cellsInPerspectiveAndBetweenOtherDrawsAreTheSameBatched() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        root.backgroundColor = Color(red: 0.9, green: 0.9, blue: 1)
        let plane = Layer()
        plane.frame = Rect(x: 40, y: 30, width: 400, height: 260)
        var t = Transform3D.identity
        t.m34 = -1.0 / 600
        plane.transform = t.rotated(0.6, 1, 0.3, 0)
        for i in 0..<120 {
            let c = cell(i, Rect(x: Double(i % 12) * 33, y: Double(i / 12) * 26, width: 30, height: 23))
            if i % 17 == 0 { c.shadowOpacity = 0.5; c.shadowRadius = 3 }  // a shadow ends a run
            plane.addSublayer(c)
        }
        root.addSublayer(plane)
        root.addSublayer(CarouselScene(planeCount: 5, angle: 30).transformLayer)
        try expectSameBytes(try makeRenderer(), root, "plane of cells", toggling: \.batchesLayerDraws)
    }
}
