import StrataGestures
import StrataModel
import StrataText
import StrataUI

/// The seed's AskerViewControllerDelegate: how an Asker reports a non-empty answer.
/// The presenter takes the answer and dismisses the Asker.
public protocol AskerViewControllerDelegate: AnyObject {
    func askerViewController(_ sender: AskerViewController, didAskQuestion question: String,
                             andGotAnswer answer: String)
}

/// Seed 001's AskerViewController: a question label over a text field, presented
/// modally to get one line of text. Its logic is the seed's:
/// - on appearing the field becomes first responder (`viewWillAppear`);
/// - Return ends editing only when there is text (`textFieldShouldReturn`);
/// - when editing ends, an empty answer asks the presenter to dismiss the Asker, a
///   non-empty one goes to the delegate (`textFieldDidEndEditing`).
///
/// `answer` doubles as the placeholder (the seed's `setAnswer:`). A tap outside the
/// field ends editing (UIKit's `view.endEditing(true)` idiom; the seed's storyboard has
/// no other way to give an empty answer).
public final class AskerViewController: ViewController, TextFieldDelegate {
    public var question: String? {
        didSet { updateQuestion() }
    }
    /// The answer: the placeholder until editing ends, then the field's text.
    public var answer: String? {
        didSet { answerTextField.placeholder = answer }
    }
    public weak var delegate: AskerViewControllerDelegate?

    public let questionLabel = TextLayer()
    public let answerTextField: TextInputField
    /// Taps: in the field, start editing; anywhere else, end it.
    public let tapGestureRecognizer = TapGestureRecognizer()
    public var fonts: FontLibrary = .shared {
        didSet { answerTextField.fonts = fonts; updateQuestion() }
    }

    public static let questionFont = Font.systemFont(ofSize: 17)
    public static let answerFont = Font.systemFont(ofSize: 17)
    /// The storyboard's margins and the field's height (UIKit's roundedRect field: 31 pt).
    public static let margin = 20.0
    public static let fieldHeight = 31.0

    public override init() {
        answerTextField = TextInputField(frame: Rect(x: 0, y: 0, width: 100, height: AskerViewController.fieldHeight),
                                         font: AskerViewController.answerFont, name: "asker.answer")
        super.init()
        view.name = "asker.view"
        view.backgroundColor = .white
        questionLabel.name = "asker.question"
        questionLabel.font = AskerViewController.questionFont
        questionLabel.foregroundColor = .black
        questionLabel.alignmentMode = .left
        questionLabel.numberOfLines = 0
        questionLabel.lineBreakMode = .byWordWrapping
        view.addSublayer(questionLabel)
        view.addSublayer(answerTextField.layer)
        answerTextField.delegate = self
        tapGestureRecognizer.addTarget { [unowned self] gesture in self.tapped(at: gesture.location(in: nil)) }
    }

    // MARK: Layout

    /// Question above field, at the top of the view; under a partial curl, at the top of
    /// the band the curled page leaves uncovered.
    public override func viewWillLayoutSubviews() {
        let b = view.bounds
        let m = AskerViewController.margin
        // Full screen, the status bar is over the view; a sheet is clear of it.
        let statusBar = modalPresentationStyle == .fullScreen ? (window?.screen.safeAreaInsets.top ?? 20) : 0
        var top = b.minY + m + statusBar
        if modalTransitionStyle == .partialCurl && modalPresentationStyle == .fullScreen {
            top = max(top, ModalPartialCurl.uncoveredTop(in: b) + 8)
        }
        let width = max(0, b.width - 2 * m)
        let questionHeight = ((try? questionSize(width: width).height) ?? 22).rounded(.up)
        Transaction.perform(disableActions: true) {
            questionLabel.frame = Rect(x: b.minX + m, y: top, width: width, height: questionHeight)
        }
        answerTextField.frame = Rect(x: b.minX + m, y: top + questionHeight + 12, width: width,
                                     height: AskerViewController.fieldHeight)
    }

    private func questionSize(width: Double) throws -> Size {
        try questionLabel.sizeThatFits(Size(width: width, height: 0), library: fonts)
    }

    private func updateQuestion() {
        Transaction.perform(disableActions: true) { questionLabel.string = question }
        if window != nil { viewWillLayoutSubviews() }
    }

    // MARK: The seed's logic

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        answerTextField.becomeFirstResponder()
    }

    public func textFieldDidEndEditing(_ textField: TextField) {
        answer = textField.text
        if textField.text.isEmpty {
            presentingViewController?.dismiss(animated: true)
        } else {
            delegate?.askerViewController(self, didAskQuestion: question ?? "", andGotAnswer: textField.text)
        }
    }

    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        guard !textField.text.isEmpty else { return false }
        textField.resignFirstResponder()
        return true
    }

    // MARK: Input

    public override func handle(_ event: InputEvent) {
        switch event {
        case .key(let k):
            answerTextField.handleKey(k)
        case .pointer:
            tapGestureRecognizer.handle(event)
        }
    }

    /// `location` in window coordinates; the view may be a sheet inside the window.
    private func tapped(at location: Point) {
        let o = view.frame.origin
        let point = Point(x: location.x - o.x + view.bounds.minX, y: location.y - o.y + view.bounds.minY)
        if answerTextField.contains(point) {
            answerTextField.becomeFirstResponder()
        } else {
            answerTextField.resignFirstResponder()
        }
    }

    public override var statusDescription: String {
        "asking \(SummaryText.quoted(question ?? "")), answer: \(SummaryText.quoted(answerTextField.text))"
    }
}
