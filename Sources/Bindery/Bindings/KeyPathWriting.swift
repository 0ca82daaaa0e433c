/// Writes through a key path whose root and value types are known only at run time.
protocol _BinderyReferenceWritable {
  /// Writes `value` to `object` when both have this key path's types; returns whether it wrote.
  func _bindery_write(_ value: Any, to object: AnyObject) -> Bool
  /// Whether `value` has this key path's value type.
  func _bindery_accepts(_ value: Any) -> Bool
}

extension ReferenceWritableKeyPath: _BinderyReferenceWritable {
  func _bindery_write(_ value: Any, to object: AnyObject) -> Bool {
    guard let root = object as? Root, let typed = value as? Value else { return false }
    root[keyPath: self] = typed
    return true
  }

  func _bindery_accepts(_ value: Any) -> Bool { value is Value }
}

enum KeyPathChain {
  /// Whether `path` is exactly the chain of stored properties `chain` (one key path per object,
  /// optional hops included), so a write to the last of them is a write through `path`.
  ///
  /// Swift makes `\.person?.firstName` read-only; this lets a binding write it anyway, at its leaf.
  static func matches(_ path: AnyKeyPath, chain: [AnyKeyPath]) -> Bool {
    guard !chain.isEmpty else { return false }
    var expected = ""
    var optionalHop = false
    for (index, keyPath) in chain.enumerated() {
      let description = String(describing: keyPath)
      if index == 0 {
        expected = description
      } else {
        let rootPrefix = "\\" + String(describing: type(of: keyPath).rootType)
        guard description.hasPrefix(rootPrefix) else { return false }
        if type(of: chain[index - 1]).valueType is any _AnyOptional.Type {
          expected += "?"
          optionalHop = true
        }
        expected += description.dropFirst(rootPrefix.count)
      }
    }
    if optionalHop { expected += "?" }
    return expected == String(describing: path)
  }
}
