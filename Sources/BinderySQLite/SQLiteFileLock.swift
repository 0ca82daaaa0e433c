import Bindery
import BinderyStore
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// This process's hold on a database file: an exclusive `flock` on `<file>.lock` beside it, taken by
/// the first store of the process that opens the file and let go when the last one goes (or the
/// process ends, however it ends). A second process that opens the file is refused at once.
final class SQLiteFileLock: Sendable {
  let lockPath: String

  private init(lockPath: String) {
    self.lockPath = lockPath
  }

  deinit {
    Self.held.withLock { held in
      guard let entry = held[lockPath] else { return }
      if entry.count > 1 {
        held[lockPath]?.count -= 1
      } else {
        held[lockPath] = nil
        close(entry.descriptor)
      }
    }
  }

  /// The process's hold on `path`, shared with the other stores of this process that keep it.
  static func acquire(_ path: String) throws(StoreError) -> SQLiteFileLock {
    let lockPath = path + ".lock"
    let result = held.withLock { held -> Result<SQLiteFileLock, StoreError> in
      if held[lockPath] != nil {
        held[lockPath]?.count += 1
        return .success(SQLiteFileLock(lockPath: lockPath))
      }
      let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        return .failure(
          StoreError(
            .database, "the database \(path) could not be opened: \(String(cString: strerror(errno))) (\(lockPath))"))
      }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let reason = errno
        close(descriptor)
        if reason == EWOULDBLOCK {
          return .failure(
            StoreError(
              .database,
              "the database \(path) is in use by another process; one process at a time keeps a database file"))
        }
        return .failure(
          StoreError(.database, "the database \(path) could not be locked: \(String(cString: strerror(reason)))"))
      }
      held[lockPath] = Entry(descriptor: descriptor, count: 1)
      return .success(SQLiteFileLock(lockPath: lockPath))
    }
    return try result.get()
  }

  /// The lock files this process holds: each one's descriptor and how many stores share it.
  private static let held = Locked<[String: Entry]>([:])

  private struct Entry: Sendable {
    let descriptor: Int32
    var count: Int
  }
}
