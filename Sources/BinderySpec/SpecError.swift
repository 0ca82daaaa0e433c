public import Bindery

/// One problem in a spec or binding-definition file, where it is.
public struct SpecError: LocatedError, Equatable, Sendable {
  /// What kind of problem it is.
  public enum Kind: String, Sendable, Equatable {
    /// The YAML itself does not parse.
    case yaml
    /// The document does not have the expected shape (a mapping where a list is needed, a missing
    /// `class`, an unknown field).
    case structure
    /// No class is registered under the name.
    case unknownClass
    /// No object of the file has the name after `/`.
    case unknownReference
    /// A property or key does not exist.
    case unknownKey
    /// The two ends of a binding, or a value and its property, have types that do not fit.
    case typeMismatch
    /// A binding expression does not parse or does not check.
    case expression
    /// No transformer is registered under the name.
    case unknownTransformer
    /// No validator is registered under the name a definition file's `validator` gives.
    case unknownValidator
    /// Two objects have the same name, or a mapping has the same key twice.
    case duplicateName
    /// A YAML anchor (`&name`) or alias (`*name`): files do not take them (an object is shared by
    /// reference, `/Name`), so that no text stands for more than itself.
    case alias
    /// The file is past a bound of ``SpecLimits``: too large, too deep, too many nodes, objects or
    /// problems.
    case limit
    /// Bindings that would carry a change round and round: a property bound to itself, or a loop of
    /// one-way bindings (found by `bindery-lint` from the file alone).
    case bindingLoop
  }

  /// The file, as given to the loader.
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int
  /// What kind of problem it is.
  public var kind: Kind
  /// What is wrong, for a user.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int, column: Int, kind: Kind, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.kind = kind
    self.message = message
  }

  /// The line and column in ``file`` (the YAML reader gives no offset: it is -1).
  public var location: TextPosition { TextPosition(line: line, column: column, offset: -1) }

  /// `file:line:column: error: message`, as compilers print it.
  public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Every problem found in a file: loading reports them all, not only the first, and binds nothing.
public struct SpecLoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The problems, in the order of the file.
  public var errors: [SpecError]

  /// Creates an error.
  public init(_ errors: [SpecError]) {
    self.errors = errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
  }

  /// One line per problem.
  public var description: String { errors.map(\.description).joined(separator: "\n") }
}
