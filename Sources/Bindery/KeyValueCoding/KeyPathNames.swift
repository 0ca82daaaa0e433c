/// Readable key paths for descriptions: `\Person.<computed 0x… (String)>` becomes `\Person.firstName`.
///
/// The macro's properties are computed, so Swift prints their key paths by address. Names are learned
/// from the reads recorded when a binding is made (never on the change path).
enum KeyPathNames {
  private static let names = Locked<[AnyKeyPath: String]>([:])

  /// Learns the names of the key paths of these reads.
  static func learn(_ records: [AccessRecord]) {
    let named = records.compactMap { record -> (AnyKeyPath, String)? in
      let name = record.name.description
      return name.isEmpty ? nil : (record.keyPath, name)
    }
    guard !named.isEmpty else { return }
    names.withLock { table in
      for (keyPath, name) in named where table[keyPath] == nil { table[keyPath] = name }
    }
  }

  /// Learns the names of the properties a key path reads on an object (if it still exists).
  static func learn(reading keyPath: AnyKeyPath, of object: AnyObject?) {
    guard let object else { return }
    func read<Root: AnyObject>(_ root: Root) { _ = root[keyPath: keyPath] }
    let (_, list) = AccessList.tracking { read(object) }
    learn(list.records)
    list.recycle()
  }

  /// Learns the names of the computed properties of the classes of the objects a key path reads (their
  /// key tables name them; reads do not), for diagnostics' descriptions.
  static func learnComputed(reading keyPath: AnyKeyPath, of object: AnyObject?) {
    guard let object else { return }
    func read<Root: AnyObject>(_ root: Root) { _ = root[keyPath: keyPath] }
    let (_, list) = AccessList.tracking { read(object) }
    var types: [ObjectIdentifier: any KeyValueCoding.Type] = [:]
    for candidate in [object] + list.records.map(\.object) {
      if let type = type(of: candidate) as? any KeyValueCoding.Type { types[ObjectIdentifier(type)] = type }
    }
    list.recycle()
    let named = types.values.flatMap { type in
      KeyValueKeyTable.of(type).keys.map { ($0.keyPath, $0.name) }
    }
    names.withLock { table in
      for (keyPath, name) in named where table[keyPath] == nil { table[keyPath] = name }
    }
  }

  /// The key path with the names learned so far in place of addresses.
  static func describe(_ keyPath: AnyKeyPath) -> String {
    var text = String(describing: keyPath)
    let known = names.withLock { $0 }
    for (path, name) in known {
      let pathText = String(describing: path)
      let rootPrefix = "\\" + String(describing: type(of: path).rootType)
      guard pathText.hasPrefix(rootPrefix) else { continue }
      let component = String(pathText.dropFirst(rootPrefix.count))
      guard component.contains("<computed") else { continue }
      text = text.replacingOccurrences(of: component, with: "." + name)
    }
    return tidy(text)
  }

  /// Drops the leading backslash, the trailing `?` Swift adds to optional chains, and the addresses of
  /// computed properties whose names are not known (`<computed Optional<String>>`).
  private static func tidy(_ text: String) -> String {
    var result = text.hasPrefix("\\") ? String(text.dropFirst()) : text
    if result.contains("?."), result.hasSuffix("?") { result.removeLast() }
    while let start = result.firstRange(of: "<computed 0x") {
      guard let space = result[start.upperBound...].firstIndex(of: " ") else { break }
      var type = result[result.index(after: space)...]
      guard let close = type.firstRange(of: ")>") else { break }
      type = type[type.index(after: type.startIndex)..<close.lowerBound]
      let end = result.index(close.upperBound, offsetBy: 0)
      result.replaceSubrange(start.lowerBound..<end, with: "<computed \(type)>")
    }
    return result
  }
}

extension String {
  /// Replaces every occurrence of `target` (no Foundation).
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}
