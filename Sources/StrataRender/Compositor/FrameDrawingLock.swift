import Foundation

/// One renderer draws at a time in a process. Renderers on several threads (`check
/// --jobs`) each have a context of their own, but llvmpipe is not safe with two contexts
/// drawing at once: `check Traces/ --jobs 2` crashed a few times in a hundred inside
/// swrast_dri.so, one worker in glDrawArrays while the other, in glBufferData, held a
/// mutex of the screen both contexts share. Scene steps, draw lists, hashing and
/// comparing still run on every thread; llvmpipe spreads each frame over the cores itself.
enum FrameDrawingLock {
    private static let lock = NSRecursiveLock()

    static func drawing<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
