import Bindery
import BinderyControllers
import BinderyControls
import BinderyExpressions
import BinderyFormatters
import BinderyLint
import BinderySQLite
import BinderyScreens
import BinderySpec
import BinderyStore
import BinderyTestKit
import BinderyTracing
import BinderyWeb
import Foundation
import Observation
import Testing

#if canImport(SwiftUI)
  import Combine
  import SwiftData
  import SwiftUI
#endif

// Every public top-level name of every Bindery product, used unqualified beside Testing,
// Observation and Foundation (and SwiftUI, Combine and SwiftData where they exist): if a name were
// also theirs, this file would not compile. `.ci/taken_names.py check` fails when a public name is
// missing here.

@KeyValueObservable
private final class Account {
  var owner = ""
  var balance = 0
  var isActive = true
  var members = KeyValueArray<String>()
}

@Suite("Names beside Testing, Observation and Foundation")
struct UnqualifiedNamesTests {
  @Test func everyBinderyTypeIsReachableByItsPlainName() {
    let types: [Any.Type] = [
      // Bindery
      AnyBindingTransformer.self, (any BindingDelegate).self, BindingDelivery.self, BindingDirection.self,
      BindingError.self, BindingMarker.self, BindingOptions.self, (any LocatedError).self,
      BindingPlaceholders<String>.self, BindingSet.self, (any BindingTransformer).self, BindingTransformerError.self,
      BindingTransformerRegistry.self, TransformerSettingsError.self, BooleanCombination.self,
      (any BooleanCombining).self,
      ClosureTransformer<Int, String>.self, CollectionChange.self, CommaSeparatedListTransformer.self,
      ComposedTransformer<NegateBooleanTransformer, NegateBooleanTransformer>.self, (any EditableControl).self,
      ElementsBeforeChange<Int>.self, (any EmptyTestable).self, (any EnablingControl).self,
      IsEmptyTransformer<String>.self, IsNilTransformer<Int>.self, IsNotEmptyTransformer<String>.self,
      IsNotNilTransformer<Int>.self, KeyValueArray<Int>.self, KeyValueChange<Account, Int>.self,
      (any KeyValueCoding).self, KeyValueCodingError.self, KeyValueKey.self, KeyValueKeyTable.self,
      (any KeyValueObservable).self, KeyValueObservation.self, KeyValuePath.self, KeyValueRegistrar.self,
      (any KeyValueValidating).self, (any KeyValueInstantiable).self, (any SubviewContaining).self,
      MarkedValue<Int>.self, NegateBooleanTransformer.self, ObservationOptions.self,
      PatternInput.self, PropertyBinding.self, BindingDiagnostics.self, BindingGraph.self, BindingInfo.self,
      BindingProblem.self, ChangeCause.self, PropertyID.self, BindingSource<String>.self,
      ObservedValues<Account, String>.self, ObservedChanges<Account, String>.self, TrackedValues<Int>.self,
      ValueBuffering.self, EditPacing.self,
      ValidatedTransformer<NegateBooleanTransformer>.self,
      // BinderyControls
      (any ActionSending).self, HeadlessControls.self, HeadlessButton.self, HeadlessLabel.self,
      HeadlessListRow<Account>.self,
      HeadlessListView<Account>.self, HeadlessPopUpButton.self, HeadlessSearchField.self, HeadlessSlider.self,
      HeadlessStepper.self,
      HeadlessSwitch.self, HeadlessTextField.self, HeadlessView.self, ListOperation.self, ScreenSpec.self,
      LoadedScreen.self, ControlStyle.self, FieldLabel.self, (any LabelTarget).self, Panel.self,
      HeadlessTableView<Account>.self, HeadlessTableColumn<Account>.self, ColumnSortDirection.self,
      HeadlessOutlineView<Account>.self, OutlineKey.self, TreeController<Account>.self, TreeNode<Account>.self,
      TreeIndexPath.self, TreeChange.self,
      TableSelectionModifiers.self,
      HeadlessDatePicker.self, HeadlessTextView.self, HeadlessLevelIndicator.self, HeadlessProgressIndicator.self,
      HeadlessImageView.self, HeadlessSegmentedControl.self, HeadlessTabView.self,
      // BinderyControllers
      ArrangedList.self, (any ArrangedListClass).self, ArrangedObjects<Account>.self, ArrangementSort<Account>.self,
      ArrayController<Account>.self, ContentSource<ArrayController<Account>, PropertyBinding, Never>.self,
      (any DefaultInitializable).self, ObjectController<Account>.self,
      ObjectSelection<Account>.self, SelectionProxy<Account>.self, SearchTemplate.self,
      (any ArrangedTableClass).self, TableColumnDeclaration.self, (any ArrangedOutlineClass).self,
      // BinderyStore, BinderySQLite
      (any RecordStore).self, EditHistory.self, StoreChange.self, StoreColumn<Account>.self,
      (any StoreColumnValue).Type.self, StoreColumnType.self, StoreComparison.self, StoreCondition.self,
      StoreEntity<Account>.self, StoreError.self, StoreFilter<Account>.self, StoreName.self, StoreQuery.self,
      StoreRow.self, StoreSavePolicy.self, StoreSort<Account>.self, StoreTable.self, StoredContent<Account>.self,
      (any StoreValidating).self, StoreValue.self, SQLiteStore.self, (any RecordStoreChangeFeed).self, StoreNotice.self,
      UserEditing.self, UserEditingEvent.self, PendingSave.self,
      // BinderyExpressions
      BindingAttributeSyntax.self, BinaryOperation.self, BinaryOperator.self, BindingExpressionSyntax.self,
      CompiledExpression.self, EnumCaseName.self, ExpressionError.self, ExpressionParameters.self,
      ExpressionParser.self, ExpressionScope.self,
      ExpressionSyntax.self, KeyPathScope.self, TextPosition.self, ExpressionTypeRegistry.self, FontDescription.self,
      OptionNames.self, RGBAColor.self, StructureKind.self,
      // BinderyFormatters
      TextFormat<Double>.self, TextFormatError.self,
      // BinderySpec and BinderyLint
      BindingDefinition.self, BindingSetDefinition.self, SpecClassRegistry.self, SpecError.self, SpecFile.self,
      SpecLimits.self, SpecLoadError.self, SpecObjects.self, (any SpecAwaking).self,
      SpecRowTemplate.self, BinderyLintCommand.self,
      // BinderyWeb
      ClientMessage.self, ClientRequest.self, JSONLimits.self, JSONReadError.self, JSONValue.self, LogText.self,
      PatchOperation.self, ResetReason.self, ServerMessage.self, SocketRates.self, WebConnection.self,
      WebContent.self, WebInputError.self, WebList<Account>.self, WebOutbox.self,
      WebPage.self, WebPageContext.self, WebPageHost.self, WebServer.self, WebSpec.self, (any WebControl).self,
      WebElement<Account>.self, (any WebValue).self,
      // BinderyTestKit
      ChangeLog<Int>.self, LifetimeTracker.self, ManualClock.self, PropagationRecorder<Account, Int>.self,
      // BinderyTracing
      BindingTracer.self, TraceFilter.self, TraceFilterError.self,
    ]
    #expect(Set(types.map(ObjectIdentifier.init)).count == types.count)
  }

  @Test func theFreeFunctionsAndMacrosWorkByTheirPlainNames() {
    let account = Account()
    let field = HeadlessTextField()
    let changes = ChangeLog<String>()
    let observation = observe(account, \.owner) { changes.append($0.newValue) }
    let arrayChanges = observeChanges(account, \.members) { _, _ in }
    field.bind(\.text, to: account, \.owner)
    let label = HeadlessLabel()
    label.bind(\.text, to: .keyPath(account, \.owner, converted: ClosureTransformer { $0.uppercased() }))
    withCoalescedChanges {
      account.owner = "Ada"
      account.owner = "Grace"
    }
    #expect(changes.values == ["Grace"])
    #expect(label.text == "GRACE")
    expectBindings(field, count: 1)
    #expect(bindingCountMismatch(field, count: 1) == nil)
    expectChangedOnce(field, \.text, to: "Lovelace") { account.owner = "Lovelace" }
    #expect(propagationMismatch(of: { account.owner = "Ada" }, to: field, \.text, expected: "Ada") == nil)
    expectReleased { tracker in
      let other = tracker.track(Account())
      other.balance = 1
    }
    observation.unbind()
    arrayChanges.unbind()
    let values: TrackedValues<String> = trackedValues { [weak account] in account?.owner ?? "" }
    withExtendedLifetime(values) {}
    #expect(#propertyID("owner") == PropertyID("owner"))
  }
}

@KeyValueObservable
private final class Ledger {
  @KeyValueTracked var total: Int { entries.reduce(0, +) }
  @KeyValueIgnored var cache = 0
  var entries: [Int] = []
}
