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
    let group = join(control, binding: binding, resolves: resolves)
    binding.attach(CombinedInput(group: group, binding: binding), as: .enabling)
  }

  /// Adds the input to the AND group of `control`'s `isEnabled` (which writes it at once) and returns
  /// the group.
  @usableFromInline
  static func join<Control: EnablingControl>(
    _ control: Control,
    binding: PropertyBinding,
    resolves: @escaping () -> Bool?
  ) -> CombinedBooleanBinding {
    let property = TargetProperty(of: control, \Control.isEnabled)
    let group = control.keyValueRegistrar.combinedGroup(for: property.id) {
      CombinedBooleanBinding(combination: .and) { [weak control] value in
        guard let control else { return }
        property.write(value, to: control)
      }
    }
    group.add(binding, read: resolves)
    return group
  }

  /// Adds the input to the `isEnabled` of the control at the end of a target path (`aView` for
  /// `\.aView.text`), followed by `chain`: the control the path reaches after a replacement gets the
  /// input (and its enabled state) at once, the control left no longer has it. `resolves` is made for
  /// each control joined, from the binding.
  @usableFromInline
  static func follow(
    binding: PropertyBinding,
    resolves: @escaping (PropertyBinding) -> () -> Bool?
  ) -> FollowedCombinedInput {
    let input = FollowedCombinedInput(binding: binding) { object, binding in
      guard let control = object as? any EnablingControl else { return nil }
      return join(control, binding: binding, resolves: resolves(binding))
    }
    binding.attach(input, as: .enabling)
    return input
  }
}
