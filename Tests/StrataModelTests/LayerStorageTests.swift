import Testing
@testable import StrataModel

/// How a layer keeps its properties (LayerPlacement in the object, the rest in a shared
/// LayerStorage) and its superlayer: presentation copies share what they do not change,
/// and neither side of a copy ever sees the other's writes.
@Suite struct LayerStorageTests {
    /// A layer with every stored property away from its default.
    private func configuredLayer() -> Layer {
        let layer = Layer()
        layer.name = "model"
        layer.bounds = Rect(x: 1, y: 2, width: 30, height: 40)
        layer.position = Point(x: 5, y: 6)
        layer.anchorPoint = Point(x: 0.25, y: 0.75)
        layer.anchorPointZ = 2
        layer.zPosition = 3
        layer.transform = .makeTranslation(7, 8, 9)
        layer.sublayerTransform = .makeScale(2, 2, 1)
        layer.backgroundColor = .orange
        layer.opacity = 0.5
        layer.cornerRadius = 4
        layer.borderWidth = 1
        layer.borderColor = .red
        layer.masksToBounds = true
        layer.shadowColor = .blue
        layer.shadowOpacity = 0.3
        layer.shadowRadius = 6
        layer.shadowOffset = Size(width: 1, height: 2)
        return layer
    }

    @Test func aCopyWithoutAnimationsSharesTheModelsStorage() {
        let model = configuredLayer()
        let copy = model.presentation(at: 0)
        #expect(copy.storage === model.storage)
        #expect(copy.placement.transform == model.placement.transform && copy.bounds == model.bounds)
    }

    @Test func animatingGeometryLeavesTheRestShared() throws {
        let model = configuredLayer()
        var slide = BasicAnimation(keyPath: "position", fromValue: .point(Point(x: 0, y: 0)),
                                   toValue: .point(Point(x: 100, y: 0)))
        slide.duration = 1
        try model.add(slide, forKey: "slide")
        var shake = KeyframeAnimation(keyPath: "transform.translation.x", values: [0, 10, 0].map { .double($0) })
        shake.duration = 1
        try model.add(shake, forKey: "shake")

        let copy = model.presentation(at: 0.25)
        #expect(copy.position == Point(x: 25, y: 0) && copy.transform.m41 == 5)
        #expect(copy.storage === model.storage, "a geometry animation copied the cold storage")
        #expect(model.position == Point(x: 5, y: 6) && model.transform.m41 == 7)
    }

    @Test func animatingAColdPropertyCopiesItsStorageOnly() throws {
        let model = configuredLayer()
        var round = BasicAnimation(keyPath: "cornerRadius", fromValue: .double(0), toValue: .double(20))
        round.duration = 1
        try model.add(round, forKey: "round")

        let copy = model.presentation(at: 0.5)
        #expect(copy.cornerRadius == 10 && model.cornerRadius == 4)
        #expect(copy.storage !== model.storage)
        #expect(model.storage !== LayerStorage.defaults && Layer().storage === LayerStorage.defaults)
    }

    @Test func writesToACopyNeverReachTheModelNorTheOtherWay() {
        let model = configuredLayer()
        let before = model.presentation(at: 0)
        let copy = model.presentation(at: 0)
        copy.name = "copy"
        copy.bounds = .zero
        copy.position = .zero
        copy.anchorPoint = .zero
        copy.anchorPointZ = 0
        copy.zPosition = 0
        copy.transform = .identity
        copy.sublayerTransform = .identity
        copy.backgroundColor = nil
        copy.opacity = 1
        copy.cornerRadius = 0
        copy.borderWidth = 0
        copy.borderColor = .black
        copy.masksToBounds = false
        copy.shadowColor = .black
        copy.shadowOpacity = 0
        copy.shadowRadius = 3
        copy.shadowOffset = .zero
        copy.isHidden = true
        copy.isDoubleSided = false
        copy.contents = Image(width: 1, height: 1, pixels: [1, 2, 3, 4])

        let fresh = configuredLayer()
        for keyPath in Layer.animatableProperties.keyPaths {
            #expect(model.animatableValue(forKeyPath: keyPath) == fresh.animatableValue(forKeyPath: keyPath), "\(keyPath)")
            #expect(before.animatableValue(forKeyPath: keyPath) == fresh.animatableValue(forKeyPath: keyPath), "\(keyPath)")
        }
        #expect(model.name == "model" && !model.isHidden && model.isDoubleSided && model.contents == nil)
        #expect(before.storage === model.storage && copy.storage !== model.storage)

        model.position = Point(x: 50, y: 50)
        model.cornerRadius = 9
        #expect(before.position == Point(x: 5, y: 6) && before.cornerRadius == 4)
    }

    @Test func aSublayerThatOutlivesItsSuperlayerHasNone() {
        var parent: Layer? = Layer()
        let child = Layer(), kept = Layer()
        parent?.addSublayer(child)
        parent?.addSublayer(kept)
        #expect(child.superlayer === parent)
        parent = nil
        #expect(child.superlayer == nil && kept.superlayer == nil)

        // Presentation copies likewise: a copy kept after its tree is rewritten by the
        // next presentation (the model keeps the tree it gave last until then) ...
        let root = Layer()
        root.addSublayer(Layer())
        var tree: Layer? = root.presentation(at: 0)
        let copy = tree!.sublayers[0]
        #expect(copy.superlayer === tree)
        tree = nil
        _ = root.presentation(at: 0)
        #expect(copy.superlayer == nil && copy.model() === root.sublayers[0])
        // ... or after its model is gone, and the tree with it.
        var model: Layer? = Layer()
        model!.addSublayer(Layer())
        let orphan = model!.presentation(at: 0).sublayers[0]
        model = nil
        #expect(orphan.superlayer == nil)
    }

    @Test func removingOrMovingASublayerUpdatesItsSuperlayer() {
        let a = Layer(), b = Layer(), child = Layer()
        a.addSublayer(child)
        b.insertSublayer(child, at: 0)
        #expect(child.superlayer === b && a.sublayers.isEmpty && b.sublayers.count == 1)
        child.removeFromSuperlayer()
        #expect(child.superlayer == nil && b.sublayers.isEmpty)
        // A layer removed from a superlayer that then goes away keeps no stale pointer.
        var parent: Layer? = Layer()
        parent?.addSublayer(child)
        child.removeFromSuperlayer()
        parent = nil
        #expect(child.superlayer == nil)
    }
}
