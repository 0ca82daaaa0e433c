import Bindery
import BinderyControllers
import Testing

/// A shelf of a library: shelves hold shelves.
@KeyValueObservable
final class Shelf {
  var name: String
  var shelves: [Shelf]
  var isSealed = false
  init(_ name: String, _ shelves: [Shelf] = []) {
    self.name = name
    self.shelves = shelves
  }
}

/// A library with its top shelves.
@KeyValueObservable
final class Library {
  var shelves: [Shelf] = []
}

/// The names of the nodes under `node`, depth first, indented by level: what an outline with every
/// row expanded shows.
private func outline(_ node: TreeNode<Shelf>, _ indent: String = "") -> [String] {
  node.childNodes.flatMap { child in
    [indent + (child.representedObject?.name ?? "?")] + outline(child, indent + "  ")
  }
}

/// Fiction (Novels, Poems) and Science (Physics).
private func library() -> Library {
  let library = Library()
  library.shelves = [
    Shelf("Fiction", [Shelf("Novels"), Shelf("Poems")]),
    Shelf("Science", [Shelf("Physics")]),
  ]
  return library
}

@Suite("A tree controller arranges a tree of objects")
struct TreeControllerTests {
  @Test func theArrangedTreeFollowsTheChildrenKeyPathFromTheRootObjects() throws {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    #expect(outline(tree.arrangedObjects) == ["Fiction", "  Novels", "  Poems", "Science", "  Physics"])
    let poems = try #require(tree.node(at: [0, 1]))
    #expect(poems.representedObject?.name == "Poems")
    #expect(poems.indexPath == [0, 1])
    #expect(poems.depth == 2)
    #expect(poems.isLeaf)
    #expect(poems.parentNode?.representedObject?.name == "Fiction")
    #expect(tree.node(at: [0])?.isLeaf == false)
    #expect(tree.node(at: [2]) == nil)
    #expect(tree.node(at: [0, 5]) == nil)
  }

  @Test func everyLevelIsSortedAndASortKeyChangeMovesOnlyThatObjectWithinItsLevel() throws {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    tree.sortOrder = [.descending(\.name)]
    #expect(outline(tree.arrangedObjects) == ["Science", "  Physics", "Fiction", "  Poems", "  Novels"])
    var changes: [TreeChange] = []
    let token = tree.observeTree { changes.append($0) }
    model.shelves[0].shelves[0].name = "Verse"  // Novels becomes Verse, first under Fiction
    #expect(outline(tree.arrangedObjects) == ["Science", "  Physics", "Fiction", "  Verse", "  Poems"])
    #expect(changes.map(\.parent) == [[1]])
    #expect(changes.first?.change.isEmpty == false)
    token.unbind()
  }

  @Test func aChildInsertedInTheModelIsReportedAtItsIndexUnderItsParent() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    _ = outline(tree.arrangedObjects)  // every level made, as an outline with every row expanded
    var changes: [TreeChange] = []
    let token = tree.observeTree { changes.append($0) }
    model.shelves[1].shelves.insert(Shelf("Biology"), at: 0)
    #expect(changes == [TreeChange(parent: [1], change: CollectionChange(inserted: [0]))])
    model.shelves.remove(at: 0)
    #expect(changes.last == TreeChange(parent: [], change: CollectionChange(removed: [0])))
    #expect(outline(tree.arrangedObjects) == ["Science", "  Biology", "  Physics"])
    token.unbind()
  }

  @Test func aLevelIsMadeOnlyWhenItIsReadAndChangesBelowItAreNotReportedUntilThen() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    #expect(tree.arrangedObjects.childNodes.count == 2)  // the root level only
    var changes: [TreeChange] = []
    let token = tree.observeTree { changes.append($0) }
    model.shelves[0].shelves.append(Shelf("Plays"))
    #expect(changes.isEmpty)
    #expect(tree.node(at: [0])?.childNodes.map { $0.representedObject?.name } == ["Novels", "Poems", "Plays"])
    token.unbind()
  }

  @Test func theSelectionStaysOnTheSameObjectWhenSiblingsAreInsertedBeforeIt() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    #expect(tree.setSelectionIndexPaths([[0, 1]]))
    #expect(tree.selectedObjects.map(\.name) == ["Poems"])
    var seen: [[TreeIndexPath]] = []
    let token = observe(tree, \.selectionIndexPaths) { seen.append($0.newValue) }
    model.shelves[0].shelves.insert(Shelf("Essays"), at: 0)
    #expect(tree.selectionIndexPaths == [[0, 2]])
    #expect(tree.selectedObjects.map(\.name) == ["Poems"])
    #expect(seen == [[[0, 2]]])
    token.unbind()
  }

  @Test func selectingPathsWithoutNodesIsIgnoredAndPathsComeInOutlineOrder() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    tree.setSelectionIndexPaths([[1, 0], [9], [0, 0, 4], [0]])
    #expect(tree.selectionIndexPaths == [[0], [1, 0]])
    #expect(tree.addSelectionIndexPaths([[0, 1]]))
    #expect(tree.selectionIndexPaths == [[0], [0, 1], [1, 0]])
    #expect(tree.removeSelectionIndexPaths([[0]]))
    #expect(tree.selectedObjects.map(\.name) == ["Poems", "Physics"])
    #expect(!tree.setSelectionIndexPaths([[0, 1], [1, 0]]))  // the same selection: no change
  }

  @Test func theSelectionProxyShowsTheCommonValueAndWritesEverySelectedObject() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    #expect(tree.selection.name == .marker(.noSelection))
    tree.setSelectionIndexPaths([[0, 0]])
    #expect(tree.selection.name == .value("Novels"))
    tree.setSelectionIndexPaths([[0, 0], [1, 0]])
    #expect(tree.selection.name == .marker(.multipleValues))
    tree.selection.name = .value("Shelf")
    #expect(model.shelves[0].shelves[0].name == "Shelf")
    #expect(model.shelves[1].shelves[0].name == "Shelf")
  }

  @Test func addChildAndInsertChildWriteTheSelectedObjectsChildrenAndSelectTheNewObject() throws {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves, makeNode: { Shelf("New") })
    tree.bindContent(to: .keyPath(model, \.shelves))
    #expect(!tree.canAddChild)  // nothing selected
    #expect(tree.canAdd)  // the root level
    tree.setSelectionIndexPaths([[1]])
    #expect(tree.canAddChild)
    let added = try #require(tree.addChild())
    #expect(model.shelves[1].shelves.map(\.name) == ["Physics", "New"])
    #expect(tree.selectedObjects.first === added)
    #expect(tree.selectionIndexPaths == [[1, 1]])
    tree.setSelectionIndexPaths([[0]])
    tree.insertChild()
    #expect(model.shelves[0].shelves.map(\.name) == ["New", "Novels", "Poems"])
    #expect(tree.selectionIndexPaths == [[0, 0]])
  }

  @Test func addAndInsertPutANewObjectBesideTheSelectionOrAtTheRootLevel() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves, makeNode: { Shelf("New") })
    tree.bindContent(to: .keyPath(model, \.shelves))
    tree.add()
    #expect(model.shelves.map(\.name) == ["Fiction", "Science", "New"])
    tree.setSelectionIndexPaths([[0, 1]])
    tree.insert()
    #expect(model.shelves[0].shelves.map(\.name) == ["Novels", "New", "Poems"])
    #expect(tree.selectionIndexPaths == [[0, 1]])
    tree.add()
    #expect(model.shelves[0].shelves.map(\.name) == ["Novels", "New", "Poems", "New"])
  }

  @Test func removeTakesTheSelectedObjectsOutOfTheirParentsAndSelectsTheNextSibling() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    tree.setSelectionIndexPaths([[0, 0]])
    #expect(tree.canRemove)
    tree.remove()
    #expect(model.shelves[0].shelves.map(\.name) == ["Poems"])
    #expect(tree.selectedObjects.map(\.name) == ["Poems"])
    tree.avoidsEmptySelection = false
    tree.remove()
    #expect(model.shelves[0].shelves.isEmpty)
    #expect(tree.selectionIndexPaths.isEmpty)
    #expect(!tree.canRemove)
  }

  @Test func insertAtAnIndexPathAndRemoveAtAnIndexPathEditTheModelWhereTheyPoint() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    #expect(tree.insert(Shelf("Chemistry"), at: [1, 1]))
    #expect(model.shelves[1].shelves.map(\.name) == ["Physics", "Chemistry"])
    #expect(!tree.insert(Shelf("Lost"), at: [1, 5]))  // past the children
    #expect(!tree.insert(Shelf("Lost"), at: [7, 0]))  // no such parent
    #expect(!tree.insert(Shelf("Lost"), at: []))
    #expect(tree.removeObject(at: [0, 0]))
    #expect(model.shelves[0].shelves.map(\.name) == ["Poems"])
    #expect(!tree.removeObject(at: [4, 4]))
  }

  @Test func aNodeMovesToAnotherParentButNeverBelowItself() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    tree.setSelectionIndexPaths([[0, 1]])
    #expect(tree.moveNode(at: [0, 1], to: [1, 0]))  // Poems to the front of Science
    #expect(model.shelves[0].shelves.map(\.name) == ["Novels"])
    #expect(model.shelves[1].shelves.map(\.name) == ["Poems", "Physics"])
    #expect(tree.selectionIndexPaths == [[1, 0]])
    #expect(!tree.moveNode(at: [1], to: [1, 0, 0]))  // Science into its own child
    #expect(tree.moveNode(at: [0], to: [2]))  // Fiction after Science, within the root level
    #expect(model.shelves.map(\.name) == ["Science", "Fiction"])
  }

  @Test func aReadOnlyChildrenKeyPathOrALeafKeyPathStopsAddingChildren() {
    final class Folder {
      let name: String
      let folders: [Folder]
      init(_ name: String, _ folders: [Folder] = []) {
        self.name = name
        self.folders = folders
      }
    }
    let tree = TreeController<Folder>(children: \.folders, makeNode: { Folder("New") })
    tree.setContent([Folder("Home", [Folder("Music")])])
    tree.setSelectionIndexPaths([[0]])
    #expect(!tree.canAddChild)
    #expect(tree.addChild() == nil)
    #expect(tree.canAdd)  // the root level is the controller's own

    let sealedTree = TreeController<Shelf>(children: \.shelves, leaf: \.isSealed, makeNode: { Shelf("New") })
    let sealed = Shelf("Archive", [Shelf("Hidden")])
    sealed.isSealed = true
    sealedTree.setContent([sealed])
    #expect(sealedTree.node(at: [0])?.isLeaf == true)
    #expect(sealedTree.node(at: [0])?.childNodes.isEmpty == true)
    sealedTree.setSelectionIndexPaths([[0]])
    #expect(!sealedTree.canAddChild)
    sealed.isSealed = false
    #expect(sealedTree.node(at: [0])?.childNodes.map { $0.representedObject?.name } == ["Hidden"])
  }

  @Test func aCycleInTheModelEndsInALeafMarkedAsACycle() throws {
    let first = Shelf("First")
    let second = Shelf("Second", [first])
    first.shelves = [second]
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.setContent([first])
    #expect(outline(tree.arrangedObjects) == ["First", "  Second", "    First"])
    let repeated = try #require(tree.node(at: [0, 0, 0]))
    #expect(repeated.isCycle)
    #expect(repeated.isLeaf)
    #expect(tree.node(at: [0])?.isCycle == false)
    tree.setSelectionIndexPaths([[0, 0, 0]])
    #expect(!tree.canAddChild)
  }

  @Test func unbindingTheContentKeepsTheRootObjectsAsTheControllersOwn() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    let binding = tree.bindContent(to: .keyPath(model, \.shelves))
    binding.unbind()
    model.shelves = []
    #expect(tree.content.map(\.name) == ["Fiction", "Science"])
    #expect(tree.arrangedObjects.childNodes.count == 2)
  }

  @Test func theControllerGoingAwayLeavesNoObserverOnTheModel() {
    let model = library()
    weak var weakTree: TreeController<Shelf>?
    do {
      let tree = TreeController<Shelf>(children: \.shelves)
      weakTree = tree
      tree.bindContent(to: .keyPath(model, \.shelves))
      tree.sortOrder = [.ascending(\.name)]
      _ = outline(tree.arrangedObjects)
      #expect(model.shelves[0].keyValueRegistrar.observerCount > 0)
    }
    #expect(weakTree == nil)
    #expect(model.keyValueRegistrar.observerCount == 0)
    #expect(model.shelves.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
    #expect(model.shelves[0].shelves.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }

  @Test func anObjectRemovedFromTheTreeIsNoLongerObserved() {
    let model = library()
    let tree = TreeController<Shelf>(children: \.shelves)
    tree.bindContent(to: .keyPath(model, \.shelves))
    _ = outline(tree.arrangedObjects)
    let fiction = model.shelves[0]
    model.shelves.remove(at: 0)
    #expect(fiction.keyValueRegistrar.observerCount == 0)
    #expect(fiction.shelves.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }
}

@Suite("A tree controller's root level")
struct TreeControllerRootTests {
  @Test func aReadOnlyContentTurnsAddOffAndUnbindingItTurnsItBackOn() {
    final class Catalog {
      let shelves = [Shelf("Fixed")]
    }
    let catalog = Catalog()
    let tree = TreeController<Shelf>(children: \.shelves, makeNode: { Shelf("New") })
    #expect(tree.canAdd)
    let binding = tree.bindContent(to: .keyPath(catalog, \.shelves))
    #expect(!tree.canAdd)
    #expect(tree.add() == nil)
    binding.unbind()
    #expect(tree.canAdd)
    tree.add()
    #expect(tree.content.map(\.name) == ["Fixed", "New"])
  }
}
