/// Pair kerning from an OpenType GPOS table: the pair-adjustment lookups (type 2, also
/// behind type 9 extensions) of the `kern` feature. Modern fonts such as Inter keep
/// their kerning only here, with no legacy `kern` table for FT_Get_Kerning, and
/// HarfBuzz is not available; this reads just the part a left-to-right line needs:
/// the first glyph's x advance adjustment. Contextual positioning, marks and device
/// tables are not read. Every read is bounds-checked: a malformed table kerns nothing.
struct PairKerning {
    private let data: [UInt8]
    /// For each lookup of the feature, in lookup order: its pair subtables' offsets.
    private let lookups: [[Int]]

    var isEmpty: Bool { lookups.isEmpty }

    init(gpos data: [UInt8]) {
        self.data = data
        var lookups: [[Int]] = []
        let reader = Reader(data: data)
        let featureList = reader.u16(6), lookupList = reader.u16(8)
        var indices = Set<Int>()
        if featureList > 0 {
            for i in 0..<reader.u16(featureList) {
                let record = featureList + 2 + 6 * i
                guard reader.tag(record) == "kern" else { continue }
                let feature = featureList + reader.u16(record + 4)
                for k in 0..<reader.u16(feature + 2) { indices.insert(reader.u16(feature + 4 + 2 * k)) }
            }
        }
        if lookupList > 0 {
            let count = reader.u16(lookupList)
            for index in indices.sorted() where index < count {
                let lookup = lookupList + reader.u16(lookupList + 2 + 2 * index)
                let type = reader.u16(lookup)
                var subtables: [Int] = []
                for k in 0..<reader.u16(lookup + 4) {
                    let sub = lookup + reader.u16(lookup + 6 + 2 * k)
                    if type == 2 {
                        subtables.append(sub)
                    } else if type == 9, reader.u16(sub) == 1, reader.u16(sub + 2) == 2 {
                        subtables.append(sub + reader.u32(sub + 4))
                    }
                }
                if !subtables.isEmpty { lookups.append(subtables) }
            }
        }
        self.lookups = lookups
    }

    /// The adjustment between two glyphs, in font units (negative brings them closer).
    func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        let reader = Reader(data: data)
        var total = 0
        for subtables in lookups {
            for sub in subtables {
                if let v = reader.pairAdjustment(sub, Int(left), Int(right)) { total += v; break }
            }
        }
        return total
    }

    private struct Reader {
        let data: [UInt8]

        func u16(_ o: Int) -> Int {
            guard o >= 0, o + 1 < data.count else { return 0 }
            return Int(data[o]) << 8 | Int(data[o + 1])
        }
        func s16(_ o: Int) -> Int { let v = u16(o); return v >= 0x8000 ? v - 0x10000 : v }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        func tag(_ o: Int) -> String {
            guard o >= 0, o + 3 < data.count else { return "" }
            return String(decoding: data[o..<o + 4], as: UTF8.self)
        }

        /// Bytes of a ValueRecord with this format: one 16-bit field per set bit.
        func valueSize(_ format: Int) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

        /// XAdvance of a ValueRecord, 0 when the format has none.
        func xAdvance(_ record: Int, _ format: Int) -> Int {
            guard format & 0x4 != 0 else { return 0 }
            return s16(record + 2 * (format & 0x3).nonzeroBitCount)
        }

        /// Nil when this subtable does not apply to the pair (the next one is tried).
        func pairAdjustment(_ sub: Int, _ left: Int, _ right: Int) -> Int? {
            guard let coverageIndex = coverage(sub + u16(sub + 2), left) else { return nil }
            let format1 = u16(sub + 4), format2 = u16(sub + 6)
            let size1 = valueSize(format1), size2 = valueSize(format2)
            switch u16(sub) {
            case 1:
                guard coverageIndex < u16(sub + 8) else { return nil }
                let set = sub + u16(sub + 10 + 2 * coverageIndex)
                let recordSize = 2 + size1 + size2
                var lo = 0, hi = u16(set) - 1
                while lo <= hi {
                    let mid = (lo + hi) / 2
                    let record = set + 2 + mid * recordSize
                    let glyph = u16(record)
                    if glyph == right { return xAdvance(record + 2, format1) }
                    if glyph < right { lo = mid + 1 } else { hi = mid - 1 }
                }
                return nil
            case 2:
                let class1 = classOf(sub + u16(sub + 8), left), class2 = classOf(sub + u16(sub + 10), right)
                let class1Count = u16(sub + 12), class2Count = u16(sub + 14)
                guard class1 < class1Count, class2 < class2Count else { return 0 }
                let record = sub + 16 + (class1 * class2Count + class2) * (size1 + size2)
                return xAdvance(record, format1)
            default:
                return nil
            }
        }

        func coverage(_ table: Int, _ glyph: Int) -> Int? {
            switch u16(table) {
            case 1:
                var lo = 0, hi = u16(table + 2) - 1
                while lo <= hi {
                    let mid = (lo + hi) / 2, g = u16(table + 4 + 2 * mid)
                    if g == glyph { return mid }
                    if g < glyph { lo = mid + 1 } else { hi = mid - 1 }
                }
                return nil
            case 2:
                var lo = 0, hi = u16(table + 2) - 1
                while lo <= hi {
                    let mid = (lo + hi) / 2, r = table + 4 + 6 * mid
                    if glyph < u16(r) { hi = mid - 1 } else if glyph > u16(r + 2) { lo = mid + 1 } else {
                        return u16(r + 4) + glyph - u16(r)
                    }
                }
                return nil
            default:
                return nil
            }
        }

        func classOf(_ table: Int, _ glyph: Int) -> Int {
            switch u16(table) {
            case 1:
                let start = u16(table + 2), count = u16(table + 4)
                guard glyph >= start, glyph < start + count else { return 0 }
                return u16(table + 6 + 2 * (glyph - start))
            case 2:
                var lo = 0, hi = u16(table + 2) - 1
                while lo <= hi {
                    let mid = (lo + hi) / 2, r = table + 4 + 6 * mid
                    if glyph < u16(r) { hi = mid - 1 } else if glyph > u16(r + 2) { lo = mid + 1 } else { return u16(r + 4) }
                }
                return 0
            default:
                return 0
            }
        }
    }
}
