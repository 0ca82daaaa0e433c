// libFuzzer target for the spec loader: any bytes, as a spec file (loaded with classes, linted
// without them and strictly, read from a file) and as a bindings file (read, saved and bound),
// must load or fail with problems located inside the text, with short messages; nothing may crash,
// hang or grow without bound. Built by Fuzz/run.sh into the BinderySpec module (it reaches the
// loader's internals), linked with the package's debug build of the modules the loader imports.

import Bindery
import BinderyControls
import Foundation

/// The classes a fuzzed spec may name: the headless controls, lists, and a control class as the
/// objects of controllers (so that `objectClass: Label` makes an array controller).
private let fuzzClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.registerAction("save", of: HeadlessButton.self) { _ in }
  return registry
}()

/// Where each input is also written, to be read back as a file.
private let fuzzFile = NSTemporaryDirectory() + "bindery-spec-fuzz-\(getpid()).yaml"

/// Fails (the fuzzer reports a crash) unless every problem is inside the text and short.
private func checkLocated(_ errors: [SpecError], in text: String, _ what: String) {
  guard !errors.isEmpty else { return }
  var lines = 1
  text.utf8.withContiguousStorageIfAvailable { bytes in
    var index = 0
    while index < bytes.count {
      let width = YAMLSource.lineBreakWidth(in: bytes, at: index)
      if width > 0 { lines += 1 }
      index += max(1, width)
    }
  }
  for error in errors {
    precondition(error.line >= 1 && error.line <= lines + 1, "\(what): line out of range: \(error)")
    precondition(error.column >= 1, "\(what): column out of range: \(error)")
    precondition(error.message.count <= 1_000, "\(what): a message of \(error.message.count) characters")
  }
  precondition(errors.count <= SpecLimits().maximumProblems + 1, "\(what): \(errors.count) problems")
}

/// Runs one input through the loaders (libFuzzer calls it for each input it makes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let text = String(decoding: bytes, as: UTF8.self)

  // A spec file: linted without classes, loaded with the controls' classes.
  checkLocated(SpecFile.lint(yaml: text, file: "fuzz.spec.yaml"), in: text, "lint")
  do {
    let spec = try SpecFile.load(yaml: text, file: "fuzz.spec.yaml", classes: fuzzClasses, root: HeadlessView())
    for name in spec.names {
      if let button = spec[name] as? HeadlessButton { _ = button.userDidTap() }
    }
    spec.unbind()
  } catch {
    checkLocated(error.errors, in: text, "load")
  }

  // The same bytes as a file (which need not be UTF-8): read as text, or refused where they are not.
  if FileManager.default.createFile(atPath: fuzzFile, contents: Data(bytes)) {
    do {
      let read = try YAMLSource.text(contentsOf: fuzzFile, limit: SpecLimits().maximumFileSize)
      precondition(read == text, "a file of UTF-8 text reads back differently")
    } catch {
      precondition(String(validating: bytes, as: UTF8.self) == nil, "UTF-8 text refused: \(error)")
      checkLocated(error.errors, in: text, "file")
    }
  }

  // A bindings file: read, saved and read again the same, bound with a control as the owner.
  do {
    let definition = try BindingSetDefinition(yaml: text, file: "fuzz.bindings.yaml")
    let saved = definition.yaml
    do {
      let again = try BindingSetDefinition(yaml: saved)
      precondition(again == definition, "a saved bindings file reads back differently:\n\(saved)")
    } catch {
      preconditionFailure("a saved bindings file does not read back: \(error)\n\(saved)")
    }
    let bindings = try definition.bind(owner: HeadlessView())
    bindings.unbind()
  } catch {
    checkLocated(error.errors, in: text, "bindings")
  }
  return 0
}
