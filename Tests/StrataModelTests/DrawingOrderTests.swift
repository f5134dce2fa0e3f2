import Testing
@testable import StrataModel

private func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}

private func square(_ name: String, at center: Point, side: Double = 100) -> Layer {
    let l = Layer()
    l.name = name
    l.bounds = Rect(x: 0, y: 0, width: side, height: side)
    l.position = center
    return l
}

/// `LayerGeometry`: the one place that says where layers land and in which order they
/// are drawn, read by the renderer, hit testing and the gesture recognizers.
@Suite struct DrawingOrderTests {
    /// Two overlapping squares in a TransformLayer: `high` has the larger zPosition but
    /// is pushed 50 pt back by its transform, so it is farther away than `low`.
    private func disagreeingContext() -> (root: Layer, context: TransformLayer, high: Layer, low: Layer) {
        let root = square("root", at: Point(x: 100, y: 100), side: 200)
        let context = TransformLayer()
        context.frame = root.bounds
        root.addSublayer(context)
        let high = square("high", at: Point(x: 100, y: 100))
        high.zPosition = 10
        high.transform = .makeTranslation(0, 0, -50)
        let low = square("low", at: Point(x: 120, y: 100))
        context.addSublayer(high)
        context.addSublayer(low)
        return (root, context, high, low)
    }

    @Test func ordinarySublayersAreDrawnStablyByZPositionWithoutHiddenOnes() {
        let root = square("root", at: .zero, side: 300)
        let a = square("a", at: .zero), b = square("b", at: .zero), c = square("c", at: .zero)
        let hidden = square("hidden", at: .zero)
        hidden.isHidden = true
        for l in [a, b, hidden, c] { root.addSublayer(l) }
        a.zPosition = 1
        let names = LayerGeometry(root: root).sublayersInDrawingOrder.map { $0.layer.name }
        #expect(names == ["b", "c", "a"])
    }

    @Test func walkingSublayersInDrawingOrderVisitsWhatTheArrayHolds() {
        // Equal zPositions (no sort needed), mixed ones, hidden ones and a transform
        // layer's space: the walk sees the same layers, in the same order, with the same
        // matrices as `sublayersInDrawingOrder`.
        let root = square("root", at: .zero, side: 300)
        let layers = (0..<6).map { square("l\($0)", at: Point(x: Double($0) * 10, y: 5)) }
        layers[2].isHidden = true
        for l in layers { root.addSublayer(l) }
        let (_, context, _, _) = disagreeingContext()
        func walked(_ g: LayerGeometry) -> [(String?, Transform3D)] {
            var out: [(String?, Transform3D)] = []
            g.forEachSublayerInDrawingOrder { out.append(($0.layer.name, $0.transform)) }
            return out
        }
        func listed(_ g: LayerGeometry) -> [(String?, Transform3D)] { g.sublayersInDrawingOrder.map { ($0.layer.name, $0.transform) } }
        for mixed in [false, true] {
            if mixed { layers[4].zPosition = -1; layers[0].zPosition = 2 }
            let g = LayerGeometry(root: root, scale: 2)
            #expect(walked(g).map(\.0) == listed(g).map(\.0) && walked(g).map(\.1) == listed(g).map(\.1))
            #expect(walked(g).count == 5)
        }
        #expect(walked(LayerGeometry(context)).map(\.0) == ["high", "low"])
    }

    @Test func aTransformLayersSpaceIsDrawnByDepthNotZPosition() {
        let (_, context, _, _) = disagreeingContext()
        // zPosition order would draw low first; depth (-40 against 0) draws high first.
        #expect(LayerGeometry(context).sublayersInDrawingOrder.map { $0.layer.name } == ["high", "low"])
    }

    @Test func nestedTransformLayersJoinTheSameSpace() {
        let (_, context, high, _) = disagreeingContext()
        let nested = TransformLayer()
        nested.frame = context.bounds
        let front = square("front", at: Point(x: 100, y: 100))
        front.zPosition = 5
        let back = square("back", at: Point(x: 100, y: 100))
        back.zPosition = -100
        nested.addSublayer(front)
        nested.addSublayer(back)
        context.insertSublayer(nested, at: 0)
        high.isHidden = true
        #expect(LayerGeometry(context).sublayersInDrawingOrder.map { $0.layer.name } == ["back", "low", "front"])
    }

    @Test func hitTestingTakesTheLayerDrawnOnTop() {
        let (root, _, high, low) = disagreeingContext()
        // (110, 100) is inside both squares: low is nearer, so it is drawn over high.
        #expect(root.hitTest(inBounds: Point(x: 110, y: 100)) === low)
        // Left of low, only the (perspective-free, so same-size) high square is there.
        #expect(root.hitTest(inBounds: Point(x: 60, y: 100)) === high)
        // Bring high in front: now it wins where they overlap.
        high.transform = .makeTranslation(0, 0, 50)
        #expect(root.hitTest(inBounds: Point(x: 110, y: 100)) === high)
    }

    @Test func hitTestingIsTheReverseOfTheDrawingOrderForOrdinaryLayers() {
        let root = square("root", at: Point(x: 100, y: 100), side: 200)
        let a = square("a", at: Point(x: 100, y: 100)), b = square("b", at: Point(x: 100, y: 100))
        root.addSublayer(a)
        root.addSublayer(b)
        #expect(root.hitTest(inBounds: Point(x: 100, y: 100)) === b)
        a.zPosition = 1
        #expect(root.hitTest(inBounds: Point(x: 100, y: 100)) === a)
    }

    @Test func aTransformLayerIsNeverHitItself() {
        let (root, context, _, _) = disagreeingContext()
        // Inside the transform layer's bounds but outside both squares: the root is what
        // is drawn there.
        #expect(root.hitTest(inBounds: Point(x: 10, y: 10)) === root)
        #expect(context.hitTest(inBounds: Point(x: 10, y: 10)) == nil)
    }

    /// Under perspective, a TransformLayer's sublayers are not flattened into its plane:
    /// the layer-to-root matrix and its inverse restricted to the layer's plane agree
    /// with composing the 4x4 matrices by the renderer's rule.
    @Test func convertsThroughATransformLayerInPerspective() throws {
        let root = square("root", at: Point(x: 240, y: 160), side: 480)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let context = TransformLayer()
        context.frame = root.bounds
        context.sublayerTransform = perspective
        root.addSublayer(context)
        let plane = square("plane", at: Point(x: 240, y: 160))
        plane.transform = Transform3D.makeRotation(0.6, 0, 1, 0).translated(0, 0, 120)
        context.addSublayer(plane)

        let expected = plane.transformToSuperlayer.concatenating(context.transformToSuperlayer.flattened)
        let geometry = LayerGeometry(plane)
        #expect(geometry.transform == expected)
        let local = Point(x: 20, y: 70)
        let onScreen = try #require(geometry.convertToRoot(local))
        #expect(close(onScreen, expected.project(local)))
        #expect(close(try #require(geometry.convertFromRoot(onScreen)), local))
        #expect(root.hitTest(inBounds: onScreen) === plane)
    }

    @Test func anEdgeOnLayerHasNoInverse() {
        let root = square("root", at: Point(x: 100, y: 100), side: 200)
        let edgeOn = square("edgeOn", at: Point(x: 100, y: 100))
        edgeOn.transform = .makeScale(0, 1, 1)
        root.addSublayer(edgeOn)
        #expect(LayerGeometry(edgeOn).isEdgeOn)
        #expect(LayerGeometry(edgeOn).convertFromRoot(Point(x: 100, y: 100)) == nil)
        #expect(root.hitTest(inBounds: Point(x: 100, y: 100)) === root)
    }

    @Test func theRootsBoundsOriginIsTheTopLeftCorner() {
        let root = Layer()
        root.bounds = Rect(x: 30, y: 40, width: 100, height: 100)
        root.position = Point(x: 500, y: 500)
        #expect(LayerGeometry(root).convertToRoot(Point(x: 30, y: 40)) == .zero)
        #expect(LayerGeometry(root: root, scale: 2).convertToRoot(Point(x: 40, y: 40)) == Point(x: 20, y: 0))
    }
}
