/// One property of a layer class, declared once in its class's `LayerClassDeclaration`:
/// Core Animation's name, the Swift property (a key path, so the value type comes with
/// it), whether and how it animates (its key paths, CA's sub-paths included), whether
/// setting it makes an implicit action, and how a presentation copy gets it. From this
/// come the animatable key-path table, implicit actions, presentation copies, the
/// snapshot's properties (`LayerTreeSnapshot`), scene-file keys and docs/PROPERTIES.md;
/// its default is read from a fresh layer of the class.
public struct PropertyDeclaration {
    /// Core Animation's key (`hidden` for `isHidden`), the spelling animations, scene
    /// files and snapshots use.
    public let name: String
    /// The Swift property's name.
    public let swiftName: String
    /// The Swift type of the value, as the reference page shows it.
    public let valueType: String
    /// The key paths animations may name for it: its own and CA's sub-paths
    /// (`transform.rotation.y`, `bounds.size.width`); empty when it does not animate.
    public var animatableKeyPaths: [String] { animations.map(\.keyPath) }
    /// Whether setting it outside a presentation makes an implicit animation.
    public let hasImplicitAction: Bool
    public let copy: PropertyCopy
    /// Whether `LayerTreeSnapshot` lists it (a layer's name is its id instead; views of
    /// other properties such as `wrapped` are shown through those).
    public let isInSnapshot: Bool
    /// One line for the reference page.
    public let summary: String

    let keyPath: AnyKeyPath
    let animations: [AnimatableProperty]
    /// The value of a layer of the class as a snapshot shows it.
    let snapshotValue: (Layer) -> SnapshotValue?
    /// Copies the value from the second layer into the first (both of the class).
    let copyValue: ((Layer, Layer) -> Void)?
    /// A value the property held, as its animation starts from it (nil as it reads).
    let animationValue: (Any, Layer) -> AnimationValue?
    /// Sets a value a reader made of its kind (`DeclaredValue.init(sceneValue:current:)`);
    /// nothing for a layer of another class or a value of another kind.
    let sceneSetter: (Any, Layer) -> Void

    /// Sets a value a scene file's reader made for this property's kind.
    public func setSceneValue(_ value: Any, of layer: Layer) { sceneSetter(value, layer) }
    /// How a scene file or another reader describes the value (`PropertyValueKind`).
    public let kind: PropertyValueKind
    /// Whether a scene file's layer object takes it under `name` (read as `kind` says).
    public let isSceneKey: Bool
}

/// How a presentation copy (`Layer.presentation(at:)`) gets a property.
public enum PropertyCopy: String, Sendable {
    /// Stored in the layer's own record (geometry and opacity inline, the rest shared
    /// copy-on-write), which a copy takes whole.
    case withTheLayer = "with the layer's record"
    /// Copied value by value.
    case byValue = "by value"
    /// A view of other properties (fontSize of font): copied with them.
    case view = "with the property it shows"
}

/// What a property holds, for readers that take values from outside (scene files, the
/// JSON schema, the reference page): each Swift type a declaration may have says which.
public enum PropertyValueKind: Equatable, Sendable {
    /// `text` may hold expressions (`"plane{i}"`); a `name` is plain, at most 200 characters;
    /// a `font` is read as its family's name; an `optionalColor` may be null for none.
    case number, integer, flag, text, name, point, size, rect, transform, color, optionalColor, colors, numbers, image, path, font, other
    /// One of a fixed set of names (an enum's raw values), and what the set is called
    /// in messages ("gradient type").
    case choice([String], noun: String)
    /// Any of a fixed set of names, as an array (an option set: `maskedCorners`).
    case choiceSet([String], noun: String)
}

/// A Swift type a declared property may hold: how a snapshot and a reader see it.
public protocol DeclaredValue {
    var snapshotValue: SnapshotValue { get }
    static var kind: PropertyValueKind { get }
    /// The value a reader of `kind` made (an enum's name, a font's family), given the
    /// property's `current` value; nil for another kind.
    init?(sceneValue value: Any, current: Self?)
}

extension DeclaredValue {
    public init?(sceneValue value: Any, current: Self?) {
        guard let v = value as? Self else { return nil }
        self = v
    }
}

/// An enum of names a declared property may hold (`GradientLayer.GradientType`).
public protocol DeclaredChoice: DeclaredValue, CaseIterable, RawRepresentable where RawValue == String {
    /// What the names are called in messages: "gradient type".
    static var noun: String { get }
}

extension DeclaredChoice {
    public init?(sceneValue value: Any, current: Self?) {
        guard let name = value as? String, let v = Self(rawValue: name) else { return nil }
        self = v
    }
    public var snapshotValue: SnapshotValue { .text(rawValue) }
    public static var kind: PropertyValueKind { .choice(allCases.map(\.rawValue), noun: noun) }
}

/// Declarations of `L`'s own properties, written in its `LayerClassDeclaration`.
public enum Declare<L: Layer> {
    /// A property that does not animate.
    public static func property<V: DeclaredValue>(_ name: String, _ keyPath: ReferenceWritableKeyPath<L, V>,
                                                  swift: String? = nil, kind: PropertyValueKind? = nil,
                                                  copy: PropertyCopy = .byValue, snapshot: Bool = true, scene: Bool = true,
                                                  _ summary: String) -> PropertyDeclaration {
        make(name, keyPath, swift: swift, animations: [], action: false, copy: copy, snapshot: snapshot, summary: summary,
             animationValue: { _, _ in nil }, kind: kind, scene: scene)
    }

    /// A property that animates under its name (and, with `parts`, CA's sub-paths of its
    /// type: `.x`, `.size.width`, `.rotation.y`); `action` false for one whose setting
    /// makes no implicit animation.
    public static func animatable<V: DeclaredValue & AnimationValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<L, V>, swift: String? = nil, action: Bool = true,
        copy: PropertyCopy = .byValue, _ summary: String) -> PropertyDeclaration {
        make(name, keyPath, swift: swift, animations: [AnimatableProperty(name, keyPath)], action: action, copy: copy,
             snapshot: true, summary: summary, animationValue: { old, _ in (old as? V)?.animationValue })
    }

    /// An animatable property with CA's sub-paths of its type (`position.x`, `bounds.size.width`,
    /// `transform.rotation.y`), read and written through closures (see `AnimatableProperty`).
    public static func animatable<V: DeclaredValue & KeyPathParts>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<L, V>, get: @escaping (L) -> V, set: @escaping (L, V) -> Void,
        swift: String? = nil, copy: PropertyCopy = .withTheLayer, _ summary: String) -> PropertyDeclaration {
        let whole = AnimatableProperty(name, of: V.self, get: get, set: set)
        return make(name, keyPath, swift: swift, animations: [whole] + V.parts(name, get: get, set: set), action: true,
                    copy: copy, snapshot: true, summary: summary, animationValue: { old, _ in (old as? V)?.animationValue })
    }

    /// An optional animatable property whose nil animates as `whenNil` (a missing
    /// background as clear, nil locations as evenly spread).
    public static func animatable<V: DeclaredValue & AnimationValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<L, V?>, whenNil: @escaping (L) -> V, swift: String? = nil,
        action: Bool = true, kind: PropertyValueKind? = nil, copy: PropertyCopy = .byValue, _ summary: String) -> PropertyDeclaration {
        make(name, keyPath, swift: swift, animations: [AnimatableProperty(name, keyPath, whenNil: whenNil)], action: action,
             copy: copy, snapshot: true, summary: summary, animationValue: { old, layer in
                 guard let old = old as? V?, let l = layer as? L else { return nil }
                 return (old ?? whenNil(l)).animationValue
             }, kind: kind)
    }

    /// CALayer's `contents`: a bitmap that animates as a cross-fade (`ContentsFade`), with no
    /// implicit action (setting it shows the new bitmap at once).
    static func crossFading(_ name: String, _ keyPath: ReferenceWritableKeyPath<L, Image?>, _ summary: String) -> PropertyDeclaration {
        let fade = AnimatableProperty(name, get: { (l: L) in l.contentsAnimationValue },
                                      set: { (l: L, v: AnimationValue) in
                                          guard case .contents = v else { return false }
                                          l.contentsAnimationValue = v
                                          return true
                                      })
        return make(name, keyPath, swift: nil, animations: [fade], action: false, copy: .withTheLayer, snapshot: true,
                    summary: summary, animationValue: { old, _ in .contents(.still(old as? Image)) })
    }

    private static func make<V: DeclaredValue>(_ name: String, _ keyPath: ReferenceWritableKeyPath<L, V>, swift: String?,
                                               animations: [AnimatableProperty], action: Bool, copy: PropertyCopy,
                                               snapshot: Bool, summary: String,
                                               animationValue: @escaping (Any, Layer) -> AnimationValue?,
                                               kind: PropertyValueKind? = nil, scene: Bool = true) -> PropertyDeclaration {
        PropertyDeclaration(
            name: name, swiftName: swift ?? name, valueType: "\(V.self)", hasImplicitAction: action, copy: copy,
            isInSnapshot: snapshot, summary: summary, keyPath: keyPath, animations: animations,
            snapshotValue: { ($0 as? L).map { $0[keyPath: keyPath].snapshotValue } },
            copyValue: copy == .byValue ? { to, from in
                if let t = to as? L, let f = from as? L { t[keyPath: keyPath] = f[keyPath: keyPath] }
            } : nil,
            animationValue: animationValue,
            sceneSetter: { value, layer in
                guard let l = layer as? L, let v = V(sceneValue: value, current: l[keyPath: keyPath]) else { return }
                l[keyPath: keyPath] = v
            },
            kind: kind ?? V.kind, isSceneKey: scene)
    }
}
