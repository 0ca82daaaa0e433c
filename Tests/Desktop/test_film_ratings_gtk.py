#!/usr/bin/python3
"""FilmRatings' GTK window, whose star rating is a control of the app's own (a GTKControl), as a
person with a screen reader meets it: through AT-SPI its five stars are toggle buttons named "1 star"
to "5 stars"; pressing one (AT-SPI's action, what a screen reader's "activate" does) rates the chosen
film, which its summary and its row in the list show; with the ratings locked, a star does nothing.
The genre is a combo box showing the film's genre, the notes and the screenings are tabs of a
notebook, Add screening adds a row to the film's screenings, the chosen film's poster is an image
named by its description, and the expander of a list in the tree of lists shows the lists inside it.

    dbus-run-session -- xvfb-run -a /usr/bin/python3 Tests/Desktop/test_film_ratings_gtk.py \
      --app .build-tsan/debug/FilmRatings
"""

import argparse
import sys

import pyatspi

from test_person_editor_gtk import check, find_app, name, role, run_app, states, text_of, wait_for, walk


def cell_text(node):
    """An entry's text, through its text interface (its name is its column's title)."""
    text = node.queryText()
    return text.getText(0, text.characterCount)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True, help="the built FilmRatings executable")
    options = parser.parse_args()
    return run_app([options.app, "--gtk"], run, "FilmRatings")


def run(process):
    app = wait_for(lambda: find_app(process), timeout=30)
    if not check(app is not None, "FilmRatings is on the accessibility bus"):
        return
    frame = wait_for(lambda: next((n for n in walk(app) if role(n) == "frame" and name(n) == "Films"), None))
    if not check(frame is not None, "its window is a frame named Films"):
        return

    def labels():
        return [text_of(n) for n in walk(frame) if role(n) == "label"]

    def stars():
        return [n for n in walk(frame) if role(n) in ("toggle button", "push button") and name(n).endswith(("star", "stars"))]

    found = wait_for(lambda: len(stars()) == 5 and stars())
    names = [name(n) for n in found or []]
    check(names == ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"], f"the five stars are buttons named ({names})")
    check(
        wait_for(lambda: "Metropolis: 4 of 5 stars" in labels()), "the summary reads Metropolis: 4 of 5 stars"
    )
    if not found:
        return
    found[1].queryAction().doAction(0)  # "2 stars"
    check(
        wait_for(lambda: "Metropolis: 2 of 5 stars" in labels()),
        f"pressing 2 stars rates Metropolis 2 ({[t for t in labels() if 'Metropolis' in t]})",
    )
    check(wait_for(lambda: "2 of 5 stars" in labels()), "the list's row shows 2 of 5 stars")

    # Locked: a star does nothing.
    lock = next(
        (n for n in walk(frame) if role(n) in ("switch", "toggle button", "check box") and name(n) == "Lock the ratings"),
        None,
    )
    check(lock is not None, "the lock switch is named by its label")
    if lock is None:
        return
    lock.queryAction().doAction(0)
    wait_for(lambda: False, timeout=0.5)
    found = stars()
    if found:
        found[4].queryAction().doAction(0)  # "5 stars"
    wait_for(lambda: False, timeout=0.8)
    check(
        "Metropolis: 2 of 5 stars" in labels(),
        f"while locked, 5 stars changes nothing ({[t for t in labels() if 'Metropolis' in t]})",
    )
    lock.queryAction().doAction(0)  # unlocked again: 5 stars rates
    wait_for(lambda: False, timeout=0.5)
    stars()[4].queryAction().doAction(0)
    check(wait_for(lambda: "Metropolis: 5 of 5 stars" in labels()), "unlocked, pressing 5 stars rates Metropolis 5")

    # The release day: a button named by its label, described by the day, opening a calendar.
    released = next((n for n in walk(frame) if role(n) in ("push button", "toggle button") and name(n) == "Released"), None)
    check(released is not None, "the release day is a button named Released")
    if released is not None:
        check(released.description == "10 January 1927",
              f"it is described by Metropolis's release day ({released.description!r})")
        released.queryAction().doAction(0)
        check(wait_for(lambda: any(name(n) == "Calendar" for n in walk(app))), "pressing it shows a calendar named Calendar")
        released.queryAction().doAction(0)

    # The rating level: Bindery's own level indicator, editable, as radio buttons of stars.
    def level_stars():
        return [n for n in walk(frame) if role(n) == "radio button" and name(n).endswith(("star", "stars"))]

    found = wait_for(lambda: len(level_stars()) == 5 and level_stars())
    names = [name(n) for n in found or []]
    check(names == ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"],
          f"the rating level's stars are radio buttons named ({names})")
    if found:
        checked = [name(n) for n in found if states(n).contains(pyatspi.STATE_CHECKED)]
        check(checked == ["5 stars"], f"the level's checked star is Metropolis's 5 ({checked})")
        found[2].queryAction().doAction(0)  # "3 stars"
        check(wait_for(lambda: "Metropolis: 3 of 5 stars" in labels()),
              f"pressing the level's 3 stars rates Metropolis 3 ({[t for t in labels() if 'Metropolis' in t]})")

    # The genre: a drop-down named by its label, showing the chosen film's genre object by name.
    genre = next((n for n in walk(frame) if role(n) == "combo box" and name(n) == "Genre"), None)
    check(genre is not None, "the genre is a combo box named Genre")
    if genre is not None:
        shown = [text_of(n) for n in walk(genre) if role(n) == "label"]
        check("Science fiction" in shown, f"the genre shows Metropolis's Science fiction ({shown})")

    # The notes and the screenings are tabs of a notebook: choosing Screenings shows its page.
    tabs = next((n for n in walk(frame) if role(n) == "page tab list"), None)
    check(tabs is not None, "the notes and the screenings are a page tab list")
    if tabs is not None:
        names = [name(n) for n in walk(tabs) if role(n) == "page tab"]
        check(names == ["Notes", "Screenings"], f"its tabs are named Notes and Screenings ({names})")
        tabs.querySelection().selectChild(1)
        check(wait_for(lambda: any(role(n) == "text" and name(n) == "Cinema" for n in walk(frame))),
              "choosing the Screenings tab shows the screenings")

    # The chosen film's screenings, a detail table: Add screening adds a row to it.
    def screenings():
        """The text of each editable cell named Cinema (its column), as a screen reader reads it."""
        return [cell_text(n) for n in walk(frame) if role(n) == "text" and name(n) == "Cinema"]

    before = wait_for(lambda: screenings())
    check(before == ["Babylon, Berlin", "Le Champo, Paris"], f"Metropolis's screenings are shown ({before})")
    add = next((n for n in walk(frame) if role(n) == "push button" and name(n) == "Add screening"), None)
    check(add is not None, "the Add screening button is named")
    if add is not None and before:
        add.queryAction().doAction(0)
        check(wait_for(lambda: len(screenings()) == 3 and "New cinema" in screenings()),
              f"Add screening adds one ({screenings()})")

    # The chosen film's poster: an image named by its description.
    poster = wait_for(lambda: next((n for n in walk(frame) if role(n) == "image" and name(n).startswith("Poster")), None))
    check(poster is not None and name(poster) == "Poster of Metropolis, 1927",
          f"the poster is an image named for Metropolis ({name(poster) if poster is not None else None})")

    films = next((n for n in walk(frame) if role(n) == "list" and name(n) == "Choose a film to rate"), None)
    check(films is not None, "the films' table is a list named by its label")

    # The viewer's lists, a tree: the expander of Silent era shows the two lists inside it.
    tree = next((n for n in walk(frame) if role(n) == "list" and name(n) == "Your lists"), None)
    check(tree is not None, "the lists are a list named Your lists")
    if tree is None:
        return

    def rows():
        return [t for t in (text_of(n) for n in walk(tree) if role(n) == "label") if t]

    check(wait_for(lambda: rows() == ["Silent era", "To watch again"]), f"the tree shows its roots ({rows()})")
    expander = next((n for n in walk(tree) if role(n) == "push button"), None)
    check(expander is not None, "Silent era has an expander")
    if expander is not None:
        expander.queryAction().doAction(0)
        expected = ["Silent era", "German expressionism", "Hollywood", "To watch again"]
        check(wait_for(lambda: rows() == expected), f"its expander shows the lists inside ({rows()})")


if __name__ == "__main__":
    sys.exit(main())
