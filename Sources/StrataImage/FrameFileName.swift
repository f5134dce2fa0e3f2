/// The names strata gives frames, `frame-00042.png`, and the exact test for them: only
/// files with such a name are ever deleted from a frame or references directory (a
/// user's `frame-old.png` or `frame-1.png` is not one and is never touched).
public enum FrameFileName {
    /// `frame-` then the index with at least five digits, then `.png`.
    public static func make(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The index a name stands for, when `make` gives exactly that name.
    public static func index(of name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.count <= 12, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }),
              let n = Int(digits), make(n) == name else { return nil }
        return n
    }

    public static func isFrame(_ name: String) -> Bool { index(of: name) != nil }
}
