/// How the process keeps the memory of frames. A 1080p frame is 8 MiB, allocated and freed
/// once per frame (decoded in `compare` and `check`, read back in `replay`); glibc serves
/// blocks that large with mmap and unmaps them on free, so the kernel faults in and zeroes
/// every page of every frame again: a quarter of `compare`'s CPU time on 1080p frames.
/// Kept in the heap instead (blocks up to 32 MiB, glibc's ceiling), a freed frame's memory
/// is reused as it is, and the peak stays what the frames in flight need.
public enum FrameMemory {
    /// For a command-line process, once, before any frame is allocated.
    public static func reuseFreedFrames() {
        _ = mallopt(mallocMmapThreshold, 32 << 20)
        _ = mallopt(mallocTrimThreshold, 128 << 20)
    }

    // Swift's Glibc module leaves out <malloc.h>; these are its values (glibc's ABI).
    private static let mallocTrimThreshold: Int32 = -1
    private static let mallocMmapThreshold: Int32 = -3
}

@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
