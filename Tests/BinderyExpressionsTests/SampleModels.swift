import Bindery

/// An enumeration without raw values.
enum Phase: CaseIterable, Sendable {
  case idle
  case editing
  case saving
}

/// Raw values that differ from the case names.
enum Status: String, CaseIterable, Sendable {
  case idle = "IDLE"
  case editing = "EDITING"
}

/// Integer raw values.
enum Priority: Int, CaseIterable, Sendable {
  case low = 1
  case high = 2
}

/// An enumeration whose cases are ordered.
enum Level: CaseIterable, Comparable, Sendable {
  case low
  case middle
  case high
}

/// Not `CaseIterable`: its cases cannot be listed.
enum Direction: Sendable {
  case up
  case down
}

/// Cases with associated values.
enum Progress: Sendable {
  case waiting
  case loading(Double)
}

/// Describes itself, so its cases' names cannot be read from its values.
enum Shade: CaseIterable, CustomStringConvertible, Sendable {
  case light
  case dark

  var description: String { self == .light ? "Light shade" : "Dark shade" }
}

/// A value type that is not `Equatable`.
struct Point: Sendable {
  var x = 0
}

/// An object that is not `Equatable`: compared by identity.
final class Thing {}

/// An object that is `Equatable`: compared by value with `==`, by identity with `===`.
final class Tag: Equatable {
  let name: String
  init(_ name: String) { self.name = name }
  static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
}

/// A model with a property of every kind of value an expression compares. Its initial values are
/// state A; ``moveToB()`` changes every varying property to state B.
@KeyValueObservable
final class Sample {
  var int = 3
  var int8: Int8 = 3
  var int16: Int16 = 3
  var int32: Int32 = 3
  var int64: Int64 = 3
  var uint: UInt = 3
  var uint8: UInt8 = 3
  var uint16: UInt16 = 3
  var uint32: UInt32 = 3
  var uint64: UInt64 = 3
  var double = 3.0
  var float: Float = 3
  var intLimit = 4
  var doubleLimit = 4.0
  var floatLimit: Float = 4
  var otherUInt64: UInt64 = 0
  var string = "apple"
  var otherString = "pear"
  var flag = false
  var otherFlag = true
  var optionalInt: Int?
  var optionalDouble: Double?
  var optionalString: String?
  var optionalFlag: Bool?
  var optionalPhase: Phase?
  var phase = Phase.idle
  var otherPhase = Phase.editing
  var status = Status.idle
  var priority = Priority.low
  var level = Level.low
  var direction = Direction.up
  var progress = Progress.waiting
  var shade = Shade.light
  var point = Point()
  var first = Thing()
  var object: Thing?
  var optionalObject: Thing?
  var tag = Tag("a")
  var otherTag = Tag("a")
  var tags = ["a"]
  var otherTags = ["a"]
  var child: Sample?
  var anything: Any = 0

  init() {
    object = first
  }

  /// State B.
  func moveToB() {
    int = 5
    int8 = 5
    int16 = 5
    int32 = 5
    int64 = 5
    uint = 5
    uint8 = 5
    uint16 = 5
    uint32 = 5
    uint64 = 5
    double = 5
    float = 5
    string = "pear"
    flag = true
    optionalInt = 5
    optionalDouble = 5
    optionalString = "pear"
    optionalFlag = true
    optionalPhase = .editing
    phase = .editing
    status = .editing
    priority = .high
    level = .high
    object = Thing()
    optionalObject = Thing()
    tag = Tag("b")
    tags = ["b"]
    let child = Sample()
    child.phase = .editing
    self.child = child
  }
}

/// A Boolean target for expressions.
@KeyValueObservable
final class Light {
  var isOn = false
  var level: Int8 = 0
  var phase = Phase.idle
  var optionalPhase: Phase?
}
