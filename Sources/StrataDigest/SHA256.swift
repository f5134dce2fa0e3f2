import CCrypto
import Foundation
import StrataModel

/// SHA-256 through OpenSSL's EVP interface: how a trace names the scene file it was
/// recorded from and a reference directory the fonts it was drawn with. Hex, lowercase,
/// as `sha256sum` prints it.
public enum SHA256 {
    /// The digest of `bytes`.
    public static func hex(of bytes: [UInt8]) -> String {
        let digest = Digest()
        bytes.withUnsafeBytes { digest.update($0) }
        return digest.finish()
    }

    /// The digest of the bytes `buffer` points at (an image's pixels, without a copy).
    public static func hex(of buffer: UnsafeRawBufferPointer) -> String {
        let digest = Digest()
        digest.update(buffer)
        return digest.finish()
    }

    /// The digest of the file at `path`, read in 1 MiB blocks (a CJK font is tens of MB).
    /// Throws a `Diagnostic` naming the path and errno's reason.
    public static func hex(ofFileAt path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Diagnostic(file: path, message: String(cString: strerror(errno))) }
        defer { close(fd) }
        let digest = Digest()
        // Not zeroed first: a check's cache key reads hundreds of small reference files.
        let size = 1 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { block.deallocate() }
        while true {
            let n = read(fd, block, size)
            if n < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(file: path, message: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            digest.update(UnsafeRawBufferPointer(start: block, count: n))
        }
        return digest.finish()
    }

    /// Whether `text` reads as a digest `hex` gives: 64 lower-case hex digits.
    public static func isHex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// A digest fed piece by piece (a cache key made of many inputs).
    public final class Digest {
        let context = EVP_MD_CTX_new()
        public init() { EVP_DigestInit_ex(context, EVP_sha256(), nil) }
        deinit { EVP_MD_CTX_free(context) }
        public func update(_ bytes: UnsafeRawBufferPointer) { EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) }
        public func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }
        /// The text's UTF-8 bytes, then a NUL, so that ("ab", "c") and ("a", "bc") differ.
        public func update(field text: String) { update(Array(text.utf8) + [0]) }
        /// The hex digest; call once.
        public func finish() -> String {
            var out = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            EVP_DigestFinal_ex(context, &out, &length)
            return out.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
        }
    }
}

