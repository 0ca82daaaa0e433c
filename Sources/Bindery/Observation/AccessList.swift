/// One read of an observable property, recorded while a tracked closure ran.
@usableFromInline
struct AccessRecord {
  @usableFromInline
  let storage: RegistrarStorage
  @usableFromInline
  let id: PropertyID
  /// The object read; kept only until the evaluation's dependencies are resolved.
  @usableFromInline
  let object: AnyObject
  @usableFromInline
  let keyPath: AnyKeyPath
  @usableFromInline
  let memberType: Any.Type
  @usableFromInline
  let name: StaticString
  /// Writes the property: the object, then the address of a `memberType` value.
  @usableFromInline
  let setter: RawSetter?
}

/// Writes a property of an object from the address of a value of the property's type.
@usableFromInline
typealias RawSetter = (AnyObject, UnsafeRawPointer) -> Void

/// The reads recorded by one tracked evaluation.
@usableFromInline
final class AccessList {
  // A list is used by one thread at a time (its evaluation's): Swift's dynamic exclusivity checks of
  // these properties would cost more than the reads they record.
  @usableFromInline
  @exclusivity(unchecked) var records: [AccessRecord] = []
  /// While setters are recorded, each read's key path through an optional of its object (`\.?.name`),
  /// one per record: what a chain through an optional is composed of. Kept apart from the records so
  /// the reads of every other evaluation stay as small as they were.
  @exclusivity(unchecked) var throughOptionals: [AnyKeyPath?] = []
  /// Whether reads also record the property's setter (an allocation each): only when a binding is made.
  @usableFromInline
  @exclusivity(unchecked) var recordsSetters = false

  @usableFromInline
  func _append(
    storage: RegistrarStorage,
    id: PropertyID,
    object: AnyObject,
    keyPath: AnyKeyPath,
    memberType: Any.Type,
    name: StaticString,
    setter: RawSetter?,
    throughOptional: AnyKeyPath? = nil
  ) {
    records.append(
      AccessRecord(
        storage: storage,
        id: id,
        object: object,
        keyPath: keyPath,
        memberType: memberType,
        name: name,
        setter: setter
      )
    )
    if recordsSetters { throughOptionals.append(throughOptional) }
  }

  /// The thread whose spare lists this list goes back to.
  @usableFromInline
  unowned(unsafe) var context: ThreadContext?

  /// Runs `body`, recording every observable property it reads on this thread.
  ///
  /// Nested evaluations record into their own list; the outer list is restored afterwards. Call
  /// ``recycle()`` on the returned list when done with its records, so the next evaluation on this
  /// thread reuses it instead of allocating.
  @usableFromInline
  static func tracking<Result>(
    recordingSetters: Bool = false,
    _ body: () throws -> Result
  ) rethrows -> (Result, AccessList) {
    let context = ThreadContext.current
    let list = context.spareLists.popLast() ?? AccessList()
    list.context = context
    list.recordsSetters = recordingSetters
    let previous = context.tracking
    context.tracking = list
    defer { context.tracking = previous }
    let result = try body()
    return (result, list)
  }

  /// Runs `body` and returns the type of the last observable property it read, recording its reads
  /// into the evaluation that is tracking this thread, if any.
  @usableFromInline
  static func lastReadType<Result>(_ body: () -> Result) -> (Result, Any.Type?) {
    let context = ThreadContext.current
    guard let list = context.tracking else {
      let (result, list) = tracking(body)
      defer { list.recycle() }
      return (result, list.records.last?.memberType)
    }
    let before = list.records.count
    let result = body()
    return (result, list.records.count > before ? list.records.last?.memberType : nil)
  }

  /// Empties the list (keeping its capacity) and gives it back to its thread.
  @usableFromInline
  func recycle() {
    records.removeAll(keepingCapacity: true)
    if !throughOptionals.isEmpty { throughOptionals.removeAll(keepingCapacity: true) }
    guard let context, context === ThreadContext.current, context.spareLists.count < 8 else { return }
    context.spareLists.append(self)
  }

  /// Removes repeated reads of the same property of the same object, in place.
  @usableFromInline
  func deduplicate() {
    guard records.count > 1 else { return }
    var index = 1
    while index < records.count {
      let record = records[index]
      if records[..<index].contains(where: { $0.storage === record.storage && $0.id == record.id }) {
        records.remove(at: index)
        if index < throughOptionals.count { throughOptionals.remove(at: index) }
      } else {
        index += 1
      }
    }
  }
}

extension AccessList {
  /// The reads as hops of a chain, with their key paths through an optional when they were recorded.
  @usableFromInline
  var chainHops: [ChainHop] {
    records.indices.map { index in
      ChainHop(
        keyPath: records[index].keyPath,
        throughOptional: index < throughOptionals.count ? throughOptionals[index] : nil)
    }
  }
}
