/// An error about text Bindery was given, that says where in the text the problem is.
///
/// Every error about bad input carries its place the same way: a string key path
/// (``KeyValueCodingError``), an expression or a display pattern (``ExpressionError``), a spec file
/// (`SpecError`, which adds the file's name), text a user typed (`TextFormatError`) and a message from
/// a page (`JSONReadError`). Code that reports errors to a person can show them all alike:
///
/// ```swift
/// func report(_ error: any Error) -> String {
///   guard let located = error as? any LocatedError else { return "\(error)" }
///   return "line \(located.location.line), column \(located.location.column): \(located.message)"
/// }
/// ```
public protocol LocatedError: Error, CustomStringConvertible {
  /// Where in the text the problem is: line and column from 1, and the offset from 0.
  var location: TextPosition { get }
  /// What is wrong, for a person, without the location.
  var message: String { get }
}
