/// A binding that is one more input of a Boolean property combining its bindings (AND, OR): it joins
/// the property's group, read-only, followed by address when it is one observable property of its
/// source.
@usableFromInline
enum CombinedInputPath {
  @inlinable
  static func attach<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    _ binding: PropertyBinding,
    combination: BooleanCombination,
    target: Target,
    _ property: TargetProperty<Target, TargetValue>,
    source: Source,
    _ sourcePath: SourcePath<Source, SourceValue>,
    toTarget: @escaping (SourceValue) -> TargetValue
  ) {
    target.keyValueRegistrar.addBinding(binding, replacing: false)
    binding.setDirection(.sourceToTarget)
    let group = target.keyValueRegistrar.combinedGroup(for: property.id) {
      CombinedBooleanBinding(combination: combination) { [weak target] value in
        guard let target else { return }
        // `TargetValue` is `Bool` (the caller checked).
        property.write(withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: TargetValue.self) }, to: target)
      }
    }
    // An input that is one observable property of its source (not a value computed from one) is
    // followed by address.
    let (_, sourceReads) = AccessList.tracking { _ = sourcePath.read(source) }
    let sourceRecord =
      sourceReads.records.count == 1 && sourceReads.records[0].object === source
        && sourceReads.records[0].memberType == SourceValue.self && sourcePath.keyPath != nil
        && sourceReads.records[0].keyPath == sourcePath.keyPath ? sourceReads.records[0] : nil
    sourceReads.recycle()
    let direct = sourceRecord.map { record in
      CombinedBooleanBinding.DirectSource(
        storage: record.storage,
        id: record.id,
        valueType: ObjectIdentifier(SourceValue.self)
      ) { pointer in
        let converted = toTarget(pointer.assumingMemoryBound(to: SourceValue.self).pointee)
        return withUnsafePointer(to: converted) { UnsafeRawPointer($0).load(as: Bool.self) }
      }
    }
    group.add(binding, direct: direct) {
      guard let source = binding.liveSource(as: Source.self) else { return nil }
      return toTarget(sourcePath.read(source)) as? Bool
    }
    binding.attach(CombinedInput(group: group, binding: binding), reverse: false)
  }
}
