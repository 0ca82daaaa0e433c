/// Writes through a key path whose root and value types are known only at run time.
@usableFromInline
protocol _BinderyReferenceWritable {
  /// Writes `value` to `object` when both have this key path's types; returns whether it wrote.
  func _bindery_write(_ value: Any, to object: AnyObject) -> Bool
  /// Whether `value` has this key path's value type.
  func _bindery_accepts(_ value: Any) -> Bool
}

extension ReferenceWritableKeyPath: _BinderyReferenceWritable {
  @usableFromInline
  func _bindery_write(_ value: Any, to object: AnyObject) -> Bool {
    guard let root = object as? Root, let typed = value as? Value else { return false }
    root[keyPath: self] = typed
    return true
  }

  @usableFromInline
  func _bindery_accepts(_ value: Any) -> Bool { value is Value }
}
