import Bindery
import BinderyControllers
import BinderyTestFixtures
import Testing

@Suite("The array controller's key table")
struct ArrayControllerKeyTableTests {
  @Test func anArrayControllerNamesExactlyItsPublicPropertiesAndNoneOfItsInternalState() {
    let keys = ArrayController<Person>.keyValueKeys.keys
    #expect(
      keys.map(\.name) == [
        "arrangedObjects", "selectionIndexes", "selectedObjects", "canAdd", "canInsert", "canRemove",
        "canSelectNext", "canSelectPrevious", "contentMarker", "avoidsEmptySelection", "selectsInsertedObjects",
        "preservesSelection",
        "alwaysUsesMultipleValuesMarker", "clearsFilterOnInsertion", "isEditable", "maximumCount",
        "automaticallyRearrangesObjects", "selectionIndex", "filter", "sortOrder", "selection", "contentGate",
        "objectClass", "content", "arrangedCount",
      ])
    #expect(
      keys.filter(\.isReadOnly).map(\.name) == [
        "selectionIndexes", "selectedObjects", "canAdd", "canInsert", "canRemove", "canSelectNext",
        "canSelectPrevious", "contentMarker",
      ])
  }
}
