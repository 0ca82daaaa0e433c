/// A control a ``FieldLabel`` can name: the controls a user works with (text and secure fields,
/// switches and checkboxes, sliders, steppers, pop-up buttons, buttons, date pickers, text views,
/// indicators, image views, segmented controls and tab views), lists, tables and outlines.
///
/// Labels, panels and views are not targets: they are not controls a label could name.
public protocol LabelTarget: AnyObject {}

extension HeadlessTextField: LabelTarget {}
extension HeadlessSwitch: LabelTarget {}
extension HeadlessSlider: LabelTarget {}
extension HeadlessStepper: LabelTarget {}
extension HeadlessPopUpButton: LabelTarget {}
extension HeadlessButton: LabelTarget {}
extension HeadlessListView: LabelTarget {}
extension HeadlessTableView: LabelTarget {}
extension HeadlessOutlineView: LabelTarget {}
extension HeadlessDatePicker: LabelTarget {}
extension HeadlessTextView: LabelTarget {}
extension HeadlessLevelIndicator: LabelTarget {}
extension HeadlessProgressIndicator: LabelTarget {}
extension HeadlessImageView: LabelTarget {}
extension HeadlessSegmentedControl: LabelTarget {}
extension HeadlessTabView: LabelTarget {}
