/// A control that can be disabled, so a binding can disable it while its source path does not resolve
/// (``BindingOptions/conditionallySetsEnabled``).
///
/// The headless controls of `BinderyControls` are enabling controls.
///
/// ```swift
/// field.bind(\.text, to: controller, \.person?.firstName, options: BindingOptions(conditionallySetsEnabled: true))
/// controller.person = nil  // field.isEnabled == false
/// ```
public protocol EnablingControl: KeyValueObservable {
  /// Whether the user can use the control.
  var isEnabled: Bool { get set }
}

/// Adds a binding's "source resolves" input to its target's `isEnabled`, combined with AND.
enum ConditionalEnabling {
  static func add<Control: EnablingControl>(
    to control: Control,
    binding: PropertyBinding,
    resolves: @escaping () -> Bool?
  ) {
    let keyPath: ReferenceWritableKeyPath<Control, Bool> = \Control.isEnabled
    let (_, reads) = AccessList.tracking(recordingSetters: true) { _ = control[keyPath: keyPath] }
    let record = reads.records.count == 1 && reads.records[0].subject === control ? reads.records[0] : nil
    reads.recycle()
    let propertyID = record?.id ?? PropertyID(rawValue: UInt64(truncatingIfNeeded: keyPath.hashValue))
    let setter = record?.memberType == Bool.self ? record?.setter : nil
    let group = control.keyValueRegistrar.combinedGroup(for: propertyID) {
      CombinedBooleanBinding(combination: .and) { [weak control] value in
        guard let control else { return }
        if let setter {
          withUnsafePointer(to: value) { setter(control, UnsafeRawPointer($0)) }
        } else {
          control[keyPath: keyPath] = value
        }
      }
    }
    group.add(binding, read: resolves)
    binding.attach(CombinedInput(group: group, binding: binding), reverse: false, enabling: true)
  }
}
