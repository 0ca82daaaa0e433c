/// When store-backed content saves edits made to its objects.
public enum StoreSavePolicy: Sendable, Hashable {
  /// Each edit is saved as it is made, in its own transaction (the default): an edit a user sees
  /// acknowledged is in the database.
  case immediately
  /// What a user types in a field is kept until they end editing it (Return, or leaving it), then
  /// saved in one transaction; ``StoredContent/save()`` saves it sooner. A change made by code is
  /// saved at once.
  case whenEditingEnds
}
