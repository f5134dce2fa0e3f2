import Foundation

/// Reads one table of an OpenType font straight from its file (a .ttc collection
/// included): the FreeType headers Strata imports do not expose FT_Load_Sfnt_Table, and
/// GPOS and OS/2 are all that is needed from them. Only the directory and the table are
/// read, not the whole (for CJK, 20 MB) file.
enum SFNTTables {
    static func table(_ tag: String, path: String, faceIndex: Int) -> [UInt8]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, (try? file.seek(toOffset: UInt64(offset))) != nil,
                  let data = try? file.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        }
        func u16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 8 | Int(b[o + 1]) }
        func u32(_ b: [UInt8], _ o: Int) -> Int { u16(b, o) << 16 | u16(b, o + 2) }

        guard let header = read(0, 12) else { return nil }
        var directory = 0
        if header[0..<4].elementsEqual("ttcf".utf8) {
            let count = u32(header, 8)
            guard faceIndex < count, let entry = read(12 + 4 * faceIndex, 4) else { return nil }
            directory = u32(entry, 0)
        }
        guard let offsetTable = read(directory, 12) else { return nil }
        let tableCount = u16(offsetTable, 4)
        guard let records = read(directory + 12, 16 * tableCount) else { return nil }
        let wanted = Array(tag.utf8)
        for i in 0..<tableCount where records[16 * i..<16 * i + 4].elementsEqual(wanted) {
            return read(u32(records, 16 * i + 8), u32(records, 16 * i + 12))
        }
        return nil
    }
}
