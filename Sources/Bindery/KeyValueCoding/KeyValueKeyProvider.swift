/// Keys that `@KeyValueObservable` lists apart from the others: those of deprecated properties, named
/// only in a deprecated context (the provider's `keys`), so that listing them warns nobody.
///
/// The macro makes a provider; it is not meant to be written by hand.
public protocol _KeyValueKeyProvider {
  /// The keys.
  static var keys: [KeyValueKey] { get }
}

/// The keys of `provider`, read through the protocol (a generic read of a deprecated witness does
/// not warn).
public func _keyValueKeys<Provider: _KeyValueKeyProvider>(of provider: Provider.Type) -> [KeyValueKey] {
  provider.keys
}
