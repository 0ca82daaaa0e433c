import Bindery
import BinderyControllers
import BinderyControls
import BinderyWeb

/// One browser tab, without a browser: a connection whose messages the test reads.
struct TestTab {
  let connection: WebConnection
  let host: WebPageHost

  init(_ host: WebPageHost, queueLimit: Int = 256, address: String = "127.0.0.1") {
    self.host = host
    connection = WebConnection(queueLimit: queueLimit, remoteAddress: address)
  }

  /// Sends a message's text.
  func send(_ text: String) async {
    await host.receive(text, from: connection)
  }

  /// Sends an edit.
  func edit(_ id: String, _ value: JSONValue) async {
    await send(JSONValue.object([("type", "edit"), ("id", .string(id)), ("value", value)]).serialized)
  }

  /// Sends an action.
  func action(_ id: String) async {
    await send(#"{"type":"action","id":"\#(id)"}"#)
  }

  /// Says hello (resuming `session`, as the tab named `tab`) and returns the reset.
  @discardableResult
  func hello(resume session: String? = nil, tab: String? = nil) async -> JSONValue? {
    let resume = session.map { "\"\($0)\"" } ?? "null"
    let tab = tab.map { "\"\($0)\"" } ?? "null"
    await send(#"{"type":"hello","resume":\#(resume),"tab":\#(tab)}"#)
    return await messages().last { $0["type"] == "reset" }
  }

  /// The messages queued since the last call, parsed; a pending reset is asked of the host.
  func messages() async -> [JSONValue] {
    var result: [JSONValue] = []
    for item in connection.outbox.drain() {
      switch item {
      case .message(let text):
        if let json = try? JSONValue.parse(text) { result.append(json) }
      case .reset:
        if let text = await host.resetMessage(for: connection), let json = try? JSONValue.parse(text) {
          result.append(json)
        }
      case .close(let code, let reason):
        result.append(.object([("type", "close"), ("code", .number(Double(code))), ("reason", .string(reason))]))
      }
    }
    return result
  }
}

extension JSONValue {
  /// The operations of a patch message.
  var operations: [JSONValue] {
    if case .array(let operations)? = self["ops"] { operations } else { [] }
  }

  /// The element with `id` in a tree (or a reset's tree).
  func element(_ id: String) -> JSONValue? {
    if self["id"] == .string(id) { return self }
    for key in ["tree", "children", "rows"] {
      switch self[key] {
      case .array(let nodes)?:
        for node in nodes {
          if let found = node.element(id) { return found }
        }
      case let node?:
        if let found = node.element(id) { return found }
      default: continue
      }
    }
    return nil
  }

  /// A property of an element.
  func prop(_ key: String) -> JSONValue? { self["props"]?[key] }
}

/// The test page's model.
@KeyValueObservable
final class Profile: KeyValueValidating {
  var name = ""
  var age = 30
  var subscribed = false
  var volume = 0.5
  var guests = 2.0
  var sizeIndex: Int? = 0
  var isLocked = false
  var friends: [Friend] = []
  var greeting: String? { name.isEmpty ? nil : "Hello, \(name)!" }

  func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    if keyPath == \Profile.name, let name = value as? String, name == "forbidden" {
      throw ForbiddenName()
    }
  }
}

struct ForbiddenName: Error, CustomStringConvertible {
  var description: String { "this name is not allowed" }
}

@KeyValueObservable
final class Friend {
  var name: String
  init(_ name: String) { self.name = name }
}

/// Makes the test page: every kind of element, bound to a `Profile`.
func makeProfilePage(sharing: WebPage.Sharing = .perSession, friends: Int = 3) -> WebPage {
  makeProfilePage(sharing: sharing) { ProfileModel(friends: friends) }
}

/// Makes the test page on one shared model, which the test keeps to change it.
func makeSharedProfilePage(friends: Int = 3) -> (WebPage, UncheckedBox<ProfileModel>) {
  let model = UncheckedBox(ProfileModel(friends: friends))
  return (makeProfilePage(sharing: .shared) { model.value }, model)
}

private func makeProfilePage(sharing: WebPage.Sharing, model: @escaping @Sendable () -> ProfileModel) -> WebPage {
  WebPage(title: "Profile", model: model, sharing: sharing) { model, _ in
    let profile = model.profile
    let name = HeadlessTextField(placeholder: "Name")
    let password = HeadlessTextField()
    let greeting = HeadlessLabel()
    let subscribe = HeadlessSwitch()
    let volume = HeadlessSlider(minimumValue: 0, maximumValue: 1)
    let guests = HeadlessStepper(minimumValue: 1, maximumValue: 10)
    let size = HeadlessPopUpButton(items: ["S", "M", "L"])
    let save = HeadlessButton(title: "Save") { profile.isLocked = true }
    let bindings = BindingSet()
    name.bind(\.text, to: profile, \.name).store(in: bindings)
    greeting.bind(\.text, to: .keyPath(profile, \.greeting).placeholders(BindingPlaceholders(nullValue: "(nobody)")))
      .store(in: bindings)
    subscribe.bind(\.isOn, to: profile, \.subscribed).store(in: bindings)
    volume.bind(\.value, to: profile, \.volume).store(in: bindings)
    guests.bind(\.value, to: profile, \.guests).store(in: bindings)
    size.bind(\.selectedIndex, to: profile, \.sizeIndex).store(in: bindings)
    save.bind(\.isEnabled, to: .keyPath(profile, \.isLocked, converted: NegateBooleanTransformer())).store(in: bindings)
    let list = WebList(controller: model.friends) { friend, row in
      let label = HeadlessLabel()
      label.bind(\.text, to: friend, \.name).store(in: row.bindings)
      row.controls = [label]
    }
    let root = Panel(
      title: "Profile", subviews: [name, password, greeting, subscribe, volume, guests, size, save, list])
    let content = WebContent(
      root: root,
      ids: [
        "Name": name, "Password": password, "Greeting": greeting, "Subscribe": subscribe, "Volume": volume,
        "Guests": guests, "Size": size, "Save": save, "Friends": list,
      ],
      bindings: bindings)
    content.style(password, .secure)
    return content
  }
}

/// The test page's model object: the profile and an array controller over its friends.
final class ProfileModel {
  let profile: Profile
  let friends = ArrayController<Friend>(makeElement: { Friend("New") })

  init(friends count: Int) {
    profile = Profile()
    profile.friends = (0..<count).map { Friend("Friend \($0)") }
    friends.bindContent(to: .keyPath(profile, \.friends))
  }
}

/// Hands a model to `perform`'s closure in tests (it runs on the page's actor, where the model lives).
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
