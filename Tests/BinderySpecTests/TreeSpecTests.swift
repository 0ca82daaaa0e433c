import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Testing

/// A shelf, as the tree spec files name it.
@KeyValueObservable
final class SpecShelf {
  var name = ""
  var shelves: [SpecShelf] = []
  var isSealed = false

  static func named(_ name: String, _ shelves: [SpecShelf] = []) -> SpecShelf {
    let shelf = SpecShelf()
    shelf.name = name
    shelf.shelves = shelves
    return shelf
  }
}

/// The library whose shelves the tree spec files show.
@KeyValueObservable
final class SpecLibrary {
  var shelves: [SpecShelf] = [
    .named("Fiction", [.named("Poems"), .named("Novels")]),
    .named("Art"),
  ]
  var title = "Library"
}

/// The classes of the tree spec files.
private let treeClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(SpecShelf.self) { SpecShelf() }
  registry.register(SpecLibrary.self) { SpecLibrary() }
  return registry
}()

/// A library, its shelves' tree controller and an outline of them, with `controller` as the
/// controller's extra fields.
private func treeSpec(controller: String = "  children: shelves\n") -> String {
  """
  Library:
    class: SpecLibrary
  Shelves:
    class: NSTreeController
    objectClass: SpecShelf
  \(controller)  sortOrder: name
    bindings:
      contentArray: {to: /Library, value: shelves}
  Outline:
    class: NSOutlineView
    content: /Shelves
    row:
      Name:
        class: Label
        bindings:
          text: {value: name}

  """
}

@Suite("Trees in spec files")
struct TreeSpecTests {
  @Test("A spec's tree controller arranges the model's shelves and its outline shows them as rows")
  func aSpecTreeAndOutlineShowTheShelves() throws {
    let spec = try SpecFile.load(yaml: treeSpec(), classes: treeClasses)
    let library = try #require(spec.object(named: "Library", as: SpecLibrary.self))
    let tree = try #require(spec.object(named: "Shelves", as: TreeController<SpecShelf>.self))
    let outline = try #require(spec.object(named: "Outline", as: HeadlessOutlineView<SpecShelf>.self))
    func shown() -> [String] { outline.rows.map { ($0.controls.first as? HeadlessLabel)?.text ?? "?" } }
    #expect(shown() == ["Art", "Fiction"])  // sorted by name
    outline.userDidExpandRow(1)
    #expect(shown() == ["Art", "Fiction", "Novels", "Poems"])
    outline.userDidSelectRows([2])
    #expect(tree.selectedObjects.map(\.name) == ["Novels"])
    library.shelves[0].shelves.append(.named("Drama"))
    #expect(shown() == ["Art", "Fiction", "Drama", "Novels", "Poems"])
    #expect(tree.selectionIndexPaths == [[1, 1]], "the selection follows Novels")
    spec.unbind()
    library.shelves.append(.named("Zoology"))
    #expect(shown().count == 5, "unbound: the outline no longer follows")
  }

  @Test("A tree controller's leaf key is read by name")
  func aLeafKeyIsReadByName() throws {
    let spec = try SpecFile.load(
      yaml: treeSpec(controller: "  children: shelves\n  leaf: isSealed\n"), classes: treeClasses)
    let library = try #require(spec.object(named: "Library", as: SpecLibrary.self))
    let tree = try #require(spec.object(named: "Shelves", as: TreeController<SpecShelf>.self))
    #expect(tree.leafKeyPath == \SpecShelf.isSealed)
    library.shelves[0].isSealed = true
    #expect(tree.node(at: [1])?.isLeaf == true)
  }

  @Test(
    "A tree controller's bad key is a located error",
    arguments: [
      ("  children: shelfs\n", "shelfs", 6, 13, SpecError.Kind.unknownKey),
      ("  children: name\n", "String", 6, 13, .typeMismatch),
      ("  children: shelves\n  leaf: name\n", "Bool", 7, 9, .typeMismatch),
      ("  children: shelves\n  count: isSealed\n", "Int", 7, 10, .typeMismatch),
      ("  objectClassX: 1\n", "children", 4, 10, .structure),
    ])
  func aBadTreeKeyIsALocatedError(
    fields: String, messagePart: String, line: Int, column: Int, kind: SpecError.Kind
  ) {
    #expect {
      try SpecFile.load(yaml: treeSpec(controller: fields), classes: treeClasses)
    } throws: { error in
      guard let error = error as? SpecLoadError, let first = error.errors.first else { return false }
      return first.message.contains(messagePart) && first.line == line && first.column == column
        && first.kind == kind
    }
  }

  @Test("An outline whose content is an array controller is an error")
  func anOutlineNeedsATreeController() {
    let yaml = """
      Shelves:
        class: ArrayController
        objectClass: SpecShelf
      Outline:
        class: OutlineView
        content: /Shelves
      """
    #expect {
      try SpecFile.load(yaml: yaml, classes: treeClasses)
    } throws: { error in
      guard let error = error as? SpecLoadError, let first = error.errors.first else { return false }
      return first.message.contains("TreeController") && first.line == 6 && first.kind == .typeMismatch
    }
  }

  @Test("A tree's content that is not an array of its class is an error")
  func aTreesContentMustBeAnArrayOfItsClass() {
    let yaml = treeSpec().replacingOccurrences(of: "value: shelves}", with: "value: title}")
    #expect {
      try SpecFile.load(yaml: yaml, classes: treeClasses)
    } throws: { error in
      guard let error = error as? SpecLoadError, let first = error.errors.first else { return false }
      return first.message.contains("[SpecShelf]") && first.kind == .typeMismatch
    }
  }
}
