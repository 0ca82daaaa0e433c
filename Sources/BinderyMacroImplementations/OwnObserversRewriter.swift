import SwiftSyntax

/// Rewrites a tracked property's own `willSet`/`didSet` bodies, which move to its storage `_name`,
/// so that they name the storage where they named the property: `level = min(level, 10)` in a
/// `didSet` becomes `_level = min(_level, 10)`.
///
/// In Swift, a property assigned inside its own observer stores the value directly and runs no
/// observer again. Moved to the storage unchanged, the same body would assign the observable
/// property, whose setter stores again (running the observers a second time) and notifies a second
/// time, with a value that was never the property's for anyone to see. Naming the storage keeps
/// Swift's rule: the assignment replaces the value just stored, and the property's setter tells its
/// observers once, of the value the observers settled on.
///
/// Rewritten: the bare name (`level`) and `self.level`. Left alone: another object's property
/// (`other.level`), key paths (`\.level`), and every bare use of the name when the body declares
/// something of the same name (a local, a closure's parameter), which shadows the property.
final class OwnObserversRewriter: SyntaxRewriter {
  let name: String
  let storageName: String
  let rewritesBareNames: Bool

  init(name: String, body: some SyntaxProtocol) {
    self.name = name
    self.storageName = "_" + name
    self.rewritesBareNames = !ShadowingFinder.declares(name, in: body)
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
    guard rewritesBareNames, node.baseName.text == name, node.argumentNames == nil,
      !Self.isMemberName(node)
    else { return ExprSyntax(node) }
    return ExprSyntax(node.with(\.baseName, renamed(node.baseName)))
  }

  override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
    guard node.declName.baseName.text == name,
      let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self)
    else { return super.visit(node) }
    return ExprSyntax(node.with(\.declName, node.declName.with(\.baseName, renamed(node.declName.baseName))))
  }

  private func renamed(_ token: TokenSyntax) -> TokenSyntax {
    .identifier(storageName, leadingTrivia: token.leadingTrivia, trailingTrivia: token.trailingTrivia)
  }

  /// A name after a dot (`other.level`) or in a key path (`\.level`): a member of something else.
  private static func isMemberName(_ node: DeclReferenceExprSyntax) -> Bool {
    guard let parent = node.parent else { return false }
    if let member = parent.as(MemberAccessExprSyntax.self) { return member.declName.id == node.id }
    return parent.is(KeyPathPropertyComponentSyntax.self)
  }
}

/// Finds a declaration of a name inside an observer's body: a local constant or variable, a local
/// function, a closure's parameter or a function's parameter.
private final class ShadowingFinder: SyntaxVisitor {
  let name: String
  var found = false

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  static func declares(_ name: String, in body: some SyntaxProtocol) -> Bool {
    let finder = ShadowingFinder(name: name)
    finder.walk(body)
    return finder.found
  }

  override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
    if node.identifier.text == name { found = true }
    return .skipChildren
  }

  override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name { found = true }
    return .skipChildren
  }

  override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
    if (node.secondName ?? node.firstName).text == name { found = true }
    return .skipChildren
  }

  override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
    if (node.secondName ?? node.firstName).text == name { found = true }
    return .skipChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name { found = true }
    return .visitChildren
  }

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    // `if let level { … }` declares `level` without an identifier pattern of its own.
    if node.initializer == nil, node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
      found = true
    }
    return .visitChildren
  }
}
