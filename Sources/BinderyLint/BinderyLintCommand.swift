public import ArgumentParser
import Bindery
import BinderyControls
import BinderyFormatters
import BinderySpec
import Foundation

/// `bindery-lint`: checks spec files and binding definition files, prints each problem as
/// `file:line:column: error: message`, and exits with 1 when there is any, so a project can run it
/// in its CI.
///
/// The `bindery-lint` executable knows the headless controls. To check keys against a project's own
/// classes, make a tool target that registers them and runs the command:
///
/// ```swift
/// import BinderyLint
/// import BinderySpec
///
/// SpecClassRegistry.shared.register(PersonViewController.self) { PersonViewController() }
/// BinderyLintCommand.main()
/// ```
public struct BinderyLintCommand: ParsableCommand {
  /// The command's name and summary.
  public static let configuration = CommandConfiguration(
    commandName: "bindery-lint",
    abstract: "Checks Bindery spec files (*.spec.yaml) and binding definitions (*.bindings.yaml)."
  )

  /// The files, or directories searched for `*.yaml` files.
  @Argument(help: "Spec and binding-definition files, or directories to search for .yaml files.")
  public var paths: [String]

  /// Whether every class must be registered.
  @Flag(help: "Report classes that are not registered (run from a tool target that registers them).")
  public var strictClasses = false

  /// Transformer names the project registers in code (checked by name only).
  @Option(
    name: .customLong("transformer"),
    help: "A transformer name the project registers in code (repeat for several); checked by name only.")
  public var transformerNames: [String] = []

  /// Validator names the project registers in code (checked by name only).
  @Option(
    name: .customLong("validator"),
    help: "A validator name the project registers in code (repeat for several); checked by name only.")
  public var validatorNames: [String] = []

  /// Creates the command (ArgumentParser fills in the options).
  public init() {}

  /// Checks every file and exits with 1 when any problem is found.
  public func run() throws {
    let files = Self.files(in: paths)
    guard !files.isEmpty else { throw ValidationError("no .yaml files found in \(paths.joined(separator: ", "))") }
    let transformers = Self.transformers(named: transformerNames, validators: validatorNames)
    // The headless controls, under every name a tool target did not take for its own classes.
    let known = Set(SpecClassRegistry.shared.names)
    SpecClassRegistry.shared.register(
      HeadlessControls.classes.filter { !$0.instantiableNames.contains(where: known.contains) },
      lists: HeadlessControls.lists.filter { !$0.names.contains(where: known.contains) })
    var problems: [SpecError] = []
    for file in files {
      if file.hasSuffix(".bindings.yaml") {
        problems += BindingSetDefinition.lint(contentsOf: file, transformers: transformers)
      } else {
        problems += SpecFile.lint(contentsOf: file, transformers: transformers, strictClasses: strictClasses)
      }
    }
    for problem in problems { print(problem.description) }
    let summary =
      problems.isEmpty
      ? "bindery-lint: \(files.count) file(s), no problems"
      : "bindery-lint: \(problems.count) problem(s) in \(Set(problems.map(\.file)).count) of \(files.count) file(s)"
    FileHandle.standardError.write(Data((summary + "\n").utf8))
    if !problems.isEmpty { throw ExitCode(1) }
  }

  /// What spec files may name: the text formats' factories (`numberFormatter`, `dateFormatter`), what
  /// a tool target registered in the shared registry, and `names` and `validators` given on the
  /// command line.
  static func transformers(named names: [String], validators: [String] = []) -> BindingTransformerRegistry {
    let transformers = BindingTransformerRegistry()
    transformers.registerTextFormats()
    let shared = BindingTransformerRegistry.shared
    for name in shared.names {
      if let transformer = shared.transformer(named: name) { transformers.register(transformer) }
    }
    for name in shared.factoryNames {
      if let factory = shared.factory(named: name) { transformers.register(factory: factory, named: name) }
    }
    for name in shared.validatorNames {
      if let validator = shared.validator(named: name) { transformers.register(validator) }
    }
    for name in names where transformers.transformer(named: name) == nil {
      transformers.register(AnyBindingTransformer(name: name, forward: { $0 }, reverse: { $0 }))
    }
    for name in validators where transformers.validator(named: name) == nil {
      transformers.register(validator: { (_: Any) in }, named: name)
    }
    return transformers
  }

  /// The files named, and the `.yaml` files under the directories named, sorted.
  static func files(in paths: [String]) -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        files.append(path)  // reported as unreadable
        continue
      }
      guard isDirectory.boolValue else {
        files.append(path)
        continue
      }
      let found = manager.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
      files += found.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { path + "/" + $0 }
    }
    return files
  }
}
