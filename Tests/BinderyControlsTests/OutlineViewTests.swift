import Bindery
import BinderyControllers
import BinderyControls
import Testing

/// A topic of a handbook: topics hold topics.
@KeyValueObservable
final class Topic {
  var title: String
  var topics: [Topic]
  init(_ title: String, _ topics: [Topic] = []) {
    self.title = title
    self.topics = topics
  }
}

/// A handbook with its top topics: Basics (Install, Build) and Guides (Tables).
@KeyValueObservable
final class Handbook {
  var topics: [Topic] = [
    Topic("Basics", [Topic("Install"), Topic("Build")]),
    Topic("Guides", [Topic("Tables")]),
  ]
}

@Suite("Outlines")
struct OutlineViewTests {
  /// An outline with a label per row bound to its topic's title, bound to `tree`.
  private func outline(_ tree: TreeController<Topic>) -> HeadlessOutlineView<Topic> {
    let outline = HeadlessOutlineView<Topic> { topic, row in
      let label = HeadlessLabel()
      label.bind(\.text, to: topic, \.title).store(in: row.bindings)
      row.controls = [label]
    }
    outline.bind(to: tree)
    return outline
  }

  /// The rows as a user reads them: each title indented by its level.
  private func shown(_ outline: HeadlessOutlineView<Topic>) -> [String] {
    outline.rows.map { row in
      let text = (row.controls.first as? HeadlessLabel)?.text ?? "?"
      return String(repeating: "  ", count: row.item.depth - 1) + text
    }
  }

  private func tree(_ handbook: Handbook) -> TreeController<Topic> {
    let tree = TreeController<Topic>(children: \.topics, makeNode: { Topic("New") })
    tree.bindContent(to: .keyPath(handbook, \.topics))
    return tree
  }

  @Test func rowsStartCollapsedAndExpandingARowShowsItsChildrenIndentedUnderIt() {
    let handbook = Handbook()
    let tree = tree(handbook)  // the outline holds its controller weakly, as a binding holds its source
    let outline = outline(tree)
    #expect(shown(outline) == ["Basics", "Guides"])
    outline.userDidExpandRow(0)
    #expect(shown(outline) == ["Basics", "  Install", "  Build", "Guides"])
    #expect(outline.list.appliedOperations.suffix(2) == [.insert(1), .insert(2)])
    #expect(outline.isExpanded(handbook.topics[0]))
    outline.userDidExpandRow(1)  // a leaf: nothing to show
    #expect(shown(outline).count == 4)
  }

  @Test func collapsingARowEndsTheBindingsOfTheRowsUnderIt() {
    let handbook = Handbook()
    let tree = tree(handbook)
    let outline = outline(tree)
    outline.expand(handbook.topics[0])
    let install = handbook.topics[0].topics[0]
    let whileShown = install.keyValueRegistrar.observerCount
    #expect(whileShown >= 1)
    outline.collapse(handbook.topics[0])
    #expect(shown(outline) == ["Basics", "Guides"])
    // The row's label binding ended; the tree still follows the level it made (Install's children,
    // to tell whether it can be expanded).
    #expect(install.keyValueRegistrar.observerCount == whileShown - 1)
  }

  @Test func aChildAddedInTheModelAppearsUnderItsExpandedParentOnly() {
    let handbook = Handbook()
    let tree = tree(handbook)
    let outline = outline(tree)
    outline.expand(handbook.topics[1])
    handbook.topics[1].topics.append(Topic("Trees"))
    #expect(shown(outline) == ["Basics", "Guides", "  Tables", "  Trees"])
    let before = outline.list.appliedOperations.count
    handbook.topics[0].topics.append(Topic("Test"))  // under a collapsed row
    #expect(outline.list.appliedOperations.count == before)
    handbook.topics[1].topics[0].title = "Tables and columns"
    #expect(shown(outline)[2] == "  Tables and columns")
  }

  @Test func aUsersRowSelectionSelectsIndexPathsInTheTreeAndTheTreesSelectionShowsInTheRows() {
    let handbook = Handbook()
    let tree = tree(handbook)
    let outline = outline(tree)
    outline.expand(handbook.topics[0])
    outline.userDidSelectRows([2])
    #expect(tree.selectionIndexPaths == [[0, 1]])
    #expect(tree.selectedObjects.map(\.title) == ["Build"])
    tree.setSelectionIndexPaths([[1]])
    #expect(outline.list.selectionIndexes == [3])
    tree.setSelectionIndexPaths([[1, 0]])  // under a collapsed row
    #expect(outline.list.selectionIndexes.isEmpty)
    outline.expand(handbook.topics[1])
    #expect(outline.list.selectionIndexes == [4])
  }

  @Test func theArrowKeysMoveExpandAndCollapseAsInATreeView() {
    let handbook = Handbook()
    let tree = tree(handbook)
    let outline = outline(tree)
    outline.userDidPressKey(.down)  // nothing selected: the first row
    #expect(tree.selectedObjects.map(\.title) == ["Basics"])
    outline.userDidPressKey(.right)  // expands Basics
    #expect(shown(outline) == ["Basics", "  Install", "  Build", "Guides"])
    outline.userDidPressKey(.right)  // to its first child
    #expect(tree.selectedObjects.map(\.title) == ["Install"])
    outline.userDidPressKey(.down)
    #expect(tree.selectedObjects.map(\.title) == ["Build"])
    outline.userDidPressKey(.left)  // a leaf: to its parent
    #expect(tree.selectedObjects.map(\.title) == ["Basics"])
    outline.userDidPressKey(.left)  // collapses Basics
    #expect(shown(outline) == ["Basics", "Guides"])
    outline.userDidPressKey(.end)
    #expect(tree.selectedObjects.map(\.title) == ["Guides"])
  }

  @Test func deleteRemovesTheSelectedTopicFromItsParentInTheModel() {
    let handbook = Handbook()
    let tree = tree(handbook)
    let outline = outline(tree)
    outline.expand(handbook.topics[0])
    outline.userDidSelectRows([1])
    #expect(outline.userDidDeleteSelection())
    #expect(handbook.topics[0].topics.map(\.title) == ["Build"])
    #expect(shown(outline) == ["Basics", "  Build", "Guides"])
  }

  @Test func expandingRecursivelyShowsEveryLevelAndACycleEndsInALeafRow() {
    let loop = Topic("Loop")
    loop.topics = [Topic("Inner", [loop])]
    let handbook = Handbook()
    handbook.topics = [loop]
    let tree = tree(handbook)
    let outline = outline(tree)
    outline.expand(loop, recursively: true)
    #expect(shown(outline) == ["Loop", "  Inner", "    Loop"])
    #expect(outline.rows[2].item.isCycle)
  }

  @Test func aTopicThatGetsItsFirstChildHasItsRowMadeAgainToShowItCanExpand() {
    let handbook = Handbook()
    let tree = tree(handbook)
    let outline = outline(tree)
    outline.expand(handbook.topics[0])
    #expect(outline.rows[1].item.isLeaf)  // Install
    handbook.topics[0].topics[0].topics.append(Topic("Linux"))
    #expect(outline.list.appliedOperations.last == .reload(1))
    #expect(!outline.rows[1].item.isLeaf)
    #expect(shown(outline) == ["Basics", "  Install", "  Build", "Guides"])
  }

  @Test func unbindingTheOutlineStopsFollowingTheTree() {
    let handbook = Handbook()
    let tree = tree(handbook)
    let outline = HeadlessOutlineView<Topic> { _, _ in }
    let binding = outline.bind(to: tree)
    binding.unbind()
    handbook.topics.append(Topic("Reference"))
    #expect(outline.items.map(\.title) == ["Basics", "Guides"])
  }
}
