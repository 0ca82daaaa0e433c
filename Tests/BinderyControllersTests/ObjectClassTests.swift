import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import Testing

/// An object with an `init()`, to be a controller's object class; `Reminder` is a subclass.
@KeyValueObservable
class Note: DefaultInitializable {
  var title = "untitled"
  var priority = 0
  required init() {}
}

/// A subclass of `Note`.
@KeyValueObservable
final class Reminder: Note {
  var isDone = false
}

@KeyValueObservable
final class Notebook {
  var notes: [Note] = []
}

@KeyValueObservable
final class NoteEditor {
  var note: Note?
}

/// Object classes given in code, as a spec file's `objectClass:` gives them, and content the controller
/// makes itself (Cocoa's `objectClass`, `newObject()`, `prepareContent()`).
@Suite("Object classes and prepared content")
struct ObjectClassTests {
  @Test("an array controller's object class given in code makes the objects add() adds, subclasses included")
  func arrayControllerObjectClass() {
    let notebook = Notebook()
    let notes = ArrayController(objectClass: Note.self)
    notes.bindContent(to: .keyPath(notebook, \.notes))
    #expect(notes.objectClass == Note.self)
    #expect(notes.canAdd)
    let note = notes.add()
    #expect(note.map { type(of: $0) == Note.self } == true)
    let reminders = ArrayController<Note>(objectClass: Reminder.self)
    reminders.bindContent(to: .keyPath(notebook, \.notes))
    #expect(reminders.objectClass == Reminder.self)
    #expect(reminders.add() is Reminder)
    #expect(reminders.makeObject() is Reminder)
    #expect(notebook.notes.count == 2)
    #expect(ArrayController<Person>().makeObject() == nil)
  }

  @Test("an object controller's object class given in code is what add() makes and objectClass reports")
  func objectControllerObjectClass() {
    let controller = ObjectController<Note>(objectClass: Reminder.self)
    #expect(controller.objectClass == Reminder.self)
    #expect(controller.canAdd)
    #expect(controller.add() is Reminder)
    #expect(controller.makeObject() is Reminder)
    #expect(ObjectController<Person>().objectClass == Person.self)
    #expect(ObjectController<Person>().makeObject() == nil)
  }

  @Test("prepareContent() makes a new object of the object class the content, written to the model")
  func prepareContent() {
    let editor = NoteEditor()
    let controller = ObjectController<Note>(objectClass: Reminder.self)
    controller.bindContent(to: .keyPath(editor, \.note))
    #expect(controller.content == nil)
    controller.prepareContent()
    #expect(editor.note is Reminder)
    #expect(controller.content === editor.note)
  }

  @Test(
    "automaticallyPreparesContent makes the content when the controller has none, and when its content is bound to nil")
  func automaticallyPreparesContent() {
    let standalone = ObjectController(objectClass: Note.self)
    #expect(!standalone.automaticallyPreparesContent)
    #expect(standalone.content == nil)
    standalone.automaticallyPreparesContent = true
    #expect(standalone.content != nil)
    let first = standalone.content
    standalone.automaticallyPreparesContent = true  // it has content: nothing made
    #expect(standalone.content === first)

    let editor = NoteEditor()
    let bound = ObjectController<Note>(objectClass: Reminder.self)
    bound.automaticallyPreparesContent = true
    bound.bindContent(to: .keyPath(editor, \.note))
    #expect(editor.note is Reminder)
    #expect(bound.content === editor.note)
    let kept = Note()
    let other = NoteEditor()
    other.note = kept
    bound.bindContent(to: .keyPath(other, \.note))  // content there: kept
    #expect(bound.content === kept)
  }
}
