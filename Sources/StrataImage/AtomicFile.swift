import Foundation

/// Whole-file writes that either complete or leave the old file untouched.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw RenderError.io("\(path): directory \(dir) does not exist")
        }
        let temp = dir + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temp, contents: Data(bytes)) else {
            throw RenderError.io("\(path): cannot write (permission denied or disk full?)")
        }
        if rename(temp, path) != 0 {
            let why = String(cString: strerror(errno))
            unlink(temp)
            throw RenderError.io("\(path): cannot replace: \(why)")
        }
    }
}
