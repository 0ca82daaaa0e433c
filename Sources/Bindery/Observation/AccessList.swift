public import Synchronization

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
  /// While the reads are checked against what the last evaluation read (an observer's subscribers,
  /// in order, every `expectedStride`-th): nothing is recorded of a read that is the next one
  /// expected, or one already matched (read again). The first other read ends the check, and it and
  /// every later read are recorded.
  @usableFromInline
  @exclusivity(unchecked) var _isChecking = false
  /// The subscribers the reads are checked against.
  @usableFromInline
  @exclusivity(unchecked) var expected: [Subscriber] = []
  @usableFromInline
  @exclusivity(unchecked) var expectedStride = 1
  /// How many reads matched the subscribers in order, before any other read.
  @exclusivity(unchecked) var matched = 0
  /// Whether a read other than the ones expected was made.
  @exclusivity(unchecked) var diverged = false

  /// Whether the evaluation read exactly what was expected (in that order, repeats aside): its
  /// dependencies are unchanged, and nothing was recorded.
  @usableFromInline
  var readExactlyTheExpected: Bool {
    !diverged && !expected.isEmpty && matched * expectedStride == expected.count
  }

  /// Whether every read was recorded (none matched an expected one): the records are complete.
  @usableFromInline
  var recordedEveryRead: Bool { matched == 0 }

  /// Whether a read of property `id` of the object whose registrar keeps `storage` is one expected
  /// (the next one, or one matched already); if not, the check ends here and the read is recorded.
  @usableFromInline
  func _matchesExpected(storage: RegistrarStorage, id: PropertyID) -> Bool {
    var index = 0
    while index < matched {
      let subscriber = expected[index * expectedStride]
      if subscriber.storage === storage && subscriber.key.id == id { return true }
      index += 1
    }
    if matched * expectedStride < expected.count {
      let subscriber = expected[matched * expectedStride]
      if subscriber.storage === storage && subscriber.key.id == id {
        matched += 1
        return true
      }
    }
    diverged = true
    _isChecking = false
    return false
  }

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
  @exclusivity(unchecked) unowned(unsafe) var context: ThreadContext?

  @usableFromInline
  init() {}

  /// Runs `body`, recording every observable property it reads on this thread.
  ///
  /// Nested evaluations record into their own list; the outer list is restored afterwards. Call
  /// ``recycle()`` on the returned list when done with its records, so the next evaluation on this
  /// thread reuses it instead of allocating.
  ///
  /// With `expected` subscribers (every `stride`-th one being a read), reads that match them in order
  /// are only counted (see ``readExactlyTheExpected`` and ``recordedEveryRead``).
  @inlinable
  static func tracking<Result>(
    recordingSetters: Bool = false,
    expecting expected: [Subscriber] = [],
    stride: Int = 1,
    _ body: () throws -> Result
  ) rethrows -> (Result, AccessList) {
    let context = ThreadContext.current
    let list = context.spareLists.popLast() ?? AccessList()
    list.context = context
    list.recordsSetters = recordingSetters
    if !expected.isEmpty {
      list.expected = expected
      list.expectedStride = stride
      list._isChecking = true
    }
    let previous = context.tracking
    context.tracking = list
    ThreadContext.trackingCount.add(1, ordering: .relaxed)
    defer {
      context.tracking = previous
      ThreadContext.trackingCount.subtract(1, ordering: .relaxed)
    }
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
    guard !list._isChecking else {
      // Reads the outer evaluation expects are not recorded there: read into a list of their own,
      // then hand them over as if read there.
      let (result, inner) = tracking(recordingSetters: list.recordsSetters, body)
      defer { inner.recycle() }
      for (index, record) in inner.records.enumerated() {
        if list._isChecking, list._matchesExpected(storage: record.storage, id: record.id) { continue }
        list.records.append(record)
        if list.recordsSetters { list.throughOptionals.append(inner.throughOptionals[index]) }
      }
      return (result, inner.records.last?.memberType)
    }
    let before = list.records.count
    let result = body()
    return (result, list.records.count > before ? list.records.last?.memberType : nil)
  }

  /// Empties the list (keeping its capacity) and gives it back to its thread.
  @usableFromInline
  func recycle() {
    if !records.isEmpty { records.removeAll(keepingCapacity: true) }
    if !throughOptionals.isEmpty { throughOptionals.removeAll(keepingCapacity: true) }
    if !expected.isEmpty { expected = [] }
    matched = 0
    diverged = false
    _isChecking = false
    // This thread's own context (compared by address: no reference is taken), else the list is left.
    guard let context, ThreadContext.storage.pointer() == Unmanaged.passUnretained(context).toOpaque(),
      context.spareLists.count < 8
    else { return }
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
