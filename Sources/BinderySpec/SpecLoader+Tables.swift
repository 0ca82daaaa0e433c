import Bindery
import BinderyControllers

extension SpecLoader {
  // MARK: Tables

  /// The columns of a table (`columns:`) and the entries of its row template, one cell per column
  /// named by the column's id; `nil` after an error.
  ///
  /// ```yaml
  /// FilmTable:
  ///   class: TableView
  ///   content: /FilmsController
  ///   columns:
  ///     - {id: title, title: Title, value: title, sortKey: title, editable: true}
  ///     - {id: year, title: Year, value: year, sortKey: year}
  ///     - id: seen
  ///       title: Seen
  ///       cell: {class: Checkbox, bindings: {isOn: {value: isSeen}}}
  /// ```
  ///
  /// A column's `value:` makes a label of that key of the row's item (a text field with
  /// `editable: true`); `cell:` declares the cell as a row's object is declared.
  mutating func tableColumns(
    _ fields: [(key: YAMLNode, value: YAMLNode)],
    name: String,
    controller: any SpecArrangingController
  ) -> (columns: [TableColumnDeclaration], cells: [(key: YAMLNode, value: YAMLNode)])? {
    if let rowField = fields.first(where: { $0.key.scalarText == "row" })?.key {
      errors.append(
        source.error(
          .structure, "the cells of the table \(name.echoed) are declared in its columns:, not in a row:", at: rowField)
      )
      return nil
    }
    guard let columnsNode = fields.first(where: { $0.key.scalarText == "columns" })?.value else {
      errors.append(
        source.error(
          .structure, "the table \(name.echoed) needs columns: [{id: name, title: Name, value: name, sortKey: name}]",
          at: fields.first(where: { $0.key.scalarText == "class" })?.value ?? fields[0].key))
      return nil
    }
    guard let elements = columnsNode.elements, !elements.isEmpty else {
      errors.append(
        source.error(.structure, "columns: is a list of columns, each {id:, title:, value:}", at: columnsNode))
      return nil
    }
    let most = max(0, limits.maximumObjects)
    if elements.count > most {
      errors.append(source.error(.limit, "a table declares more than \(most) columns", at: elements[most]))
      return nil
    }
    var columns: [TableColumnDeclaration] = []
    var cells: [(key: YAMLNode, value: YAMLNode)] = []
    var ids = Set<String>()
    let errorsBefore = errors.list.count
    for element in elements where !errors.isFull {
      guard let (column, cell) = tableColumn(element, controller: controller) else { continue }
      guard ids.insert(column.id).inserted else {
        let idNode = element.pairs?.first(where: { $0.key.scalarText == "id" })?.value ?? element
        errors.append(source.error(.duplicateName, "the column id \(column.id.echoed) is used twice", at: idNode))
        continue
      }
      columns.append(column)
      cells.append(cell)
    }
    return errors.list.count == errorsBefore ? (columns, cells) : nil
  }

  /// One column: its declaration and its cell's entry (the id's node, the cell's body).
  private mutating func tableColumn(
    _ node: YAMLNode,
    controller: any SpecArrangingController
  ) -> (TableColumnDeclaration, (key: YAMLNode, value: YAMLNode))? {
    let shape =
      "a column is {id: name, title: Name, value: key, sortKey: key, editable: true} or {id:, title:, cell: {class: …}}"
    guard let pairs = node.pairs else {
      errors.append(source.error(.structure, shape, at: node))
      return nil
    }
    let known = ["id", "title", "value", "sortKey", "editable", "cell"]
    for (key, _) in pairs where !known.contains(key.scalarText ?? "") {
      errors.append(
        source.error(
          .structure, "a column has no field \((key.scalarText ?? "").echoed); it has " + known.joined(separator: ", "),
          at: key))
      return nil
    }
    func field(_ name: String) -> YAMLNode? { pairs.first(where: { $0.key.scalarText == name })?.value }
    guard let idNode = field("id"), let id = idNode.scalarText, !id.isEmpty, !id.hasPrefix("~") else {
      errors.append(
        source.error(.structure, "a column needs an id: a name, unique in its table", at: field("id") ?? node))
      return nil
    }
    let title = field("title")?.scalarText ?? id
    var sortKey: String?
    if let sortNode = field("sortKey") {
      guard let key = sortNode.scalarText, !key.isEmpty else {
        errors.append(source.error(.structure, "sortKey: is the key a click on the header sorts by", at: sortNode))
        return nil
      }
      do {
        _ = try controller.prepareSortOrder([(key, true)])
      } catch {
        let kind: SpecError.Kind = if case .unknownKey = error { .unknownKey } else { .typeMismatch }
        errors.append(source.error(kind, error.description.shortenedMessage, in: sortNode, offset: error.column - 1))
        return nil
      }
      sortKey = key
    }
    let declaration = TableColumnDeclaration(id: id, title: title, sortKey: sortKey)
    switch (field("value"), field("cell")) {
    case (let valueNode?, nil):
      guard let key = valueNode.scalarText, !key.isEmpty else {
        errors.append(source.error(.structure, "value: is a key of the row's item", at: valueNode))
        return nil
      }
      do {
        _ = try KeyValuePath(key, in: controller.elementType)
      } catch {
        let kind: SpecError.Kind = if case .unknownKey = error { .unknownKey } else { .typeMismatch }
        errors.append(source.error(kind, error.description.shortenedMessage, in: valueNode, offset: error.column - 1))
        return nil
      }
      let editableNode = field("editable")
      guard let editable = editableNode.map({ $0.bool }) ?? false else {
        errors.append(source.error(.typeMismatch, "editable is true or false", at: editableNode ?? node))
        return nil
      }
      return (declaration, (idNode, Self.valueCell(valueNode, editable: editable)))
    case (nil, let cellNode?):
      if let editableNode = field("editable") {
        errors.append(
          source.error(
            .structure, "editable: goes with value:; a cell: is editable if its control is", at: editableNode))
        return nil
      }
      return (declaration, (idNode, cellNode))
    case (.some, .some):
      errors.append(source.error(.structure, "a column has value: or cell:, not both", at: field("cell") ?? node))
      return nil
    case (nil, nil):
      errors.append(source.error(.structure, "a column needs value: (a key of the row's item) or cell:", at: idNode))
      return nil
    }
  }

  /// The cell of `value: key`: a label showing the key's value (any type, through a pattern), or
  /// a text field bound to it when editable; placed where the key is written, so its problems are
  /// reported there.
  private static func valueCell(_ valueNode: YAMLNode, editable: Bool) -> YAMLNode {
    func scalar(_ text: String) -> YAMLNode {
      YAMLNode(content: .scalar(text, style: .plain, tag: nil), line: valueNode.line, column: valueNode.column)
    }
    func mapping(_ pairs: [(String, YAMLNode)]) -> YAMLNode {
      YAMLNode(
        content: .mapping(pairs.map { (key: scalar($0.0), value: $0.1) }), line: valueNode.line,
        column: valueNode.column)
    }
    let binding =
      editable
      ? mapping([("value", valueNode)])
      : mapping([
        ("pattern", scalar("%{value1}@")),
        (
          "values",
          YAMLNode(
            content: .sequence([mapping([("value", valueNode)])]), line: valueNode.line, column: valueNode.column)
        ),
      ])
    return mapping([
      ("class", scalar(editable ? "TextField" : "Label")),
      ("bindings", mapping([("text", binding)])),
    ])
  }
}
