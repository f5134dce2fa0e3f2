import StrataModel

/// CATransaction over Strata's Transaction: the same thread-wide stack, so implicit
/// animations and completion blocks behave as in Strata's own API.
open class CATransaction: NSObject {
    open class func begin() { Transaction.begin() }
    open class func commit() { Transaction.commit() }
    open class func flush() { Transaction.flush() }
    open class func animationDuration() -> CFTimeInterval { Transaction.animationDuration() }
    open class func setAnimationDuration(_ d: CFTimeInterval) { Transaction.setAnimationDuration(d) }
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        Transaction.animationTimingFunction().map(CAMediaTimingFunction.init)
    }
    open class func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) {
        Transaction.setAnimationTimingFunction(f?.strataFunction)
    }
    open class func disableActions() -> Bool { Transaction.disableActions() }
    open class func setDisableActions(_ flag: Bool) { Transaction.setDisableActions(flag) }
    open class func completionBlock() -> (() -> Void)? { Transaction.completionBlock() }
    /// Runs once every animation added in the transaction has stopped, on the scene clock.
    open class func setCompletionBlock(_ block: (() -> Void)?) { Transaction.setCompletionBlock(block) }
}
