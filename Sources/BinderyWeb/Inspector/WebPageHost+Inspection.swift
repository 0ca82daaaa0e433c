import Bindery

extension WebPageHost {
  /// The most sessions the inspector shows (the others are counted).
  static let inspectedSessionLimit = 50
  /// The most changes the inspector lists, and steps of a change's cause it shows.
  static let inspectedChangeLimit = 100
  static let inspectedStepLimit = 20

  /// What the inspector shows now, as JSON text: each connected session's live bindings (those with
  /// an end among its page's elements and objects) as a ``BindingGraph``'s JSON, the live bindings of
  /// no page (between models), and the last changes of those bindings, newest first, each with its
  /// causes.
  ///
  /// ```json
  /// {"sessions": [{"name": "tab 1a2b3c4d", "graph": {…}}], "others": {…}, "moreSessions": 0,
  ///  "changes": [{"id": "…", "kind": "targetUpdate", "step": "…", "seconds": 1.25, "chain": ["…", "…"]}]}
  /// ```
  ///
  /// Only bindings made while ``BindingDiagnostics/isRecording`` was on are known; a server that
  /// serves the inspector switches it on when it starts.
  public func inspectionJSON() -> String {
    var claimed: Set<ObjectIdentifier> = []
    var sessionEntries: [String] = []
    let shown = sessions.values.sorted { $0.token < $1.token }.prefix(Self.inspectedSessionLimit)
    for session in shown {
      var objects: [AnyObject] = Array(session.builder.elements.values) + session.content.retained
      if case .perSession = page.sharing { objects.append(session.model) }
      let mine = BindingDiagnostics.liveBindings(touching: objects)
      for binding in mine { claimed.insert(ObjectIdentifier(binding)) }
      sessionEntries.append(
        "{\"name\":" + JSONValue.string("tab \(session.shortName)").serialized + ",\"graph\":"
          + BindingGraph(mine).json + "}")
    }
    let live = BindingDiagnostics.liveBindings
    let others = live.filter { !claimed.contains(ObjectIdentifier($0)) }
    // The tabs' changes first, then those between models in the room left: a busy model elsewhere in
    // the process does not push a tab's changes out.
    let limit = Self.inspectedChangeLimit
    let tabChanges = BindingDiagnostics.recentChanges(of: live.filter { claimed.contains(ObjectIdentifier($0)) })
      .suffix(limit)
    let otherChanges = BindingDiagnostics.recentChanges(of: others).suffix(limit - tabChanges.count)
    let changes = (tabChanges + otherChanges).sorted { $0.time > $1.time }.map(changeJSON)
    return "{\"sessions\":[" + sessionEntries.joined(separator: ",") + "],\"moreSessions\":"
      + String(max(0, sessions.count - shown.count)) + ",\"others\":" + BindingGraph(others).json
      + ",\"changes\":[" + changes.joined(separator: ",") + "]}"
  }

  private func changeJSON(_ change: ChangeCause) -> String {
    let kind =
      switch change.kind {
      case .targetUpdate: "targetUpdate"
      case .userEdit: "userEdit"
      case .sourceUpdate: "sourceUpdate"
      }
    let elapsed = change.time - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let steps = change.explanation.prefix(Self.inspectedStepLimit).map { JSONValue.string(LogText.clip($0, max: 400)) }
    let value: JSONValue = .object([
      ("id", .string(String(UInt(bitPattern: ObjectIdentifier(change).hashValue), radix: 16))),
      ("kind", .string(kind)),
      ("property", .string(change.property)),
      ("step", .string(LogText.clip(change.step, max: 400))),
      ("seconds", .number((seconds * 1000).rounded() / 1000)),
      ("chain", .array(steps)),
    ])
    return value.serialized
  }
}
