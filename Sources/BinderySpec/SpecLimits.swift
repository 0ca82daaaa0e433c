/// The most a spec file or a bindings file may make the loader build.
///
/// Every bound is checked while the file is read, before what it bounds is built: a file past one
/// is refused with a ``SpecError`` of kind ``SpecError/Kind/limit`` at the place where it crossed
/// the bound, and nothing is bound. The defaults are far above what a hand-written file needs;
/// raise them for a generated file that needs more.
///
/// ```swift
/// var limits = SpecLimits()
/// limits.maximumObjects = 500_000
/// let spec = try SpecFile.load(contentsOf: path, limits: limits)
/// ```
public struct SpecLimits: Sendable, Equatable {
  /// The largest file, in bytes of UTF-8 (16 MiB); a longer one is not read past this size.
  public var maximumFileSize: Int
  /// The deepest nesting of mappings and sequences (64); the YAML reader itself takes at most 1,000
  /// levels, so a larger bound stops at 1,000 (reported as this limit, where the file passed it).
  public var maximumDepth: Int
  /// The most YAML nodes (scalars, sequences and mappings) a file holds (2,000,000).
  public var maximumNodes: Int
  /// The most objects a spec file declares, at its top level or in one list's row (200,000).
  public var maximumObjects: Int
  /// The most problems reported for one file (100); past it, one last problem says that the rest
  /// are not reported, and checking stops.
  public var maximumProblems: Int

  /// Creates limits; each one left out has its default.
  public init(
    maximumFileSize: Int = 16 << 20,
    maximumDepth: Int = 64,
    maximumNodes: Int = 2_000_000,
    maximumObjects: Int = 200_000,
    maximumProblems: Int = 100
  ) {
    self.maximumFileSize = maximumFileSize
    self.maximumDepth = maximumDepth
    self.maximumNodes = maximumNodes
    self.maximumObjects = maximumObjects
    self.maximumProblems = maximumProblems
  }
}
