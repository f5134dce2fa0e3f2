import Foundation

/// `[#########.........] 412/600 frames, 83 fps, 2 s left`, redrawn in place on standard
/// error. Made only when standard error is a terminal, so no log, pipe or test ever holds
/// it: the one place a command reads the clock for what it prints (frames are never timed).
/// `check` advances it from several workers at once.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let started = DispatchTime.now().uptimeNanoseconds
    private var done = 0
    private var total: Int
    private var lastDrawn = (percent: -1, at: UInt64(0))
    private var shown = false
    private let stream: ConsoleStream

    init(total: Int = 0, to stream: ConsoleStream) { self.total = total; self.stream = stream }

    /// `done` of `total` frames (replay's count).
    func update(_ done: Int, of total: Int) {
        lock.lock(); defer { lock.unlock() }
        self.done = done; self.total = total
        draw()
    }

    /// One more frame done (check's workers).
    func advance(by n: Int = 1) {
        lock.lock(); defer { lock.unlock() }
        done += n
        draw()
    }

    /// Erases the bar (before other lines are printed); the next update draws it again.
    func clear() {
        lock.lock(); defer { lock.unlock() }
        if shown { stream.write("\r\u{1B}[K") }
        shown = false
        lastDrawn = (-1, 0)
    }

    func finish() { clear() }

    /// The bar's text: pure, for a test of the words.
    static func text(done: Int, total: Int, seconds: Double) -> String {
        let width = 30
        let whole = max(total, done)
        let filled = whole > 0 ? min(width, done * width / whole) : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        var text = "[\(bar)] \(done)/\(whole) frames"
        if done > 0, seconds > 0.2 {
            let rate = Double(done) / seconds
            let left = Double(whole - done) / rate
            text += String(format: ", %.0f fps, ", rate) + (left < 60 ? "\(Int(left.rounded(.up))) s left" : "\(Int((left / 60).rounded(.up))) min left")
        }
        return text
    }

    /// Redraws when the percentage moves or a quarter second has passed, not every frame.
    private func draw() {
        let now = DispatchTime.now().uptimeNanoseconds
        let whole = max(total, done)
        let percent = whole > 0 ? min(100, done * 100 / whole) : 100
        guard percent != lastDrawn.percent || now - lastDrawn.at > 250_000_000 else { return }
        lastDrawn = (percent, now)
        shown = true
        let seconds = Double(now - started) / 1e9
        stream.write("\r" + ProgressBar.text(done: done, total: total, seconds: seconds) + "\u{1B}[K")
    }
}
