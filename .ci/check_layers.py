#!/usr/bin/env python3
"""The package's layer rules, checked from `swift package dump-package` and the sources' imports.

- Model-side modules (the core, controllers, expressions, formatters) import no view-side module
  (controls, the web front end), by dependency or by `import`.
- The spec loader imports no view-side module: the modules that own classes declare their spec
  names (`KeyValueInstantiable`, `ArrangedListClass`) and the app registers them.
- Modules share internals with Swift's `package` access level, never `@_spi`.
- Dependencies are ranges (`from:` or `a..<b`), never `exact:`, so adopters can resolve.
- Inside the core (`Sources/Bindery`), folders are layers too (`CORE_FOLDERS`, lowest first): a file
  names no type declared in a folder above its own, except the diagnostics hooks (`HOOKS`).
- Every lock, in the sources and the tests, is one the thread sanitizer sees: `Synchronization.Mutex` locks with a futex on Linux,
  which the sanitizer cannot see, so a `Mutex` appears only in the core files that annotate it
  (`ANNOTATED_MUTEX`); everything else uses `Locked` (the core) or `SharedLock` (other modules).
"""
import glob, json, os, re, subprocess, sys

MODEL = {"Bindery", "BinderyControllers", "BinderyExpressions", "BinderyFormatters", "BinderyMacros", "BinderyMacroImplementations",
         "BinderyTracing",
         "BinderyStore", "BinderySQLite", "BinderyPostgres"}
VIEW = {"BinderyControls", "BinderyScreens", "BinderyWeb", "BinderyGTK"}
LOADERS = {"BinderySpec"}

# The core's folders, lowest first; folders on one line are one layer (they do not name each other's
# types either way, but may). Subfolders belong to their top folder's layer.
CORE_FOLDERS = [
    ["Internal"],
    ["Errors"],
    ["Observation"],
    ["Collections", "Concurrency"],
    ["Placeholders", "Transformers"],
    ["KeyValueCoding"],
    ["Bindings"],
    ["Diagnostics"],
    ["Macros"],
]
# The only names a lower folder may take from a higher one: the calls a binding makes into
# diagnostics when it is made, recorded or unbound (each a flag check unless diagnostics are on), and
# what diagnostics keep per binding. Anything else that points up is a problem.
HOOKS = {
    ("Bindings", "Diagnostics"): {
        "BindingDetails", "BindingDiagnostics", "BindingLoopCheck",
    },
}
# The files that may hold a `Mutex`: each tells the thread sanitizer of its acquires and releases.
ANNOTATED_MUTEX = {
    "Sources/Bindery/Internal/Locked.swift",
    "Sources/Bindery/Internal/Sanitizer.swift",
    "Sources/Bindery/Bindings/PropertyBinding.swift",
}
TOP_DECLARATION = re.compile(
    r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|"
    r"nonisolated|indirect)\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
NESTED_DECLARATION = re.compile(r"^\s+(?:[@\w().]+\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)


def code_only(text):
    """`text` without comments and string literals, whose words name nothing."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)


def check_core_folders(root="Sources/Bindery"):
    """Problems with the core's folder layers: a type named in a folder below the one declaring it."""
    layer = {folder: index for index, folders in enumerate(CORE_FOLDERS) for folder in folders}
    files = sorted(glob.glob(os.path.join(root, "**", "*.swift"), recursive=True))

    def folder(path):
        parts = os.path.relpath(path, root).split(os.sep)
        return parts[0] if len(parts) > 1 else None

    problems = []
    unknown = sorted({folder(f) for f in files} - set(layer) - {None})
    problems += [f"{root}/{name}: a folder of the core in no layer (add it to CORE_FOLDERS)" for name in unknown]
    declared, nested = {}, set()
    for path in files:
        text = open(path).read()
        for name in TOP_DECLARATION.findall(text):
            declared.setdefault(name, folder(path))
        nested |= set(NESTED_DECLARATION.findall(text))
    # A name also declared inside a type (`Kind`, `State`) is ambiguous: left out.
    declared = {name: where for name, where in declared.items() if name not in nested and where in layer}
    for path in files:
        own = folder(path)
        if own not in layer:
            continue
        for name in sorted(set(re.findall(r"\b[A-Z]\w*\b", code_only(open(path).read())))):
            where = declared.get(name)
            if where is None or layer[where] <= layer[own] or name in HOOKS.get((own, where), set()):
                continue
            problems.append(f"{path}: names {name}, declared in {where}/, a layer above {own}/")
    return problems


def check_locks(root="Sources"):
    """Problems with locks: a `Mutex` outside the files that annotate it for the thread sanitizer."""
    problems = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*.swift"), recursive=True)):
        if path in ANNOTATED_MUTEX:
            continue
        for number, line in enumerate(code_only(open(path).read()).splitlines(), 1):
            if re.search(r"\bMutex\b", line):
                problems.append(
                    f"{path}:{number}: a Mutex, whose futex the thread sanitizer cannot see (use Locked or SharedLock)")
    return problems


IMPORT = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|package\s+|internal\s+)?import\s+(\w+)", re.M)


def main():
    package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], text=True))
    problems = []
    for target in package["targets"]:
        if target["type"] == "test":
            continue
        name = target["name"]
        deps = {d.get("byName", d.get("target", [None]))[0] for d in target.get("dependencies", [])}
        path = target.get("path") or f"Sources/{name}"
        imports = set()
        for source in glob.glob(os.path.join(path, "**", "*.swift"), recursive=True):
            text = open(source).read()
            imports |= set(IMPORT.findall(text))
            if re.search(r"^\s*@_spi\b", text, re.M):
                problems.append(f"{source}: @_spi (use the `package` access level)")
        forbidden = VIEW if name in MODEL | LOADERS else set()
        for module in sorted((deps | imports) & forbidden):
            problems.append(f"{name} is on the model side but depends on or imports {module}")
    problems += check_core_folders()
    problems += check_locks()
    problems += check_locks("Tests")  # a test's own lock the sanitizer cannot see fails the tsan step
    for manifest in ["Package.swift", "Benchmarks/Package.swift"]:
        for number, line in enumerate(open(manifest), 1):
            if re.search(r"\bexact:", line):
                problems.append(f"{manifest}:{number}: an exact version; use a range")
    for line in problems:
        print(f"error: {line}")
    print(f"layers: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
