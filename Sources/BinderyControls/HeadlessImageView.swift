public import Bindery
public import Foundation

/// A headless image view (Cocoa's `NSImageView`): an image from bytes (the `data` binding) or from a
/// file (`valuePath`, `valueURL`).
///
/// ```swift
/// let poster = HeadlessImageView()
/// poster.bind(\.valuePath, to: film, \.posterPath)
/// poster.imageData   // the file's bytes, once read
/// poster.problem     // .missingFile("/posters/x.png") when there is no such file
/// ```
///
/// The last of ``data``, ``valuePath`` and ``valueURL`` set is the image shown, as each of
/// `NSImageView`'s bindings replaces the image. A file that is missing, unreadable, larger than
/// ``maximumByteCount`` or not a PNG, JPEG, GIF, WebP or SVG image shows no image, and ``problem``
/// says why: a documented marker, never a crash. Unlike `NSImageView`, which decodes the image, the
/// headless view only recognises the format by its first bytes; a front end decodes it, and shows an
/// image it cannot decode as empty.
@KeyValueObservable
public final class HeadlessImageView: EditableControl, EnablingControl {
  /// The image's bytes, as given (Cocoa's `data` binding).
  public var data: Data? {
    didSet { show(data: data) }
  }
  /// The path of the image's file (Cocoa's `valuePath` binding).
  public var valuePath: String? {
    didSet { show(path: valuePath) }
  }
  /// The URL of the image's file (Cocoa's `valueURL` binding); only `file:` URLs are read.
  public var valueURL: URL? {
    didSet { show(url: valueURL) }
  }
  /// The bytes of the image shown, or `nil` when none is (nothing set, or a ``problem``).
  public private(set) var imageData: Data?
  /// The image's format as a media type (`image/png`…), when an image is shown.
  public private(set) var mediaType: String?
  /// Why no image is shown although one was asked for; `nil` when one is shown or none was asked for.
  public private(set) var problem: Problem?
  /// A short text that says what the image shows, for those who cannot see it (an `<img alt>`, an
  /// accessible name).
  public var accessibilityDescription: String?
  /// Whether a user can drop an image on it (`NSImageView.isEditable`); `false` by default.
  public var isEditable = false
  /// Whether the user can use it.
  public var isEnabled = true
  /// Whether the view is hidden.
  public var isHidden = false

  /// The largest image read or taken, in bytes: 16 MiB.
  public static let maximumByteCount = 16 << 20

  private static let dataID = #propertyID("data")

  /// Why an image view shows no image.
  public enum Problem: Error, Hashable, CustomStringConvertible {
    /// No file is at this path.
    case missingFile(String)
    /// The file at this path could not be read (a folder, no permission).
    case unreadableFile(String)
    /// The URL is not a `file:` URL.
    case unsupportedURL(String)
    /// The bytes are more than ``HeadlessImageView/maximumByteCount``.
    case tooLarge(Int)
    /// The bytes are not an image of a known format.
    case notAnImage

    /// What went wrong, in a sentence.
    public var description: String {
      switch self {
      case .missingFile(let path): "no file at \(path)"
      case .unreadableFile(let path): "the file at \(path) could not be read"
      case .unsupportedURL(let url): "\(url) is not a file URL"
      case .tooLarge(let count): "the image is \(count) bytes, more than \(HeadlessImageView.maximumByteCount)"
      case .notAnImage: "not a PNG, JPEG, GIF, WebP or SVG image"
      }
    }
  }

  /// Creates a view showing `data`, if given.
  public init(data: Data? = nil) {
    self.data = data
    show(data: data)
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(data: nil)
  }

  /// Drops an image's bytes on the view as a user would, and reports the edit of ``data``.
  ///
  /// - Returns: `false`, and changes nothing, when the view is not editable, disabled, hidden, or
  ///   `newData` is not an image of a known format or is too large.
  @discardableResult
  public func userDidDrop(data newData: Data) -> Bool {
    guard isEditable, isEnabled, !isHidden, newData.count <= Self.maximumByteCount,
      Self.mediaType(of: newData) != nil
    else { return false }
    data = newData
    keyValueRegistrar.userDidEdit(self, Self.dataID, \.data, value: data)
    return true
  }

  /// The media type of an image's bytes by their first bytes, or `nil` for none it knows.
  public static func mediaType(of data: Data) -> String? {
    let head = [UInt8](data.prefix(512))
    func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
    let text = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return "image/svg+xml" }
    return nil
  }

  private func show(data: Data?) {
    guard let data else { return shows(nil, problem: nil) }
    guard data.count <= Self.maximumByteCount else { return shows(nil, problem: .tooLarge(data.count)) }
    shows(data, problem: Self.mediaType(of: data) == nil ? .notAnImage : nil)
  }

  private func show(path: String?) {
    guard let path else { return shows(nil, problem: nil) }
    show(Self.read(path))
  }

  private func show(url: URL?) {
    guard let url else { return shows(nil, problem: nil) }
    guard url.isFileURL else { return shows(nil, problem: .unsupportedURL(url.absoluteString)) }
    show(Self.read(url.path))
  }

  private func show(_ result: Result<Data, Problem>) {
    switch result {
    case .success(let data): show(data: data)
    case .failure(let problem): shows(nil, problem: problem)
    }
  }

  private func shows(_ bytes: Data?, problem newProblem: Problem?) {
    let shown = newProblem == nil ? bytes : nil
    if imageData != shown { imageData = shown }
    let type = shown.flatMap(Self.mediaType(of:))
    if mediaType != type { mediaType = type }
    if problem != newProblem { problem = newProblem }
  }

  /// The bytes of the file at `path`, or why not.
  private static func read(_ path: String) -> Result<Data, Problem> {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      return .failure(.missingFile(path))
    }
    guard !isFolder.boolValue, let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      return .failure(.unreadableFile(path))
    }
    if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumByteCount {
      return .failure(.tooLarge(size))
    }
    guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadableFile(path)) }
    return .success(data)
  }
}

extension HeadlessImageView: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
