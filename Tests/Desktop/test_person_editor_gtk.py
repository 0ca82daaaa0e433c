#!/usr/bin/python3
"""PersonEditor's GTK window as a person with a keyboard and a screen reader meets it.

Starts `PersonEditor --gtk --memory` with GTK's accessibility on (AT-SPI), reads the window through
AT-SPI as a screen reader does (every control named, the list a list with its rows), and walks it
with the keyboard only (xdotool keys), after checking that a second launch only brings the first
instance forward: the arrows in the list, Tab out of it into the fields, typing,
Delete in the list (and the toast it shows), Ctrl+Z, Ctrl+Q. Saves a screenshot of the window.

Run it inside a D-Bus session on an X display, with Debian's python3 (python3-pyatspi):

    dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" \
      /usr/bin/python3 Tests/Desktop/test_person_editor_gtk.py --app .build/debug/PersonEditor \
      --screenshot /tmp/person-editor-gtk.png
"""

import argparse
import os
import subprocess
import sys
import time

import pyatspi

FAILURES = []


def check(condition, what):
    """Records `what` as passed or failed."""
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        FAILURES.append(what)
    return condition


def wait_for(condition, timeout=10.0, step=0.1):
    """Waits until `condition()` is truthy; returns its last value."""
    deadline = time.time() + timeout
    value = None
    while time.time() < deadline:
        try:
            value = condition()
        except Exception:  # an accessible that went away while being read
            value = None
        if value:
            return value
        time.sleep(step)
    return value


def walk(node, depth=0):
    """Every accessible under `node`, itself included."""
    if node is None or depth > 60:
        return
    yield node
    try:
        children = list(node)
    except Exception:
        return
    for child in children:
        yield from walk(child, depth + 1)


def role(node):
    return node.getRoleName()


def name(node):
    return node.name or ""


def states(node):
    return node.getState()


def text_of(node):
    """The text an accessible shows (a label's name, an entry's text), or ''."""
    if name(node):
        return name(node)
    for candidate in walk(node):
        try:
            text = candidate.queryText()
            return text.getText(0, -1)
        except Exception:
            continue
    return name(node)


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True, timeout=20)


def key(*keys):
    for each in keys:
        xdotool("key", "--clearmodifiers", each)
        time.sleep(0.25)


def find_app(process):
    """The accessible application of `process`."""
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        try:
            if app.get_process_id() == process.pid:
                return app
        except Exception:
            continue
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True, help="the built PersonEditor executable")
    parser.add_argument("--screenshot", help="where to save a picture of the window")
    options = parser.parse_args()

    return run_app([options.app, "--gtk", "--memory"], lambda process: run(process, options), "PersonEditor")


def run_app(command, run, label):
    """Starts `command` with GTK's accessibility on, runs `run(process)`, stops the app, prints the
    summary (and the app's output after a failure); returns the exit status."""
    environment = dict(os.environ, GTK_A11Y="atspi", GSK_RENDERER="cairo", NO_AT_BRIDGE="0")
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        run(process)
    finally:
        if process.poll() is None:
            process.kill()
        output = process.stdout.read().decode(errors="replace") if process.stdout else ""
        if FAILURES:
            print(f"{label}'s output:\n" + output)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


def run(process, options):
    app = wait_for(lambda: find_app(process), timeout=30)
    if not check(app is not None, "the app is on the accessibility bus"):
        return
    frame = wait_for(lambda: next((n for n in walk(app) if role(n) == "frame" and name(n) == "People"), None))
    check(frame is not None, "its window is a frame named People")
    if frame is None:
        return

    def controls():
        return list(walk(frame))

    def by_role(wanted):
        return [n for n in controls() if role(n) == wanted]

    def named(wanted_role, wanted_name):
        return next((n for n in controls() if role(n) == wanted_role and name(n) == wanted_name), None)

    # What a screen reader says: every button and field has a name, the list is a list of its rows.
    buttons = wait_for(lambda: by_role("push button"))
    button_names = [name(b) for b in buttons]
    check(all(button_names), f"every button has a name: {button_names}")
    for wanted in ["Add", "Remove", "Undo", "Redo", "Save"]:
        check(wanted in button_names, f"the {wanted} button is named {wanted}")
    entries = [n for n in controls() if role(n) in ("entry", "text", "password text", "spin button")]
    entry_names = [name(e) for e in entries if name(e)]
    for wanted in ["First name", "Last name", "Age"]:
        check(wanted in entry_names, f"a field is named {wanted!r} by its label (fields: {entry_names})")
    lists = [n for n in controls() if role(n) in ("list box", "list")]
    people = next((n for n in lists if name(n) == "Choose a person to edit"), None)
    check(people is not None, f"the list is named by its label ({[(role(n), name(n)) for n in lists]})")
    if people is None:
        return
    rows = lambda: [n for n in walk(people) if role(n) in ("list item",)]
    check(wait_for(lambda: len(rows()) == 3), f"the list has its 3 people as list items ({len(rows())})")
    full_name = wait_for(lambda: next((n for n in by_role("label") if text_of(n) == "Ada Lovelace"), None))
    check(full_name is not None, "the full name label reads Ada Lovelace")

    if options.screenshot:
        time.sleep(0.5)
        subprocess.run(["import", "-window", "root", options.screenshot], check=False, timeout=30)

    # One instance: launched again, the app brings its window forward and the new process ends.
    second = subprocess.run(
        [options.app, "--gtk", "--memory"], env=dict(os.environ, GSK_RENDERER="cairo"), capture_output=True,
        text=True, timeout=60,
    )
    check(
        second.returncode == 0 and "already running" in second.stdout,
        f"a second launch ends at once, the first instance being shown ({second.returncode}: {second.stdout.strip()})",
    )
    frames = [n for n in app if role(n) == "frame"]
    check(len(frames) == 1, f"the first instance still has one window ({len(frames)})")

    # The keyboard only, from here.
    window = subprocess.run(
        ["xdotool", "search", "--sync", "--name", "^People$"], capture_output=True, text=True, timeout=20
    ).stdout.split()
    check(bool(window), "xdotool finds the window")
    if not window:
        return
    xdotool("windowfocus", "--sync", window[0])
    time.sleep(0.5)

    def focused():
        return next((n for n in controls() if states(n).contains(pyatspi.STATE_FOCUSED)), None)

    # Tab until the list has the keyboard: it is one stop on the way.
    reached = False
    stops = []
    for _ in range(12):
        key("Tab")
        now = focused()
        stops.append((role(now), name(now)) if now else None)
        if now is not None and (now == people or any(now == r for r in rows())):
            reached = True
            break
    check(reached, f"Tab reaches the list ({stops})")
    key("Down")
    check(
        wait_for(lambda: any(text_of(n) == "Grace Hopper" for n in by_role("label"))),
        "Down in the list selects Grace: the full name reads Grace Hopper",
    )
    key("Tab")
    now = wait_for(lambda: (lambda node: node if node is not None and name(node) == "First name" else None)(focused()), 3)
    now = now or focused()
    check(now is not None and name(now) == "First name", f"one Tab leaves the list for First name ({now and name(now)})")
    key("ctrl+a")
    xdotool("type", "--delay", "40", "Gracie")
    key("Tab")
    check(
        wait_for(lambda: any(text_of(n) == "Gracie Hopper" for n in by_role("label"))),
        "typing Gracie and Tab shows Gracie Hopper",
    )

    # Back to the list, Delete: the row goes, a toast says so; Ctrl+Z brings it back.
    for _ in range(4):
        key("shift+Tab")
        now = focused()
        if now is not None and (now == people or any(now == r for r in rows())):
            break
    key("Delete")
    check(wait_for(lambda: len(rows()) == 2), f"Delete in the list removes Gracie ({len(rows())} rows)")
    check(
        wait_for(lambda: any("Gracie Hopper removed" in text_of(n) for n in by_role("label"))),
        "a toast says Gracie Hopper removed",
    )
    if options.screenshot:
        base, extension = os.path.splitext(options.screenshot)
        subprocess.run(["import", "-window", "root", base + "-toast" + extension], check=False, timeout=30)
    key("ctrl+z")
    check(wait_for(lambda: len(rows()) == 3), f"Ctrl+Z brings her back ({len(rows())} rows)")

    key("ctrl+q")
    try:
        code = process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        code = None
    check(code == 0, f"Ctrl+Q quits ({code})")


if __name__ == "__main__":
    sys.exit(main())
