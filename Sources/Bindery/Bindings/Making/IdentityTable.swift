/// The cache's answers by class and key path identity, in an open-addressed table with a hash of two
/// multiplications: a lookup compares two words per probe and copies nothing but the answer (the
/// standard dictionary's hash alone costs more). Each entry keeps its key path, so no other key path
/// can take its address while it is there.
struct IdentityTable {
  /// Two words per slot, the class and the key path's address; `0, 0` is an empty slot.
  private var keys = [UInt](repeating: 0, count: 32)
  private var paths = [AnyKeyPath?](repeating: nil, count: 16)
  private var infos = [ObservablePropertyInfo?](repeating: nil, count: 16)
  private(set) var count = 0

  private var mask: Int { paths.count - 1 }

  private func start(_ objectClass: UInt, _ keyPath: UInt) -> Int {
    let mixed = objectClass &* 0x9E37_79B9_7F4A_7C15 ^ keyPath &* 0xC2B2_AE3D_27D4_EB4F
    return Int(truncatingIfNeeded: mixed >> 32) & mask
  }

  /// The slot of `objectClass` and `keyPath`, or the empty slot where they would go.
  private func position(_ objectClass: UInt, _ keyPath: UInt) -> (index: Int, found: Bool) {
    keys.withUnsafeBufferPointer { keys in
      var index = start(objectClass, keyPath)
      while true {
        let storedClass = keys[2 &* index]
        let storedPath = keys[2 &* index &+ 1]
        if storedClass == objectClass, storedPath == keyPath { return (index, true) }
        if storedClass == 0, storedPath == 0 { return (index, false) }
        index = (index &+ 1) & mask
      }
    }
  }

  func find(_ objectClass: ObjectIdentifier, _ keyPath: AnyKeyPath) -> ObservablePropertyInfo? {
    let (index, found) = position(UInt(bitPattern: objectClass), UInt(bitPattern: ObjectIdentifier(keyPath)))
    return found ? infos[index] : nil
  }

  mutating func insert(_ info: ObservablePropertyInfo, _ objectClass: ObjectIdentifier, _ keyPath: AnyKeyPath) {
    let classBits = UInt(bitPattern: objectClass)
    let pathBits = UInt(bitPattern: ObjectIdentifier(keyPath))
    guard !position(classBits, pathBits).found else { return }
    if (count + 1) * 2 > paths.count { grow() }
    place(info, classBits, keyPath)
  }

  private mutating func place(_ info: ObservablePropertyInfo, _ objectClass: UInt, _ keyPath: AnyKeyPath) {
    let pathBits = UInt(bitPattern: ObjectIdentifier(keyPath))
    let index = position(objectClass, pathBits).index
    keys[2 * index] = objectClass
    keys[2 * index + 1] = pathBits
    paths[index] = keyPath
    infos[index] = info
    count += 1
  }

  private mutating func grow() {
    let old = (keys: keys, paths: paths, infos: infos)
    keys = [UInt](repeating: 0, count: old.keys.count * 2)
    paths = [AnyKeyPath?](repeating: nil, count: old.paths.count * 2)
    infos = [ObservablePropertyInfo?](repeating: nil, count: old.infos.count * 2)
    count = 0
    for index in old.paths.indices {
      guard let path = old.paths[index], let info = old.infos[index] else { continue }
      place(info, old.keys[2 * index], path)
    }
  }
}
