/// The identifier of the property named `name`, computed when the code compiles, as
/// `@KeyValueObservable` computes those of the properties it observes: what a class that conforms
/// by hand passes to its registrar.
///
/// ```swift
/// keyValueRegistrar.access(self, #propertyID("count"), \.count)
/// ```
@freestanding(expression)
public macro propertyID(_ name: String) -> PropertyID =
  #externalMacro(module: "BinderyMacros", type: "PropertyIDMacro")
