#if GTK
  import CGTK

  /// A GObject property looked up by name, through object-valued properties for a dotted name: the
  /// object the name starts from, the object that has the property, and its `GParamSpec`.
  @MainActor
  struct GObjectPropertyPath {
    /// The object the name starts from (the widget).
    let root: UnsafeMutableRawPointer
    /// The object that has the property (the widget, or its buffer for `buffer.text`).
    let owner: UnsafeMutableRawPointer
    /// The property's specification (GObject keeps it as long as the class).
    let spec: UnsafeMutablePointer<GParamSpec>

    init(_ object: UnsafeMutableRawPointer?, _ name: String) throws(GTKError) {
      guard let object, cgtk_is_object(object) != 0 else {
        throw GTKError(.notAnObject, "a property \(name) is bound on something that is not a GObject")
      }
      root = object
      var owner = object
      let names = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      for (index, part) in names.enumerated() {
        let typeName = String(cString: cgtk_object_type_name(owner))
        guard !part.isEmpty, let spec = cgtk_find_property(owner, part) else {
          throw GTKError(.unknownProperty, "\(typeName) has no property \(part.isEmpty ? "(empty)" : part)")
        }
        guard spec.pointee.flags.rawValue & G_PARAM_READABLE.rawValue != 0 else {
          throw GTKError(.unreadableProperty, "the property \(part) of \(typeName) cannot be read")
        }
        if index == names.count - 1 {
          self.owner = owner
          self.spec = spec
          return
        }
        let type = cgtk_param_value_type(spec)
        guard cgtk_type_is_a(type, cgtk_type_object()) != 0 else {
          throw GTKError(
            .unreadableProperty,
            "the property \(part) of \(typeName) is a \(String(cString: g_type_name(type))), not an object with properties"
          )
        }
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        g_object_get_property(cgtk_object(owner), part, &value)
        guard let next = g_value_get_object(&value) else {
          throw GTKError(.unreadableProperty, "the property \(part) of \(typeName) holds no object")
        }
        owner = next
      }
      throw GTKError(.unknownProperty, "no property is named")
    }

    /// The property's canonical name.
    var name: String { String(cString: spec.pointee.name) }
    /// The property's type.
    var valueType: GType { cgtk_param_value_type(spec) }
    /// The property's type's name (`gdouble`, `GdkRGBA`).
    var valueTypeName: String { String(cString: g_type_name(valueType)) }
    /// The type name of the object the name starts from.
    var rootTypeName: String { String(cString: cgtk_object_type_name(root)) }
    /// Whether the property can be set after the object is made.
    var isWritable: Bool {
      spec.pointee.flags.rawValue & G_PARAM_WRITABLE.rawValue != 0
        && spec.pointee.flags.rawValue & G_PARAM_CONSTRUCT_ONLY.rawValue == 0
    }

    /// The property's value now, or `nil` when `Value` cannot represent it.
    func read<Value: GValueConvertible>() -> Value? {
      var value = GValue()
      g_value_init(&value, valueType)
      defer { g_value_unset(&value) }
      g_object_get_property(cgtk_object(owner), spec.pointee.name, &value)
      return Value(gValue: &value)
    }

    /// Sets the property to `newValue`, within the property's range (a number beyond it is clamped,
    /// as GObject would refuse it). Returns `false` when the property's type has no form of it.
    func write<Value: GValueConvertible>(_ newValue: Value) -> Bool {
      var value = GValue()
      g_value_init(&value, valueType)
      defer { g_value_unset(&value) }
      guard newValue.store(in: &value) else { return false }
      _ = g_param_value_validate(spec, &value)
      g_object_set_property(cgtk_object(owner), spec.pointee.name, &value)
      return true
    }
  }
#endif
