// `import BinderySpec` is enough to load a spec and read what it binds: the loader re-exports the
// expression language its bindings are written in (`CompiledExpression`, `ExpressionScope`, the
// parsed syntax).
@_exported public import BinderyExpressions
