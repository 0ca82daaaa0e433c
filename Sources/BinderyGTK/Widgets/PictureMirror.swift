#if GTK
  import Bindery
  import BinderyControls
  import CGTK
  import Foundation

  /// An image view as a `GtkPicture` (the accessible role `img`): the image's bytes made a texture by
  /// GDK (PNG, JPEG and TIFF, and through gdk-pixbuf's loaders GIF, WebP and SVG where they are
  /// installed; bytes it cannot decode show nothing), the view's description as the picture's
  /// alternative text and accessible name (what a screen reader says), and why no image is shown (a
  /// missing file) as its tooltip. A user does not drop an image on it.
  final class PictureMirror: WidgetMirror {
    let view: HeadlessImageView
    /// The most height the picture asks for: a larger image is scaled down, keeping its shape.
    static let maximumHeight = 200
    /// The bytes of the texture shown: an unchanged image is not decoded again.
    private var shownData: Data?

    init(_ view: HeadlessImageView) {
      self.view = view
      super.init(widget: gtk_picture_new())
      gtk_picture_set_can_shrink(cgtk_picture(widget), 1)
      gtk_widget_set_halign(widget, GTK_ALIGN_START)
      follow(view, \.imageData)
      follow(view, \.accessibilityDescription)
      follow(view, \.problem)
      follow(view, \.isEnabled)
      follow(view, \.isHidden)
      refresh()
    }

    override func update() {
      let picture = cgtk_picture(widget)
      if view.imageData != shownData {
        shownData = view.imageData
        let texture = view.imageData.flatMap(Self.texture(of:))
        let paintable = texture.flatMap { cgtk_paintable(UnsafeMutableRawPointer($0)) }
        gtk_picture_set_paintable(picture, paintable)
        // A picture that may shrink asks for no height of its own, and a page's column gives it
        // none: it asks for its image's height, up to that of a poster on the page.
        let height = paintable.map { min(Int(gdk_paintable_get_intrinsic_height($0)), Self.maximumHeight) } ?? -1
        gtk_widget_set_size_request(widget, -1, Int32(height))
        if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
      }
      // The description is what a screen reader reads as the picture's name, as an <img>'s alt is.
      gtk_picture_set_alternative_text(picture, view.accessibilityDescription)
      cgtk_set_accessible_label(widget, view.accessibilityDescription ?? "")
      gtk_widget_set_tooltip_text(widget, view.problem?.description)
      apply(enabled: view.isEnabled, hidden: view.isHidden)
    }

    /// A texture of `data` (one reference, the caller's), or `nil` when GDK cannot decode it.
    private static func texture(of data: Data) -> OpaquePointer? {
      data.withUnsafeBytes { raw -> OpaquePointer? in
        let bytes = g_bytes_new(raw.baseAddress, gsize(raw.count))
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        let texture = gdk_texture_new_from_bytes(bytes, &error)
        if let error { g_error_free(error) }
        return texture
      }
    }
  }
#endif
