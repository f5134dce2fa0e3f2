/// A layer as the presentation engine stores it: its record (`placement` inline,
/// `storage` shared copy-on-write), its place in the tree, its animation records and the
/// presentation copy it keeps. `Layer` is built on it and reaches it only through this
/// small interface:
///
/// - `placement`, `storage.values` (reads) and `properties` (writes): the layer's own values;
/// - `copyRecord(from:)`: a presentation copy's share of its model's record;
/// - `sublayerList`, `parent`, `adopt(_:)`: the tree's links;
/// - `recordList` (`animationRecords`): the animations, in the order added;
/// - `isPresentation`, `isCopying`, `modelLayerReference`, `keptBy`, `lastPresentation`:
///   what a copy is and what a model keeps;
/// - `presentation(at:)` and `applyAnimations(to:at:)` (`PresentationCopies.swift`).
///
/// Everything unsafe that ten thousand animated layers a frame need lives here and in the
/// other files of this folder, none in the model's: the runtime's exclusivity checks
/// turned off, an unowned(unsafe) superlayer link, unretained records.
open class PresentationNode {
    init() {}

    // The stored properties a presentation copy reads and writes are marked
    // `@exclusivity(unchecked)`: the runtime's check of each access costs more than the
    // access, for every layer of every frame, and no code here overlaps two accesses.
    // Arrays that are mostly empty (sublayers of a leaf, animations of a copy) are stored
    // as nil: an empty array is a reference to be retained and released, and the atomic
    // operations, a few for each layer of every frame, are a good part of a copy's cost.

    /// Geometry and opacity, in the object itself: what animations write (LayerPlacement).
    @exclusivity(unchecked) final var placement = LayerPlacement()

    /// The rest of the layer's own properties, shared with the layers copied from it (or
    /// it from) until one of them writes.
    @exclusivity(unchecked) final var storage = LayerStorage.defaults

    /// The properties to write, made this layer's own first. (Reads go to
    /// `storage.values.x` directly: through a getter of the whole struct, each read
    /// would copy all of it.)
    final var properties: LayerProperties {
        get { storage.values }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = LayerStorage(storage.values) }
            yield &storage.values
        }
    }

    /// Takes `other`'s record: its placement copied, its storage shared, not copied (the
    /// first write to either copies it). A refreshed copy (`presentation(at:)`) mostly
    /// shares it already.
    final func copyRecord(from other: PresentationNode) {
        placement = other.placement
        if storage !== other.storage { storage = other.storage }
    }

    // MARK: Tree links

    /// `sublayers`, nil for none (see above).
    @exclusivity(unchecked) final var sublayerList: [Layer]?

    /// The layer whose `sublayers` hold this one, nil once it is removed or gone.
    /// Not weak: a weak reference gives the superlayer a side table, after which every
    /// retain and release of it takes the slow path, and each of a presentation's ten
    /// thousand copies would pay for forming and destroying one. Like weak, it keeps the
    /// superlayer alive no longer; it cannot dangle: it is set only while the superlayer's
    /// `sublayers` hold this layer, cleared on removal, and cleared by the superlayer's
    /// deinit in the sublayers that outlive it.
    @exclusivity(unchecked) final unowned(unsafe) var parent: Layer?

    deinit {
        // A sublayer only this array holds goes with it: only the others need telling.
        sublayerList?.withUnsafeMutableBufferPointer { held in
            for i in held.indices where !isKnownUniquelyReferenced(&held[i]) { held[i].parent = nil }
        }
    }

    /// Tells a sublayer copy that this presentation copy no longer holds it.
    final func orphan() { parent = nil }

    /// Drops a presentation copy's sublayers; those held elsewhere are told.
    final func releaseSublayers() {
        sublayerList?.withUnsafeMutableBufferPointer { held in
            for i in held.indices where !isKnownUniquelyReferenced(&held[i]) { held[i].parent = nil }
        }
        sublayerList = nil
    }

    // MARK: Animations

    /// Animations in the order they were added (later ones apply on top).
    final var animationRecords: [AnimationRecord] {
        get { recordList ?? [] }
        set { recordList = newValue }
        _modify {
            if recordList == nil { recordList = [] }
            yield &recordList!
        }
    }

    /// `animationRecords`, nil for none (see above).
    @exclusivity(unchecked) final var recordList: [AnimationRecord]? {
        didSet { soleRecord = recordList?.count == 1 ? Unmanaged.passUnretained(recordList.unsafelyUnwrapped[0]) : nil }
    }
    /// The record when there is just one (most animated layers), which `recordList`
    /// keeps alive: a presentation reads it from the layer itself, without fetching the
    /// list from memory and retaining and releasing it, ten thousand times a frame.
    @exclusivity(unchecked) final var soleRecord: Unmanaged<AnimationRecord>?
    /// Set on the root of a scene's tree by `SceneClock.attach(_:)`.
    final var attachedClock: SceneClock?

    // MARK: Presentation copies

    /// For a presentation copy: the model layer it was made from.
    /// Strong: nothing in the model points back at a copy, and a weak reference costs a
    /// copy more than the rest of it.
    @exclusivity(unchecked) final var modelLayerReference: Layer?
    /// The copy `presentation(at:)` gave last, rewritten by the next call if nothing
    /// else holds it by then.
    @exclusivity(unchecked) final var lastPresentation: Layer?
    /// For the copy a model keeps (`lastPresentation`): that model, weakly, as it holds
    /// the copy. (Only that one copy of a tree gives its model a weak reference's side table.)
    @exclusivity(unchecked) final weak var keptBy: Layer?
    /// True for copies made by `presentation(at:)`: they never animate implicitly.
    @exclusivity(unchecked) public internal(set) final var isPresentation = false
    /// True inside `init(layer:)`: copying is not a change.
    @exclusivity(unchecked) final var isCopying = false
}
