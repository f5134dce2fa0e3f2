import Testing
@testable import StrataModel

/// Each layer class declares each property once (`LayerClassDeclaration`); its key
/// paths, implicit actions, presentation copies and snapshot values all come from there.
@Suite struct PropertyDeclarationTests {
    static let classes: [Layer.Type] = [Layer.self, GradientLayer.self, TextLayer.self, TransformLayer.self,
                                        BackdropLayer.self, PageCurlLayer.self, ShapeLayer.self]

    /// An `@Observed` property (one whose setting makes an implicit action) that its class
    /// forgot to declare would change without animating: every one is declared, with an action.
    @Test(arguments: classes)
    func everyObservedPropertyIsDeclaredWithAnAction(_ type: Layer.Type) {
        let declaration = type.declaration
        var mirror: Mirror? = Mirror(reflecting: type.init(layer: Layer()))
        var observed = 0
        while let m = mirror {
            for child in m.children {
                guard let label = child.label, label.hasPrefix("_"),
                      String(describing: Swift.type(of: child.value)).hasPrefix("Observed<") else { continue }
                let swiftName = String(label.dropFirst())
                let declared = declaration.properties.first { $0.swiftName == swiftName }
                #expect(declared?.hasImplicitAction == true, "\(type).\(swiftName)")
                observed += 1
            }
            mirror = m.superclassMirror
        }
        #expect(observed == declaration.properties.filter { $0.hasImplicitAction && $0.copy == .byValue }.count)
    }

    @Test func everyClassHasItsCoreAnimationNameAndInheritsLayers() {
        #expect(LayerClassDeclaration.all.map(\.className) == ["CALayer", "CAGradientLayer", "CATextLayer", "CATransformLayer",
                                                               "CABackdropLayer", "PageCurlLayer", "CAShapeLayer", "CAReplicatorLayer"])
        for d in LayerClassDeclaration.all.dropFirst() {
            #expect(d.superclass === Layer.declaration)
            #expect(Array(d.properties.prefix(Layer.declaration.properties.count).map(\.name)) == Layer.declaration.properties.map(\.name))
        }
        #expect(Layer.declaration.property(\Layer.isHidden)?.name == "hidden")
        #expect(GradientLayer.declaration.property(named: "colors")?.swiftName == "colors")
        #expect(Layer.declaration.property(named: "colors") == nil)
    }

    /// CA's sub-paths come from the value's type.
    @Test func subPathsComeFromTheValuesType() {
        let paths = Set(Layer.animatableProperties.keyPaths)
        for p in ["position.x", "anchorPoint.y", "bounds.origin.x", "bounds.size.width", "shadowOffset.height",
                  "transform.rotation.y", "transform.translation", "sublayerTransform.scale.z"] {
            #expect(paths.contains(p), "\(p)")
        }
        #expect(!paths.contains("shadowOffset.x") && !paths.contains("opacity.x"))
        #expect(paths.count == 57)
        #expect(Layer.declaration.property(named: "transform")?.animatableKeyPaths.count == 13)
    }

    /// A presentation copy shows every declared property of the model, copied from its
    /// declaration (no class writes its own copy).
    @Test func presentationCopiesCarryEveryDeclaredProperty() {
        let gradient = GradientLayer()
        gradient.colors = [.red, .blue]; gradient.locations = [0.2, 0.9]; gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5); gradient.type = .conic
        let text = TextLayer()
        text.string = "Hi"; text.font = .systemFont(ofSize: 13, weight: .bold); text.foregroundColor = .orange
        text.alignmentMode = .center; text.numberOfLines = 3; text.lineBreakMode = .byTruncatingMiddle; text.lineHeight = 20
        let backdrop = BackdropLayer()
        backdrop.material = Material(blurRadius: 7); backdrop.groupName = "g"
        let curl = PageCurlLayer()
        curl.curlDistance = 30; curl.curlRadius = 12; curl.curlDirection = 1
        let shape = ShapeLayer()
        shape.path = Path(elements: [.move(to: Point(x: 1, y: 2)), .line(to: Point(x: 5, y: 2)), .closeSubpath])
        shape.fillColor = nil; shape.fillRule = .evenOdd; shape.strokeColor = .green; shape.lineWidth = 3
        shape.lineCap = .round; shape.lineJoin = .bevel; shape.miterLimit = 4; shape.lineDashPattern = [2, 1]
        shape.lineDashPhase = 1; shape.strokeStart = 0.1; shape.strokeEnd = 0.8
        for model in [gradient, text, backdrop, curl, shape] as [Layer] {
            model.opacity = 0.5
            model.name = "n"
            let declaration = type(of: model).declaration
            func described(_ l: Layer) -> [String] { declaration.snapshotValues(of: l).map { "\($0.0)=\($0.1.text)" } }
            let values = declaration.snapshotValues(of: model)
            // Every own property differs from its default, so the copy is what is tested.
            for p in declaration.own where p.isInSnapshot && p.copy == .byValue {
                #expect(values.first { $0.0 == p.name }?.1 != declaration.defaults[p.name], "\(declaration.className).\(p.name)")
            }
            let copy = model.presentation(at: 0)
            #expect(described(copy) == described(model), "\(declaration.className)")
        }
    }

    @Test func settingADeclaredPropertyMakesItsImplicitActionUnderItsName() {
        let clock = SceneClock()
        let shape = ShapeLayer()
        clock.attach(shape)
        shape.strokeEnd = 0.5
        shape.lineCap = .round
        #expect(shape.animationKeys() == ["strokeEnd"])
        let text = TextLayer()
        clock.attach(text)
        text.foregroundColor = .red
        #expect(text.animationKeys().isEmpty)
    }
}
