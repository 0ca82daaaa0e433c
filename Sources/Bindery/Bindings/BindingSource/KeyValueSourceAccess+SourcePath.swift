extension KeyValueSourceAccess where Source: AnyObject {
  var sourcePath: SourcePath<Source, MarkedValue<Value?>> {
    let path = self.path
    return SourcePath(
      text: path.text,
      read: { source in
        switch path.resolve(in: source) {
        case .notApplicable: .marker(.notApplicable)
        case .marker(let marker): .marker(marker)
        case .value(let value): .value(value as? Value)
        }
      },
      write: path.isWritable
        ? { marked, source in
          guard case .value(let value) = marked else { return }
          _ = try? path.write(value.map { $0 as Any } ?? Self.none(of: path), in: source)
        } : nil,
      validate: { marked, source in
        guard case .value(let value) = marked, let (object, key) = path.leaf(in: source),
          let validating = object as? any KeyValueValidating
        else { return }
        try validating.validateValue(value, for: key.keyPath)
      }
    )
  }
}
