import Foundation
import StrataDigest
import StrataModel

/// A reference image stored once however many frames show it: `<sha256>.png` in the
/// references folder, named by the SHA-256 of its pixels (premultiplied RGBA rows, top
/// down, as `Image` holds them), which `strata-references.json`'s `frames` maps each frame
/// to. A still stretch of 400 frames is one file; a frame drawn again byte for byte keeps
/// its file's name, so git sees no change.
public enum ReferenceImage {
    /// The SHA-256 of the image's pixels, lower-case hex.
    public static func sha256(of image: Image) -> String {
        image.pixels.withUnsafeBytes { SHA256.hex(of: $0) }
    }

    /// `<sha256>.png`.
    public static func fileName(sha256: String) -> String { sha256 + ".png" }

    /// True only for the names `fileName` gives: 64 lower-case hex digits and `.png`. Only
    /// such names (besides frames and the manifest) are ever written or removed.
    public static func isImageFile(_ name: String) -> Bool {
        sha256(ofFileName: name) != nil
    }

    /// The hash a file name stands for, when it is one of `fileName`'s.
    public static func sha256(ofFileName name: String) -> String? {
        guard name.utf8.count == 68, name.hasSuffix(".png") else { return nil }
        let hex = name.dropLast(4)
        guard hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return nil }
        return String(hex)
    }

    /// A valid map value: 64 lower-case hex digits.
    public static func isSHA256(_ text: String) -> Bool { isImageFile(text + ".png") }
}

/// The last image hashed, by identity: a frame given back undrawn (nothing changed since
/// the one before) is not hashed again.
final class PixelDigestMemo {
    private var last: (identity: UInt64, width: Int, height: Int, sha256: String)?

    func sha256(of image: Image) -> String {
        if let last, last.identity == image.identity, last.width == image.width, last.height == image.height { return last.sha256 }
        let hash = ReferenceImage.sha256(of: image)
        last = (image.identity, image.width, image.height, hash)
        return hash
    }
}
