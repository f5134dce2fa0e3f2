import CDeflate
import Foundation
import StrataModel

/// An animated PNG written frame by frame (`strata replay --apng`): lossless, read by
/// browsers and Pillow. Each frame is the project's own PNG encoding; its IDAT data is
/// re-wrapped (frame 0 as IDAT, later frames as fdAT), with the acTL and fcTL chunks
/// written here and CRCs from libdeflate (the CRC-32 of zlib and PNG). Every frame covers
/// the whole canvas (dispose none, blend source), so frame k decodes to exactly frame k.
/// A run of identical consecutive frames is stored once, its delay the run's length times
/// one frame's (a carousel at rest costs one frame, not one per tick): the one frame
/// waiting to see whether the next repeats it is held, and encoded when the run ends.
///
/// Frames stream into a temporary file beside the target; `finish` writes the frame count
/// into acTL and renames it into place, so the target is never half written.
public final class APNGWriter {
    public let path: String
    public let width: Int
    public let height: Int
    private let delay: (numerator: UInt16, denominator: UInt16)
    private let options: PNG.Options
    private let temporary: String
    private var file: UnsafeMutablePointer<FILE>?
    private var sequence: UInt32 = 0
    /// Frames appended: the animation's length in frames of `secondsPerFrame`.
    public private(set) var frameCount = 0
    /// Frames stored in the file (acTL's count): one per run of identical frames.
    public private(set) var storedFrameCount = 0
    private var actlOffset = 0
    /// The latest frame, not yet written, and how many times in a row it was appended.
    private var pending: (image: Image, repeats: Int)?

    /// `secondsPerFrame` becomes each frame's delay, as a fraction of 16-bit terms.
    public init(path: String, width: Int, height: Int, secondsPerFrame: Double, options: PNG.Options = .compact) throws {
        self.path = path; self.width = width; self.height = height; self.options = options
        delay = APNGWriter.fraction(secondsPerFrame)
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        temporary = dir + "/" + AtomicFile.temporaryName(for: url.lastPathComponent)
        // What a strata killed while writing this file left (SIGKILL runs no handler).
        AtomicFile.removeDeadTemporaries(of: path)
        guard let f = fopen(temporary, "wb") else { throw SystemError.io(path, "cannot write the animated PNG") }
        file = f
        Interruption.registerTemporary(temporary)
    }

    deinit { abandon() }

    /// Appends a frame of the writer's size.
    public func append(_ image: Image) throws {
        guard image.width == width, image.height == height else {
            throw RenderError.io("\(path): frame \(frameCount) is \(image.width)x\(image.height), the animation \(width)x\(height)")
        }
        frameCount += 1
        if let held = pending, held.image.pixels == image.pixels {
            pending = (held.image, held.repeats + 1)
            // fcTL's delay numerator is 16 bits: a run that would outgrow it is split.
            if (held.repeats + 2) * Int(delay.numerator) > Int(UInt16.max) { try flush() }
            return
        }
        try flush()
        pending = (image, 1)
    }

    /// Writes the held frame, its delay covering its run.
    private func flush() throws {
        guard let (image, repeats) = pending else { return }
        pending = nil
        let chunks = try APNGWriter.chunks(of: try PNG.encode(image, options: options))
        if storedFrameCount == 0 {
            try put([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else { throw RenderError.io("\(path): the encoder wrote no IHDR") }
            try chunk("IHDR", ihdr.data)
            actlOffset = ftell(file!)
            try chunk("acTL", be32(0) + be32(0))   // frame count filled in by finish; 0 plays = forever
        }
        var fctl = be32(sequence) + be32(UInt32(width)) + be32(UInt32(height)) + be32(0) + be32(0)
        fctl += be16(UInt16(repeats) * delay.numerator) + be16(delay.denominator) + [0, 0]   // dispose none, blend source
        try chunk("fcTL", fctl)
        sequence += 1
        for idat in chunks where idat.type == "IDAT" {
            if storedFrameCount == 0 {
                try chunk("IDAT", idat.data)
            } else {
                try chunk("fdAT", be32(sequence) + idat.data)
                sequence += 1
            }
        }
        storedFrameCount += 1
    }

    /// Ends the file, writes the frame count and puts the file in place.
    public func finish() throws {
        defer { Interruption.unregisterTemporary(temporary) }
        try flush()
        guard storedFrameCount > 0, let f = file else { throw RenderError.io("\(path): an animated PNG needs at least one frame") }
        try chunk("IEND", [])
        fseek(f, actlOffset, SEEK_SET)
        try chunk("acTL", be32(UInt32(storedFrameCount)) + be32(0))
        let flushed = fflush(f) == 0 && fsync(fileno(f)) == 0
        let code = errno   // before fclose and unlink can change it
        fclose(f); file = nil
        guard flushed else { unlink(temporary); throw SystemError.io(path, "cannot write the animated PNG", code) }
        if rename(temporary, path) != 0 {
            let error = SystemError.io(path, "cannot replace")
            unlink(temporary)
            throw error
        }
    }

    /// Removes the temporary file; the target is left as it was.
    public func abandon() {
        if let f = file { fclose(f); file = nil; unlink(temporary) }
        Interruption.unregisterTemporary(temporary)
    }

    // MARK: Chunks

    private func put(_ bytes: [UInt8]) throws {
        guard let f = file, fwrite(bytes, 1, bytes.count, f) == bytes.count else {
            throw SystemError.io(path, "cannot write the animated PNG")
        }
    }

    private func chunk(_ type: String, _ data: [UInt8]) throws {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        try put(be32(UInt32(data.count)) + typed + be32(crc))
    }

    /// The chunks of a PNG the project's encoder wrote (type and data; CRCs it wrote itself).
    static func chunks(of png: [UInt8]) throws -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard i + 12 + length <= png.count else { throw RenderError.io("PNG encoder output is cut off") }
            out.append((String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return out
    }

    /// A delay as n/d seconds in 16-bit terms: 1/60 s is 100/6000.
    static func fraction(_ seconds: Double) -> (numerator: UInt16, denominator: UInt16) {
        for numerator in [1, 10, 100, 1000] as [Double] {
            let d = (numerator / seconds).rounded()
            if d >= 1, d <= 65535, abs(numerator / d - seconds) <= seconds * 1e-9 { return (UInt16(numerator), UInt16(d)) }
        }
        let d = min(65535, max(1, (100 / seconds).rounded()))
        return (100, UInt16(d))
    }

    private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    private func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
