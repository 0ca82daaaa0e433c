#!/usr/bin/env python3
"""Bindery's public names against the names of the frameworks it must sit beside.

  taken_names.py update                 regenerate the toolchain part of .ci/taken-names.tsv
  taken_names.py extract BIN_PATH OUT    write the products' symbol graphs into OUT, read from the modules a build left
                                        in BIN_PATH (`swift build --show-bin-path`): no build of its own
  taken_names.py check SYMBOLGRAPH_DIR  fail when a public name of a Bindery product equals a taken name,
                                        or when Tests/BinderyNamesTests does not use a top-level name

The list has two parts: names read from this toolchain's modules (Observation, Testing, Foundation's value
types, Synchronization) by `update`, and names of Apple-only frameworks (SwiftUI, Combine, SwiftData, and
Observation's newer sources) listed by hand. Lines: name, module, kind, origin, tab-separated.
"""
import glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LIST = os.path.join(HERE, "taken-names.tsv")
TOOLCHAIN_MODULES = ["Observation", "Testing", "FoundationEssentials", "Synchronization"]
KINDS = {
    "swift.struct": "struct", "swift.class": "class", "swift.enum": "enum", "swift.protocol": "protocol",
    "swift.typealias": "typealias", "swift.func": "func", "swift.macro": "macro", "swift.actor": "actor",
}
PRODUCTS = ["Bindery", "BinderyControls", "BinderyScreens", "BinderyFormatters", "BinderyExpressions", "BinderySpec",
            "BinderyLint", "BinderyControllers", "BinderyWeb", "BinderyTestKit", "BinderyTracing", "BinderyCombine",
            "BinderyGTK", "BinderyStore", "BinderySQLite", "BinderyPostgres"]


def symbols(path, top_level_only):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        kind = KINDS.get(symbol["kind"]["identifier"])
        components = symbol["pathComponents"]
        if kind is None or (top_level_only and len(components) != 1):
            continue
        name = re.sub(r"\(.*", "", components[-1])
        if name.startswith("_"):
            continue
        yield name, kind, ".".join(re.sub(r"\(.*", "", c) for c in components)


def update():
    swift_bin = os.path.dirname(subprocess.check_output(["which", "swift"], text=True).strip())
    extract = os.path.join(swift_bin, "swift-symbolgraph-extract")
    sdk = os.path.join(os.path.dirname(swift_bin), "lib", "swift", "linux")
    version = subprocess.check_output(["swift", "--version"], text=True, stderr=subprocess.STDOUT).splitlines()[0]
    generated = {}
    with tempfile.TemporaryDirectory() as out:
        for module in TOOLCHAIN_MODULES:
            subprocess.run([extract, "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
                            "-minimum-access-level", "public", "-output-dir", out, "-I", sdk], check=True)
            for name, kind, _ in symbols(os.path.join(out, f"{module}.symbols.json"), True):
                generated.setdefault((name, module), kind)
    hand = [line for line in open(LIST) if not line.startswith("#") and "\ttoolchain" not in line] \
        if os.path.exists(LIST) else []
    with open(LIST, "w") as f:
        f.write("# Names Bindery's public API must not use. Generated part: `python3 .ci/taken_names.py update`\n")
        f.write(f"# (read from {version}); hand-listed part: Apple-only frameworks, kept by hand.\n")
        f.write("# name\tmodule\tkind\torigin\n")
        rows = [f"{n}\t{m}\t{k}\ttoolchain\n" for (n, m), k in generated.items()] + hand
        f.writelines(sorted(set(rows), key=lambda r: (r.split("\t")[1], r.split("\t")[0])))


def extract(bin_path, out):
    """The products' symbol graphs from the modules already built in bin_path: swift-symbolgraph-extract on each,
    with every C module's map the build and its checkouts hold (what `swift package dump-symbol-graph` does, but
    without building again in its own configuration, which took minutes after the test build)."""
    swift_bin = os.path.dirname(subprocess.check_output(["which", "swift"], text=True).strip())
    extract_tool = os.path.join(swift_bin, "swift-symbolgraph-extract")
    scratch = os.path.dirname(os.path.dirname(os.path.abspath(bin_path)))
    maps = [p for p in glob.glob(os.path.join(bin_path, "*.build", "**", "module.modulemap"), recursive=True)
            if "-tool.build" not in p]
    maps += [p for root in (os.path.join(scratch, "checkouts"), os.path.abspath("Sources"))
             for p in glob.glob(os.path.join(root, "**", "module.modulemap"), recursive=True)
             if f"{os.sep}Sources{os.sep}" in p]
    flags = [arg for p in maps for arg in ("-Xcc", f"-fmodule-map-file={p}")]
    # The system libraries' headers (GTK's), as the build found them.
    cflags = subprocess.run(["pkg-config", "--cflags", "libadwaita-1"], capture_output=True, text=True)
    if cflags.returncode == 0:
        flags += [arg for flag in cflags.stdout.split() for arg in ("-Xcc", flag)]
    os.makedirs(out, exist_ok=True)
    missing = []
    for product in PRODUCTS:
        if not os.path.exists(os.path.join(bin_path, "Modules", f"{product}.swiftmodule")):
            missing.append(product)
            continue
        status = subprocess.run([extract_tool, "-module-name", product, "-target", "x86_64-unknown-linux-gnu",
                                 "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", out,
                                 "-I", os.path.join(bin_path, "Modules")] + flags).returncode
        if status != 0:
            print(f"swift-symbolgraph-extract failed on {product} (exit code {status})")
            return 1
    if missing:
        print(f"not built, so not checked: {', '.join(missing)}")
    return 0


def check(graphs):
    taken = {}
    for line in open(LIST):
        if line.startswith("#") or not line.strip():
            continue
        name, module, kind, _ = line.rstrip("\n").split("\t")
        taken.setdefault(name, []).append(f"{module}.{name} ({kind})")
    problems, top_level = [], set()
    for product in PRODUCTS:
        for path in sorted(glob.glob(os.path.join(graphs, f"{product}.symbols.json"))
                           + glob.glob(os.path.join(graphs, f"{product}@*.symbols.json"))):
            for name, kind, full in symbols(path, False):
                if "." not in full:
                    top_level.add(name)
                if name in taken:
                    problems.append(f"{product}.{full} ({kind}) has the name of {', '.join(taken[name])}")
    uses = " ".join(open(p).read() for p in glob.glob("Tests/BinderyNamesTests/*.swift"))
    for name in sorted(top_level):
        if not re.search(rf"\b{re.escape(name)}\b", uses):
            problems.append(f"{name} is public but Tests/BinderyNamesTests does not use it unqualified")
    for problem in sorted(set(problems)):
        print(problem)
    print(f"{len(top_level)} top-level public names checked against {len(taken)} taken names: "
          f"{len(set(problems))} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["update"]:
        update()
    elif sys.argv[1:2] == ["extract"]:
        sys.exit(extract(sys.argv[2], sys.argv[3]))
    elif sys.argv[1:2] == ["check"]:
        sys.exit(check(sys.argv[2]))
    else:
        sys.exit(__doc__)
