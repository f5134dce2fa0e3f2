/// `--shard I/N`: which traces the I-th of N CI jobs checks. Deterministic (the same
/// traces and frame counts give the same split on every machine) and balanced by frame
/// count: heaviest first, each to the shard with the fewest frames so far (ties to the
/// lower shard, names breaking ties between equal traces); every trace in exactly one shard.
struct Shard: Equatable {
    /// 1-based.
    let index: Int
    let count: Int

    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw UsageError("--shard expects I/N, e.g. 2/3, got '\(text)'")
        }
        guard n >= 1, n <= 10_000, i >= 1, i <= n else {
            throw UsageError("--shard \(text): I must be 1...N and N 1...10000")
        }
        index = i; count = n
    }

    /// The names of `items` (name, frames) this shard checks, in name order.
    func select(_ items: [(name: String, frames: Int)]) -> [String] {
        Shard.assign(items, shards: count)[index - 1]
    }

    static func assign(_ items: [(name: String, frames: Int)], shards: Int) -> [[String]] {
        var totals = [Int](repeating: 0, count: shards)
        var members = [[String]](repeating: [], count: shards)
        for item in items.sorted(by: { ($0.frames, $1.name) > ($1.frames, $0.name) }) {
            let lightest = totals.indices.min { (totals[$0], $0) < (totals[$1], $1) }!
            totals[lightest] += item.frames
            members[lightest].append(item.name)
        }
        return members.map { $0.sorted() }
    }
}
