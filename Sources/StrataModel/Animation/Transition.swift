/// CATransition: added to a layer with `add(_:forKey:)`, it animates from the layer as it
/// was when added (its presentation then, kept as a still snapshot) to the layer as it is
/// each frame (`TransitionRecord`, drawn as `Layer.presentTransitions` says). Add it, then
/// change the layer's contents, sublayers or properties, as Apple's guide does; the change
/// shows through the transition.
///
/// Progress runs from `startProgress` to `endProgress` over the duration (eased by the
/// timing function); at progress p, with `subtype` giving the direction the new state
/// comes from and d the layer's bounds width (left, right) or height (top, bottom):
/// - `fade`: the old state fades out (opacity 1 - p) under the new one fading in (p);
/// - `moveIn`: the new state slides in over the old one, from d (1 - p) away;
/// - `push`: the new state slides in as the old one slides out, both by d p;
/// - `reveal`: the old state slides out (by d p) over the new one, which stays.
/// The content moves in the layer's own plane and is clipped only by what clips the layer
/// (give its superlayer `masksToBounds`, as on iOS).
public struct Transition: Animation {
    /// CATransitionType.
    public enum Kind: String, CaseIterable, Sendable {
        case fade, moveIn, push, reveal
    }

    /// CATransitionSubtype: the side the new state comes from (for reveal, the side the
    /// old one leaves towards is the opposite).
    public enum Direction: String, CaseIterable, Sendable {
        case fromLeft, fromRight, fromTop, fromBottom
    }

    public var type: Kind = .fade
    /// nil moves as `fromLeft` does (fade has no direction).
    public var subtype: Direction?
    /// Where the transition starts and ends, as fractions of its whole (0 and 1).
    public var startProgress: Double = 0
    public var endProgress: Double = 1

    public var timing = MediaTiming()
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var delegate: AnimationDelegate?
    public var completion: ((_ finished: Bool) -> Void)?

    public init(type: Kind = .fade, subtype: Direction? = nil) {
        self.type = type
        self.subtype = subtype
    }

    /// It writes no property: the snapshot and the offsets are the record's, drawn by the
    /// superlayer's presentation.
    public var animatedKeyPaths: [String] { [] }
    public func apply(_ state: TimingState, to layer: Layer) {}

    /// The progress at `state`: startProgress to endProgress along the eased fraction.
    public func progress(at state: TimingState) -> Double {
        let start = min(max(startProgress, 0), 1), end = min(max(endProgress, start), 1)
        return start + (end - start) * state.fraction
    }

    /// How the two states are drawn at progress `p` over bounds of `size`.
    public struct Frame: Equatable, Sendable {
        /// Offsets in the layer's own plane, in points.
        public var oldOffset: Point
        public var newOffset: Point
        /// Multiplies each state's opacity.
        public var oldOpacity: Double
        public var newOpacity: Double
        /// The old state draws over the new one (reveal), else under it.
        public var oldOnTop: Bool
    }

    public func frame(progress p: Double, size: Size) -> Frame {
        // The new state's way in: from the side the subtype names.
        let way: Point
        switch subtype ?? .fromLeft {
        case .fromLeft: way = Point(x: -size.width, y: 0)
        case .fromRight: way = Point(x: size.width, y: 0)
        case .fromTop: way = Point(x: 0, y: -size.height)
        case .fromBottom: way = Point(x: 0, y: size.height)
        }
        func scaled(_ k: Double) -> Point { Point(x: way.x * k, y: way.y * k) }
        let still = Point(x: 0, y: 0)
        switch type {
        case .fade:
            return Frame(oldOffset: still, newOffset: still, oldOpacity: 1 - p, newOpacity: p, oldOnTop: false)
        case .moveIn:
            return Frame(oldOffset: still, newOffset: scaled(1 - p), oldOpacity: 1, newOpacity: 1, oldOnTop: false)
        case .push:
            return Frame(oldOffset: scaled(-p), newOffset: scaled(1 - p), oldOpacity: 1, newOpacity: 1, oldOnTop: false)
        case .reveal:
            return Frame(oldOffset: scaled(-p), newOffset: still, oldOpacity: 1, newOpacity: 1, oldOnTop: true)
        }
    }
}
