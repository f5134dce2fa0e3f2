/// UITextFieldDelegate: what a text field asks and tells the object that edits with it
/// (seed 001's Asker). Every method is optional, with UIKit's defaults.
public protocol TextFieldDelegate: AnyObject {
    /// Asked before a tap makes the field first responder; false keeps it from editing.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Return was pressed. Return true to let the field end editing (it resigns first
    /// responder if the delegate has not already); false keeps editing, e.g. to refuse
    /// an empty answer.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// The field resigned first responder (Return, a tap elsewhere, or code): usually
    /// the moment to take its text.
    func textFieldDidEndEditing(_ textField: TextField)
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
}
