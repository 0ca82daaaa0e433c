/// Why a transformer factory refused the settings an expression wrote for it
/// (`numberFormatter: { numberStyle: .currency, currencyCode: "EURO" }`): the setting at fault, when
/// one is, and what is wrong with it.
public struct TransformerSettingsError: Error, Equatable, CustomStringConvertible {
  /// The setting at fault (`currencyCode`); `nil` when the settings as a whole are.
  public var setting: String?
  /// What is wrong, as a user can act on it.
  public var message: String

  /// Creates an error about `setting`.
  public init(_ message: String, setting: String? = nil) {
    self.message = message
    self.setting = setting
  }

  /// The message.
  public var description: String { message }
}
