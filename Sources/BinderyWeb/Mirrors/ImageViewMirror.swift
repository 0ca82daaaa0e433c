import Bindery
import BinderyControls
import Foundation

/// An image view (`kind: image`, an `<img>`): the image shown as a `data:` URL of its bytes, which
/// the view has recognised as a PNG, JPEG, GIF, WebP or SVG image (an `<img>` runs no script, an SVG
/// one included), its description as the alternative text, why no image is shown (a missing file)
/// as its title, and hidden. The page takes no drop of an image: a user does not edit it there.
final class ImageViewMirror: WebMirror {
  let view: HeadlessImageView

  init(_ view: HeadlessImageView, id: String, collector: PatchCollector) {
    self.view = view
    super.init(id: id, kind: "image", collector: collector)
    watch(view, \.webSource, as: "source") { JSONValue($0) }
    watch(view, \.accessibilityDescription, as: "description") { JSONValue($0) }
    watch(view, \.problem, as: "problem") { JSONValue($0?.description) }
    watch(view, \.isHidden, as: "hidden") { .bool($0) }
  }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("source", JSONValue(view.webSource)), ("description", JSONValue(view.accessibilityDescription)),
      ("problem", JSONValue(view.problem?.description)), ("hidden", .bool(view.isHidden)),
    ]
  }
}

extension HeadlessImageView {
  /// The image shown as a `data:` URL, or `nil` when none is.
  var webSource: String? {
    guard let imageData, let mediaType else { return nil }
    return "data:\(mediaType);base64," + imageData.base64EncodedString()
  }
}
