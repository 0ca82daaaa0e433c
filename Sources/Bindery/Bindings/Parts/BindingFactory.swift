/// Builds the machinery of one binding from its parts: the target property it writes
/// (``TargetProperty``), the source path it reads and may write (``SourcePath``, ``SourceWriter``), how
/// values convert (``Conversion``), the placeholders it presents (``MarkerPresenter``), and the binding
/// that keeps its state and guards its echoes (``PropertyBinding``).
///
/// Where both ends are single observable properties of the same type, values travel by address from
/// the registrar to the other end's setter: no key path is applied and no generic code runs on the way.
@usableFromInline
enum BindingFactory {
  @inlinable
  static func make<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    source: Source,
    _ sourcePath: SourcePath<Source, SourceValue>,
    _ conversion: Conversion<SourceValue, TargetValue>,
    options: BindingOptions,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    // Which property of the target is bound: one tracked read tells.
    let property = TargetProperty(of: target, targetKeyPath)
    let binding = PropertyBinding(
      source: source,
      sourceKeyPath: sourcePath.keyPath,
      sourcePathText: sourcePath.text,
      target: target,
      targetKeyPath: targetKeyPath,
      targetPropertyID: property.id,
      options: options,
      file: file,
      line: line
    )

    // A Boolean property that combines its bindings (AND, OR) gets this one as one more input.
    if TargetValue.self == Bool.self,
      let combination = options.combining
        ?? (Target.self as? any BooleanCombining.Type)?.booleanCombination(for: targetKeyPath)
    {
      CombinedInputPath.attach(
        binding, combination: combination, target: target, property, source: source, sourcePath,
        toTarget: conversion.toTarget)
      return binding
    }

    target.keyValueRegistrar.addBinding(binding)
    // A one-way binding of two properties of one type with nothing between them is wired straight,
    // with none of the parts below.
    if ForwardPath.attachDirectOneWay(
      binding: binding, target: target, property: property, source: source, sourcePath: sourcePath,
      conversion: conversion, options: options)
    {
      return binding
    }
    let presenter = conversion.presenter(conditionallySetsEnabled: options.conditionallySetsEnabled)
    let forward = ForwardPath(
      binding: binding, target: target, property: property, source: source, sourcePath: sourcePath,
      conversion: conversion, presenter: presenter, options: options)
    let (observer, first) = forward.attach(target: target, source: source)

    // Can the source path be written? (Not asked when the binding is one-way by request.)
    let sourceWriter: SourceWriter<Source, SourceValue>? =
      options.direction == .sourceToTarget ? nil : SourceWriter(sourcePath: sourcePath, observer: observer)
    let reversible = conversion.isReversible && sourceWriter?.isWritable == true && property.isObservable
    let direction: BindingDirection =
      switch options.direction {
      case nil: reversible ? .both : .sourceToTarget
      case .sourceToTarget: .sourceToTarget
      case .both: reversible ? .both : .sourceToTarget
      case .targetToSource: reversible ? .targetToSource : .sourceToTarget
      }
    binding.setDirection(direction)

    if direction != .sourceToTarget, property.isObservable, let sourceWriter {
      ReversePath(
        binding: binding, property: property, sourcePath: sourcePath, sourceWriter: sourceWriter,
        conversion: conversion, options: options, writeTarget: forward.writeTarget
      )
      .attach(target: target, source: source, direction: direction)
    }

    // On creation, the source value goes to the target.
    if direction != .targetToSource, let first {
      forward.deliverFirst(first)
    }

    // Conditionally enabled: the target is enabled only while the source path resolves to a selection.
    if options.conditionallySetsEnabled, let presenter, let control = target as? any EnablingControl {
      func addInput<Control: EnablingControl>(_ control: Control) {
        ConditionalEnabling.add(to: control, binding: binding) { [weak source] in
          guard let source else { return nil }
          return presenter.isEnabled(by: presenter.evaluate(source, sourcePath.read))
        }
      }
      addInput(control)
    }
    return binding
  }
}
