import Foundation

/// CATransaction: groups property changes and says how they animate implicitly.
///
/// When an animatable property of a layer in a tree attached to a `SceneClock` changes,
/// the layer adds an implicit animation under the property's name, from what was on
/// screen (the presentation value) to the new model value, over `animationDuration()`
/// (0.25 s by default) with `animationTimingFunction()` (`.default` when nil, Core
/// Animation's curve for implicit animations). No animation is made while actions are
/// disabled; a duration of 0 makes none and removes the running one under that name, so
/// the new value shows at once (what seed 000's `animate` relies on). Layers in a tree
/// without a clock never animate implicitly: building a tree is immediate.
///
/// Transactions are per thread, as in Core Animation. `begin()`/`commit()` nest; a
/// setting made in a nested transaction is seen until it commits, then the outer one's
/// applies again. Settings made outside any `begin()` go to the thread's implicit
/// transaction, which `flush()` commits; `SceneClock.advance(to:)` flushes, as the run
/// loop does between frames.
public enum Transaction {
    public static func begin() {
        TransactionStack.current.frames.append(TransactionFrame())
    }

    /// Ends the innermost `begin()`; its completion block runs once every animation
    /// added since it was set has stopped (at once if there are none). An unmatched
    /// commit does nothing, as Core Animation only warns.
    public static func commit() {
        guard let frame = TransactionStack.current.frames.popLast() else { return }
        frame.completionGroup?.seal()
    }

    /// Commits the implicit transaction.
    public static func flush() {
        let stack = TransactionStack.current
        guard let frame = stack.implicitFrame else { return }
        stack.implicitFrame = nil
        frame.completionGroup?.seal()
    }

    /// begin(), the settings given, `body`, commit(), even if `body` throws.
    public static func perform<T>(animationDuration: Double? = nil, disableActions: Bool? = nil,
                                  _ body: () throws -> T) rethrows -> T {
        begin()
        defer { commit() }
        if let animationDuration { setAnimationDuration(animationDuration) }
        if let disableActions { setDisableActions(disableActions) }
        return try body()
    }

    public static func animationDuration() -> Double { TransactionStack.current.animationDuration }

    public static func setAnimationDuration(_ duration: Double) {
        TransactionStack.current.innermost.animationDuration = max(0, duration)
    }

    public static func disableActions() -> Bool { TransactionStack.current.disableActions }

    public static func setDisableActions(_ flag: Bool) {
        TransactionStack.current.innermost.disableActions = flag
    }

    public static func animationTimingFunction() -> TimingFunction? { TransactionStack.current.animationTimingFunction }

    /// Also given to explicit animations added without a timing function of their own.
    public static func setAnimationTimingFunction(_ function: TimingFunction?) {
        TransactionStack.current.innermost.timingFunction = .some(function)
    }

    /// Runs `block` once every animation added after this call, until the transaction
    /// commits, has stopped (finished or removed); at commit if none was added. Setting
    /// another block closes the previous one's list of animations.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let frame = TransactionStack.current.innermost
        frame.completionGroup?.seal()
        frame.completionGroup = block.map { b in CompletionGroup { _ in b() } }
    }

    public static func completionBlock() -> (() -> Void)? {
        TransactionStack.current.innermost.completionGroup.map { g in { g.block(true) } }
    }
}

/// Settings of one transaction (or of one view-animation block); nil means "as the
/// enclosing one says".
final class TransactionFrame {
    var animationDuration: Double?
    var disableActions: Bool?
    var timingFunction: TimingFunction??
    var completionGroup: CompletionGroup?
    var viewAnimation: ViewAnimation.Settings?
}

/// A thread's transactions: the implicit one (outermost) and the explicit stack.
final class TransactionStack {
    var frames: [TransactionFrame] = []
    var implicitFrame: TransactionFrame?

    private static let key = "StrataModel.TransactionStack"

    static var current: TransactionStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? TransactionStack { return stack }
        let stack = TransactionStack()
        dictionary[key] = stack
        return stack
    }

    /// Where settings go: the innermost explicit transaction, else the implicit one.
    var innermost: TransactionFrame {
        // A view-animation block is not a transaction: settings made inside one go to
        // the transaction around it.
        if let f = frames.last(where: { $0.viewAnimation == nil }) { return f }
        if let f = implicitFrame { return f }
        let f = TransactionFrame()
        implicitFrame = f
        return f
    }

    /// Innermost first, the implicit transaction last.
    private var lookupOrder: [TransactionFrame] {
        var r = Array(frames.reversed())
        if let f = implicitFrame { r.append(f) }
        return r
    }

    var animationDuration: Double {
        lookupOrder.lazy.compactMap(\.animationDuration).first ?? MediaTiming.defaultDuration
    }
    var disableActions: Bool { lookupOrder.lazy.compactMap(\.disableActions).first ?? false }
    var animationTimingFunction: TimingFunction? {
        for f in lookupOrder { if let t = f.timingFunction { return t } }
        return nil
    }
    /// The innermost view-animation block, if changes are being made inside one.
    var viewAnimation: ViewAnimation.Settings? { lookupOrder.lazy.compactMap(\.viewAnimation).first }

    /// Every completion group an animation added now belongs to.
    var activeGroups: [CompletionGroup] { lookupOrder.compactMap(\.completionGroup) }
}

/// Counts the animations added under a completion block (a transaction's, or a view
/// animation's) and runs the block once the list is closed and all have stopped.
final class CompletionGroup {
    let block: (_ allFinished: Bool) -> Void
    private var pending = 0
    private var sealed = false
    private var fired = false
    private var allFinished = true

    init(_ block: @escaping (_ allFinished: Bool) -> Void) { self.block = block }

    func animationAdded() { pending += 1 }

    func animationStopped(finished: Bool) {
        pending -= 1
        if !finished { allFinished = false }
        fireIfDone()
    }

    /// No more animations join; the block runs now if none is pending.
    func seal() {
        sealed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard sealed, pending <= 0, !fired else { return }
        fired = true
        block(allFinished)
    }
}
