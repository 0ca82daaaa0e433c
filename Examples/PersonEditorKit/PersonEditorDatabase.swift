public import BinderySQLite
public import BinderyStore
import Foundation

/// Where PersonEditor keeps its people: a SQLite file.
public enum PersonEditorDatabase {
  /// `$XDG_DATA_HOME/bindery/PersonEditor.sqlite`, else `~/.local/share/bindery/PersonEditor.sqlite`
  /// (the XDG base-directory rule), else `PersonEditor.sqlite` in the current folder.
  public static var defaultPath: String {
    let environment = ProcessInfo.processInfo.environment
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["HOME"].map { $0 + "/.local/share" }
    guard let dataHome else { return "PersonEditor.sqlite" }
    return dataHome + "/bindery/PersonEditor.sqlite"
  }

  /// Opens the file at `path`, making its folder first if needed.
  public static func open(path: String) throws(StoreError) -> SQLiteStore {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw StoreError(.database, "cannot make the folder \(folder.path): \(error.localizedDescription)")
    }
    return try SQLiteStore(path: path)
  }
}
