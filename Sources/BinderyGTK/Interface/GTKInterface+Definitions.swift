#if GTK
  public import Bindery
  import BinderyExpressions
  public import BinderySpec
  import CGTK
  import Foundation

  extension GTKInterface {
    /// Binds the bindings of a definition file to this interface's objects: each binding's `target`
    /// is an object's id in the `.ui` file, its `targetKeyPath` a GObject property of that object
    /// (`text`, `value`, `buffer.text`); `source` and `sourceKeyPath` name the model from `owner`, with
    /// transformers, formats, validators and options as ``BinderySpec/BindingSetDefinition/bind(owner:transformers:isolation:)``
    /// gives them.
    ///
    /// ```yaml
    /// bindings:
    /// - source: self
    ///   sourceKeyPath: age
    ///   target: ageSpin
    ///   targetKeyPath: value
    /// ```
    ///
    /// ```swift
    /// let bindings = try ui.bind(try BindingSetDefinition(contentsOf: "Person.bindings.yaml"), owner: person)
    /// ```
    ///
    /// A property is typed as GObject says: a string or an enum (by nick) as `String`, a boolean as
    /// `Bool`, a floating-point number as `Double`, an integer or flags as `Int`, a `GdkRGBA` as
    /// `RGBAColor`, a `GDateTime` as `Date`.
    ///
    /// - Returns: The bindings; they end when the widgets are destroyed, or when unbound.
    /// - Throws: ``BinderySpec/SpecLoadError`` with every problem and its place in the file (an id the
    ///   `.ui` file does not have, a property its object does not have); nothing is bound then.
    public func bind(
      _ definitions: BindingSetDefinition, owner: some KeyValueCoding,
      transformers: BindingTransformerRegistry = .shared
    ) throws(SpecLoadError) -> BindingSet {
      var errors: [SpecError] = []
      var made: [BindingSet] = []
      for definition in definitions.bindings {
        let property: AnyObject
        do {
          property = try Self.property(try object(definition.target), definition.targetKeyPath)
        } catch {
          let field = error.kind == .unknownObject ? "target" : "targetKeyPath"
          let location = definition.location(of: field) ?? (line: 1, column: 1)
          errors.append(
            SpecError(
              file: definitions.file, line: location.line, column: location.column, kind: Self.kind(of: error),
              message: error.message))
          continue
        }
        // The definition as a spec file binds it, from an owner that has the model and the property.
        var bound = definition
        bound.source = definition.source == "self" ? "model" : "model." + definition.source
        bound.target = "property"
        bound.targetKeyPath = "value"
        let context = InterfaceBindingContext(model: owner, property: property)
        do {
          made.append(
            try BindingSetDefinition(bindings: [bound], file: definitions.file).bind(
              owner: context, transformers: transformers, isolation: MainActor.shared))
        } catch {
          errors += error.errors
        }
      }
      guard errors.isEmpty else {
        made.forEach { $0.unbind() }
        throw SpecLoadError(errors)
      }
      return BindingSet(made.flatMap(\.bindings))
    }

    /// The property `name` of `object`, of the Swift type its GObject type converts to.
    private static func property(_ object: UnsafeMutableRawPointer, _ name: String) throws(GTKError) -> AnyObject {
      let path = try GObjectPropertyPath(object, name)
      let type = path.valueType
      if String.converts(type) { return try GObjectProperty(object, name, as: String.self) }
      if Bool.converts(type) { return try GObjectProperty(object, name, as: Bool.self) }
      if Double.converts(type) { return try GObjectProperty(object, name, as: Double.self) }
      if Int.converts(type) { return try GObjectProperty(object, name, as: Int.self) }
      if RGBAColor.converts(type) { return try GObjectProperty(object, name, as: RGBAColor.self) }
      if Date.converts(type) { return try GObjectProperty(object, name, as: Date.self) }
      throw GTKError(
        .typeMismatch,
        "the property \(name) of \(path.rootTypeName) is a \(path.valueTypeName), which a definition file cannot bind (bind it in code)"
      )
    }

    private static func kind(of error: GTKError) -> SpecError.Kind {
      switch error.kind {
      case .unknownObject, .notAnObject: .unknownReference
      case .unknownProperty: .unknownKey
      default: .typeMismatch
      }
    }
  }

  /// What a definition's rewritten paths start from: `model` is the owner, `property` the bound
  /// property of the `.ui` file's object.
  @KeyValueObservable
  final class InterfaceBindingContext {
    var model: (any KeyValueCoding)?
    var property: AnyObject?

    init(model: any KeyValueCoding, property: AnyObject) {
      self.model = model
      self.property = property
    }
  }
#endif
