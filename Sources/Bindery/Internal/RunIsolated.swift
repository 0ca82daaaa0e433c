/// Runs `body` isolated to `actor` (a binding's delivery actor, the actor a sequence or a pacing was
/// made on), and returns its result.
func runIsolated<Result>(on actor: isolated any Actor, _ body: @Sendable () -> Result) -> Result {
  body()
}
