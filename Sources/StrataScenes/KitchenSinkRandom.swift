/// The Kitchen Sink's arc4random(): SplitMix64 (Steele, Lea and Flood, 2014), a 64-bit
/// generator that passes BigCrush, seeded from the scene's options so a replay puts
/// every label where the recording did.
public struct KitchenSinkRandom: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed's `arc4random() % n`: a whole number in 0..<n (0 when n < 1). Plain
    /// modulo, as the seed does it; its bias is below 2^-40 for any n a view needs.
    public mutating func next(modulo n: Int) -> Int {
        guard n > 0 else { return 0 }
        return Int(next() % UInt64(n))
    }
}
