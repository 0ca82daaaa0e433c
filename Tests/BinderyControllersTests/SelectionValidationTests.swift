import Bindery
import BinderyControllers
import BinderyControls
import Testing

enum MemberError: Error {
  case emptyName
}

/// A model that validates its values: a member's name may not be empty.
@KeyValueObservable
final class Member: KeyValueValidating {
  var name: String

  init(_ name: String) {
    self.name = name
  }

  func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard keyPath == \Member.name else { return }
    guard let name = value as? String, !name.isEmpty else { throw MemberError.emptyName }
  }
}

@KeyValueObservable
final class Club {
  var members: [Member] = []
  var president: Member?
}

/// A value written through a controller's selection is validated by the selected objects, as a
/// value written to them directly is (Cocoa's selection forwards `validateValue(_:forKey:)`).
@Suite("Validation through a controller")
struct SelectionValidationTests {
  @Test("an edit through an array controller's selection is refused when a selected object refuses it")
  func arrayControllerForwardsValidation() throws {
    let club = Club()
    club.members = [Member("Ada"), Member("Grace")]
    let controller = ArrayController<Member>()
    controller.bindContent(to: .keyPath(club, \.members))
    controller.select(indexes: [0, 1])
    let typed = HeadlessTextField()
    typed.bind(\.text, to: .marked(controller, \.selection.name))
    let named = HeadlessTextField()
    try named.bind(\.text, to: .keyPath(controller, "selection.name"))
    typed.userDidEdit(text: "")
    #expect(club.members.map(\.name) == ["Ada", "Grace"])
    #expect(typed.validationError?.underlying as? MemberError == .emptyName)
    named.userDidEdit(text: "")
    #expect(club.members.map(\.name) == ["Ada", "Grace"])
    #expect(named.validationError?.underlying as? MemberError == .emptyName)
    typed.userDidEdit(text: "Alan")
    #expect(club.members.map(\.name) == ["Alan", "Alan"])
    #expect(typed.validationError == nil)
  }

  @Test("an edit through an object controller's selection is refused when the content refuses it")
  func objectControllerForwardsValidation() throws {
    let club = Club()
    club.president = Member("Ada")
    let controller = ObjectController<Member>()
    controller.bindContent(to: .keyPath(club, \.president))
    let typed = HeadlessTextField()
    typed.bind(\.text, to: .marked(controller, \.selection.name))
    let named = HeadlessTextField()
    try named.bind(\.text, to: .keyPath(controller, "selection.name"))
    typed.userDidEdit(text: "")
    #expect(club.president?.name == "Ada")
    #expect(typed.validationError != nil)
    named.userDidEdit(text: "")
    #expect(club.president?.name == "Ada")
    #expect(named.validationError != nil)
    named.userDidEdit(text: "Grace")
    #expect(club.president?.name == "Grace")
    #expect(named.validationError == nil)
  }
}
