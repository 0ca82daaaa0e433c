public import Bindery
public import BinderyControls

extension ListView {
  /// Shows the arranged objects of `controller` and follows every change of the arrangement row by
  /// row; returns the token that keeps the list following (drop it to stop).
  public func bind(to controller: ArrayController<Item>) -> ObservationToken {
    show(controller.arrangedObjects)
    return controller.observeArrangement { [weak self] change, arranged in
      self?.apply(change, items: arranged)
    }
  }
}
