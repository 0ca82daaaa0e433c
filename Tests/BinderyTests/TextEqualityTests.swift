import Bindery
import Testing

@Suite("Text is compared as written")
struct TextEqualityTests {
  static let precomposed = "Ren\u{E9}e"
  static let decomposed = "Rene\u{301}e"

  @Test("Text written decomposed over the same text precomposed is stored and notified; the same text is not")
  func decomposedOverPrecomposedIsAChange() {
    let node = Node()
    node.name = Self.precomposed
    var seen: [[Unicode.Scalar]] = []
    let token = observe(node, \.name) { seen.append(Array($0.newValue.unicodeScalars)) }
    node.name = Self.decomposed
    #expect(seen == [Array(Self.decomposed.unicodeScalars)])
    #expect(Array(node.name.unicodeScalars) == Array(Self.decomposed.unicodeScalars))
    node.name = Self.decomposed
    #expect(seen.count == 1)
    token.unbind()
  }

  @Test("Coalesced changes that end on canonically equal but different text are delivered")
  func coalescedChangesCompareTextAsWritten() {
    let node = Node()
    node.name = Self.precomposed
    var seen = 0
    let token = observe(node, \.name) { _ in seen += 1 }
    withCoalescedChanges {
      node.name = "x"
      node.name = Self.decomposed
    }
    #expect(seen == 1)
    withCoalescedChanges {
      node.name = "y"
      node.name = Self.decomposed
    }
    #expect(seen == 1)  // ends where it began
    token.unbind()
  }
}
