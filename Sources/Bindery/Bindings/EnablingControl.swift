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
@usableFromInline
enum ConditionalEnabling {
  @usableFromInline
  static func add<Control: EnablingControl>(
    to control: Control,
    binding: PropertyBinding,
    resolves: @escaping () -> Bool?
  ) {
    let property = TargetProperty(of: control, \Control.isEnabled)
    let group = control.keyValueRegistrar.combinedGroup(for: property.id) {
      CombinedBooleanBinding(combination: .and) { [weak control] value in
        guard let control else { return }
        property.write(value, to: control)
      }
    }
    group.add(binding, read: resolves)
    binding.attach(CombinedInput(group: group, binding: binding), reverse: false, enabling: true)
  }
}
