import Bindery
import BinderyControls

/// The controls the registry made in a style (secure fields, checkboxes): during the load, and later
/// for the rows of lists (their templates make them with the same registry). Held weakly: a control
/// that is gone has no style, and its address is not mistaken for a new control's.
final class StyledObjects: Sendable {
  private let entries = SharedLock<Entries>(Entries())

  private struct Entries {
    var byControl: [ObjectIdentifier: Entry] = [:]
    var pruneAt = 64
  }

  private struct Entry {
    weak var control: AnyObject?
    let style: ControlStyle
  }

  func add(_ control: AnyObject, _ style: ControlStyle) {
    let entry = UncheckedEntry(entry: Entry(control: control, style: style))
    entries.withLock { entries in
      if entries.byControl.count >= entries.pruneAt {
        entries.byControl = entries.byControl.filter { $0.value.control != nil }
        entries.pruneAt = max(64, 2 * entries.byControl.count)
      }
      entries.byControl[ObjectIdentifier(control)] = entry.entry
    }
  }

  func style(of control: AnyObject) -> ControlStyle? {
    let key = ObjectIdentifier(control)
    return entries.withLock { entries in
      guard let entry = entries.byControl[key], entry.control === control else { return nil }
      return entry.style
    }
  }

  /// An entry handed into the lock: its control is only compared there, never used.
  private struct UncheckedEntry: @unchecked Sendable {
    let entry: Entry
  }
}
