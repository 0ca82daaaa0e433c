#!/usr/bin/env python3
"""The package's layer rules, checked from `swift package dump-package` and the sources' imports.

- Model-side modules (the core, controllers, expressions, formatters) import no view-side module
  (controls, the web front end), by dependency or by `import`.
- The spec loader imports no view-side module: the modules that own classes declare their spec
  names (`KeyValueInstantiable`, `ArrangedListClass`) and the app registers them.
- Modules share internals with Swift's `package` access level, never `@_spi`.
- Dependencies are ranges (`from:` or `a..<b`), never `exact:`, so adopters can resolve.
"""
import glob, json, os, re, subprocess, sys

MODEL = {"Bindery", "BinderyControllers", "BinderyExpressions", "BinderyFormatters", "BinderyMacros", "BinderyTracing",
         "BinderyStore", "BinderySQLite", "BinderyPostgres"}
VIEW = {"BinderyControls", "BinderyScreens", "BinderyWeb", "BinderyGTK"}
LOADERS = {"BinderySpec"}

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
