#!/usr/bin/env python3
"""FilmRatings in headless Chromium: a control of the app's own (StarRating, a custom element its
script defines), declared in a spec file and bound like Bindery's own controls. As a user would: by
its accessible name and role, with the mouse and with the keyboard only, in two tabs at once.

Usage: test_film_ratings.py --url http://127.0.0.1:8081 [--screenshot docs/film-ratings.png]
"""
import argparse
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from test_person_editor import Page, make_driver, run_tests

FILMS, RATING = "Choose a film to rate", "Your rating"


class FilmPage(Page):
    def table(self):
        return self.labelled(FILMS)

    def rows(self):
        return self.table().find_elements(By.CSS_SELECTOR, ":scope > tbody > tr")

    def titles(self):
        """The films' titles, in the table's order: the text in each row's Title cell."""
        return [row.find_element(By.CSS_SELECTOR, "input").get_attribute("value") for row in self.rows()]

    def header(self, title):
        headers = [th for th in self.table().find_elements(By.CSS_SELECTOR, "thead th") if th.text.strip() == title]
        if len(headers) != 1:
            raise AssertionError(f"{len(headers)} column headers read {title!r}")
        return headers[0]

    def row_of(self, title):
        """The index of the row whose title starts with `title` (an earlier test may add to a title)."""
        rows = [index for index, shown in enumerate(self.titles()) if shown.startswith(title)]
        if len(rows) != 1:
            raise AssertionError(f"{len(rows)} rows have a title starting with {title!r}: {self.titles()}")
        return rows[0]

    def selected(self):
        return [i for i, row in enumerate(self.rows()) if row.get_attribute("aria-selected") == "true"]

    def click_row(self, index, *keys):
        """Clicks the row's Year cell (not its Title field), holding `keys` (Shift, Control)."""
        cell = self.rows()[index].find_elements(By.CSS_SELECTOR, "td")[1]
        actions = ActionChains(self.driver)
        for key in keys:
            actions.key_down(key)
        actions.click(cell)
        for key in reversed(keys):
            actions.key_up(key)
        actions.perform()

    def rating(self):
        """The rating control, found as a screen reader finds it: the slider named "Your rating"."""
        sliders = [e for e in self.driver.find_elements(By.CSS_SELECTOR, "[role=slider]") if e.accessible_name == RATING]
        if len(sliders) != 1:
            raise AssertionError(f"{len(sliders)} sliders are named {RATING!r}")
        return sliders[0]

    def stars(self):
        return self.rating().get_attribute("aria-valuenow")

    def summary(self):
        return self.element("Summary").text

    def search(self):
        """The search field's text box, as a screen reader finds it: a search box named for its template."""
        boxes = self.driver.find_elements(By.CSS_SELECTOR, "input[type=search]")
        if len(boxes) != 1:
            raise AssertionError(f"{len(boxes)} search boxes on the page")
        return boxes[0]

    def notes(self):
        return self.labelled("Notes")

    def genre(self):
        return Select(self.labelled("Genre"))

    def screenings(self):
        """The chosen film's screenings: the Cinema cell's text of each row of the second table."""
        rows = self.labelled("Screenings of the chosen film").find_elements(By.CSS_SELECTOR, ":scope > tbody > tr")
        return [row.find_element(By.CSS_SELECTOR, "input").get_attribute("value") for row in rows]

    def tabs(self):
        """The tab view's tabs, as a screen reader reads them: (name, selected) of each tab."""
        return [(tab.accessible_name, tab.get_attribute("aria-selected"))
                for tab in self.driver.find_elements(By.CSS_SELECTOR, "[role=tablist] [role=tab]")]

    def tab(self, title):
        tabs = [t for t in self.driver.find_elements(By.CSS_SELECTOR, "[role=tab]") if t.accessible_name == title]
        if len(tabs) != 1:
            raise AssertionError(f"{len(tabs)} tabs are named {title!r}")
        return tabs[0]

    def panel(self, title):
        """The tab panel the tab `title` controls, which that tab names (a hidden one has no name yet)."""
        tab = self.tab(title)
        panel = self.driver.find_element(By.ID, tab.get_attribute("aria-controls"))
        if panel.get_attribute("role") != "tabpanel" or panel.get_attribute("aria-labelledby") != tab.get_attribute("id"):
            raise AssertionError(f"the {title} tab controls no tab panel named by it")
        return panel

    def lists(self):
        """The tree of lists, as a screen reader reads it: (name, level, expanded) of each tree item."""
        tree = self.labelled("Your lists")
        if tree.get_attribute("role") != "tree":
            raise AssertionError(f"the lists are a {tree.get_attribute('role')!r}, not a tree")
        return [(item.accessible_name, item.get_attribute("aria-level"), item.get_attribute("aria-expanded"))
                for item in tree.find_elements(By.CSS_SELECTOR, "[role=treeitem]")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8081")
    parser.add_argument("--screenshot", default="docs/film-ratings.png")
    arguments = parser.parse_args()
    driver = make_driver()
    results = []
    state = {}

    def test(name):
        def register(function):
            results.append((name, function))
            return function
        return register

    @test("the app's own control is in the page as a slider named by its label, showing the model's value")
    def _():
        driver.get(arguments.url)
        page = state["one"] = FilmPage(driver, driver.current_window_handle)
        page.wait(lambda: len(page.rows()) == 3, "the films did not load")
        page.wait(lambda: page.stars() == "4", "the rating does not show Metropolis's 4 stars")
        if page.rating().get_attribute("aria-valuetext") != "4 of 5 stars":
            raise AssertionError("the rating has no text for a screen reader")
        if page.summary() != "Metropolis: 4 of 5 stars":
            raise AssertionError(f"the summary reads {page.summary()!r}")

    @test("a click on a star is a user edit that reaches the model and the list")
    def _():
        page = state["one"].focus()
        page.rating().find_elements(By.CSS_SELECTOR, "[data-value]")[1].click()
        page.wait(lambda: page.summary() == "Metropolis: 2 of 5 stars", "the model did not take the click")
        page.wait(lambda: "2 of 5 stars" in page.rows()[0].text, "the list did not follow")

    @test("keyboard only: Tab reaches the rating, arrows and digits rate")
    def _():
        page = state["one"].focus()
        rating = page.rating()
        rating.click()
        rating.send_keys(Keys.ARROW_RIGHT)
        page.wait(lambda: page.summary() == "Metropolis: 3 of 5 stars", "ArrowRight did not rate")
        rating.send_keys("5")
        page.wait(lambda: page.summary() == "Metropolis: 5 of 5 stars", "5 did not rate")
        rating.send_keys(Keys.HOME)
        page.wait(lambda: page.summary() == "Metropolis: 0 of 5 stars", "Home did not rate")
        # Tab order: the table (its one cell that is a Tab stop), then the rating.
        stop = page.table().find_element(By.CSS_SELECTOR, "td[tabindex='0']")
        driver.execute_script("arguments[0].focus()", stop)  # focused, not clicked
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("role") != "slider":
            raise AssertionError("Tab from the table does not reach the rating")

    @test("a second tab sees the rating and chooses its own film")
    def _():
        driver.switch_to.new_window("tab")
        driver.get(arguments.url)
        two = state["two"] = FilmPage(driver, driver.current_window_handle)
        two.wait(lambda: len(two.rows()) == 3 and two.stars() == "0", "the second tab does not show Metropolis's 0")
        two.click_row(1)
        two.wait(lambda: two.summary() == "Sunrise: 5 of 5 stars", "the second tab did not choose Sunrise")
        two.rating().send_keys(Keys.ARROW_LEFT)
        two.wait(lambda: two.summary() == "Sunrise: 4 of 5 stars", "the second tab could not rate")
        one = state["one"].focus()
        one.wait(lambda: "4 of 5 stars" in one.rows()[1].text, "the first tab's list missed the rating")
        if one.summary() != "Metropolis: 0 of 5 stars":
            raise AssertionError("the first tab's choice moved with the second tab's")

    @test("while the model disables it, the control refuses clicks and keys")
    def _():
        one = state["one"].focus()
        lock = one.labelled("Lock the ratings")
        lock.click()
        one.wait(lambda: one.rating().get_attribute("aria-disabled") == "true", "the rating was not disabled")
        one.rating().find_elements(By.CSS_SELECTOR, "[data-value]")[4].click()
        if one.summary() != "Metropolis: 0 of 5 stars":
            raise AssertionError("a disabled rating took a click")
        lock.click()
        one.wait(lambda: one.rating().get_attribute("aria-disabled") == "false", "the rating was not enabled again")

    @test("typing in the search field filters this tab's films; Escape shows them all again")
    def _():
        one = state["one"].focus()
        box = one.search()
        if "Title" not in (box.accessible_name or "") and box.get_attribute("placeholder") != "Title":
            raise AssertionError(f"the search box is named {box.accessible_name!r}")
        box.send_keys("SUN")
        one.wait(lambda: one.titles() == ["Sunrise"], "SUN did not find Sunrise alone")
        two = state["two"].focus()
        two.wait(lambda: len(two.rows()) == 3, "another tab's search filtered this tab's films")
        one = state["one"].focus()
        box = one.search()
        box.send_keys(Keys.ESCAPE)
        one.wait(lambda: len(one.rows()) == 3, "Escape did not show every film again")

    @test("a film's notes take several lines and are written when the text area loses the focus")
    def _():
        one = state["one"].focus()
        one.click_row(0)
        one.wait(lambda: one.summary().startswith("Metropolis"), "Metropolis was not chosen")
        notes = one.notes()
        if notes.tag_name != "textarea":
            raise AssertionError(f"the notes are a {notes.tag_name}, not a textarea")
        notes.click()
        notes.send_keys("Fritz Lang, 1927", Keys.ENTER, "Silent")
        if notes.get_attribute("value") != "Fritz Lang, 1927\nSilent":
            raise AssertionError(f"Return did not start a new line: {notes.get_attribute('value')!r}")
        notes.send_keys(Keys.TAB)  # leaving the text area ends its editing
        two = state["two"].focus()
        two.click_row(0)
        two.wait(lambda: two.notes().get_attribute("value") == "Fritz Lang, 1927\nSilent",
                 "the other tab does not show the notes")
        state["one"].focus()

    @test("the films are a grid whose headers sort: a click ascending, another descending, shown by aria-sort")
    def _():
        one = state["one"].focus()
        table = one.table()
        if table.tag_name != "table" or table.get_attribute("role") != "grid":
            raise AssertionError("the films are not a grid table")
        if table.get_attribute("aria-multiselectable") != "true":
            raise AssertionError("the grid does not say it takes several rows")
        if [one.header(t).get_attribute("aria-sort") for t in ("Title", "Year", "Rating")] != ["none"] * 3:
            raise AssertionError("a header claims an order before any click")
        one.header("Year").find_element(By.TAG_NAME, "button").click()
        one.wait(lambda: one.header("Year").get_attribute("aria-sort") == "ascending", "Year does not say ascending")
        one.wait(lambda: one.titles()[0] == "Nosferatu", "a click on Year did not sort by year")
        one.header("Title").find_element(By.TAG_NAME, "button").click()
        one.wait(lambda: one.titles() == ["Metropolis", "Nosferatu", "Sunrise"], "Title did not sort ascending")
        if one.header("Year").get_attribute("aria-sort") != "none":
            raise AssertionError("Year still shows an order once Title sorts first")
        one.header("Title").find_element(By.TAG_NAME, "button").click()
        one.wait(lambda: one.titles() == ["Sunrise", "Nosferatu", "Metropolis"], "a second click did not turn it round")
        one.wait(lambda: one.header("Title").get_attribute("aria-sort") == "descending", "Title is not descending")
        two = state["two"].focus()
        if two.header("Title").get_attribute("aria-sort") != "none":
            raise AssertionError("another tab's table was sorted with this one")

    @test("Shift-click, Control-click and Shift+Down choose several films; the arrows move between cells")
    def _():
        one = state["one"].focus()
        one.click_row(0)
        one.wait(lambda: one.selected() == [0], "a click did not choose one film")
        one.click_row(2, Keys.SHIFT)
        one.wait(lambda: one.selected() == [0, 1, 2], "Shift-click did not choose the films between")
        one.click_row(1, Keys.CONTROL)
        one.wait(lambda: one.selected() == [0, 2], "Control-click did not take one film out")
        one.click_row(0)
        cell = one.rows()[0].find_elements(By.CSS_SELECTOR, "td")[1]
        one.wait(lambda: driver.switch_to.active_element == cell, "the clicked cell does not have the focus")
        cell.send_keys(Keys.SHIFT, Keys.ARROW_DOWN)
        one.wait(lambda: one.selected() == [0, 1], "Shift+Down did not extend the choice")
        driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
        one.wait(lambda: one.selected() == [2], "Down did not move the choice")
        driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        active = driver.switch_to.active_element
        if active.get_attribute("role") != "gridcell" or active != one.rows()[2].find_elements(By.CSS_SELECTOR, "td")[0]:
            raise AssertionError("Left did not move to the Title cell")
        if one.table().find_elements(By.CSS_SELECTOR, "td[tabindex='0']") != [active]:
            raise AssertionError("the grid has more or fewer than one Tab stop")

    @test("Enter on a title's cell edits it in place; Return writes it, and the other tab shows it")
    def _():
        one = state["one"].focus()
        driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
        one.wait(lambda: one.selected() == [1], "Up did not move the choice")
        cell = driver.switch_to.active_element
        title = one.titles()[1]
        cell.send_keys(Keys.ENTER)
        field = driver.switch_to.active_element
        if field.tag_name != "input":
            raise AssertionError("Enter did not reach the title's field")
        field.send_keys(Keys.END, " (restored)", Keys.ENTER)
        one.wait(lambda: driver.switch_to.active_element.get_attribute("role") == "gridcell",
                 "Return did not go back to the cell")
        two = state["two"].focus()
        two.wait(lambda: title + " (restored)" in two.titles(), "the other tab does not show the new title")
        one = state["one"].focus()
        row = one.titles().index("Metropolis")
        one.click_row(row)
        one.wait(lambda: one.summary().startswith("Metropolis"), "Metropolis was not chosen again")

    @test("the release date is a date input named by its label; a day typed there reaches the other tab")
    def _():
        one = state["one"].focus()
        released = one.labelled("Released")
        if released.get_attribute("type") != "date":
            raise AssertionError(f"Released is a {released.get_attribute('type')!r} input")
        one.wait(lambda: released.get_attribute("value") == "1927-01-10", "Metropolis's release day is not shown")
        released.send_keys("02061927")  # month, day, year, as Chromium's en-US date input takes them
        released.send_keys(Keys.TAB)
        two = state["two"].focus()
        row = two.titles().index("Metropolis")
        two.click_row(row)
        two.wait(lambda: two.labelled("Released").get_attribute("value") == "1927-02-06",
                 "the other tab does not show the day typed")

    @test("the rating level is a radio group of stars named by its label: it follows the stars, and a star or an arrow key rates")
    def _():
        one = state["one"].focus()
        level = one.labelled("Rating level")
        if level.get_attribute("role") != "radiogroup":
            raise AssertionError(f"the rating level is a <{level.tag_name}> of role {level.get_attribute('role')!r}")
        stars = level.find_elements(By.CSS_SELECTOR, "[role=radio]")
        names = [star.accessible_name for star in stars]
        if names != ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"]:
            raise AssertionError(f"the level's stars are named {names}")

        def checked():
            return [star.accessible_name for star in stars if star.get_attribute("aria-checked") == "true"]

        one.rating().send_keys("3")
        one.wait(lambda: checked() == ["3 stars"], "the level does not follow the rating")
        tab_stops = [star.accessible_name for star in stars if star.get_attribute("tabindex") == "0"]
        if tab_stops != ["3 stars"]:
            raise AssertionError(f"the level's Tab stops are {tab_stops}, not the checked star alone")
        stars[4].click()
        one.wait(lambda: one.summary().endswith("5 of 5 stars"), "a click on the fifth star did not rate")
        one.wait(lambda: one.stars() == "5", "the star rating above does not follow the level")
        stars[4].send_keys(Keys.ARROW_LEFT)
        one.wait(lambda: one.summary().endswith("4 of 5 stars"), "ArrowLeft did not lower the rating")
        one.wait(lambda: one.driver.switch_to.active_element == stars[3], "the focus did not follow the rating")
        two = state["two"].focus()
        two_stars = two.labelled("Rating level").find_elements(By.CSS_SELECTOR, "[role=radio]")
        two.wait(lambda: [star.accessible_name for star in two_stars if star.get_attribute("aria-checked") == "true"]
                 == ["4 stars"], "the other tab's level does not show Metropolis's new rating")
        state["one"].focus()

    @test("the genre is a pop-up of the shelf's genres by name, No genre first; a choice reaches the other tab")
    def _():
        one = state["one"].focus()
        one.click_row(one.titles().index("Sunrise"))
        one.wait(lambda: one.summary().startswith("Sunrise"), "Sunrise was not chosen")
        genre = one.genre()
        titles = [option.text for option in genre.options]
        if titles != ["No genre", "Drama", "Horror", "Science fiction"]:
            raise AssertionError(f"the genre pop-up offers {titles}")
        one.wait(lambda: one.genre().first_selected_option.text == "No genre", "Sunrise's missing genre is not No genre")
        genre.select_by_visible_text("Drama")
        two = state["two"].focus()
        two.click_row(two.titles().index("Sunrise"))
        two.wait(lambda: two.genre().first_selected_option.text == "Drama", "the other tab does not show Drama")
        two.click_row(two.row_of("Nosferatu"))
        two.wait(lambda: two.genre().first_selected_option.text == "Horror", "Nosferatu's genre is not Horror")

    @test("the notes and the screenings are tabs: a click or the arrow keys choose one, whose panel alone shows")
    def _():
        one = state["one"].focus()
        if one.tabs() != [("Notes", "true"), ("Screenings", "false")]:
            raise AssertionError(f"the tabs read {one.tabs()}")
        if not one.panel("Notes").is_displayed() or one.panel("Screenings").is_displayed():
            raise AssertionError("the Notes tab's panel is not the one shown")
        one.tab("Screenings").click()
        one.wait(lambda: one.tabs() == [("Notes", "false"), ("Screenings", "true")], "a click did not choose Screenings")
        one.wait(lambda: one.panel("Screenings").is_displayed() and not one.panel("Notes").is_displayed(),
                 "the Screenings panel is not the one shown")
        # Keyboard only: the chosen tab is the one Tab stop; Left, Right, Home and End choose.
        if driver.switch_to.active_element.accessible_name != "Screenings":
            raise AssertionError("the chosen tab does not have the focus")
        driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        one.wait(lambda: one.tabs()[0] == ("Notes", "true") and driver.switch_to.active_element.accessible_name == "Notes",
                 "Left did not choose Notes and move the focus to it")
        driver.switch_to.active_element.send_keys(Keys.END)
        one.wait(lambda: one.tabs()[1] == ("Screenings", "true"), "End did not choose the last tab")
        # The choice is this page's own: the other tab of the browser still shows Notes.
        two = state["two"].focus()
        if two.tabs() != [("Notes", "true"), ("Screenings", "false")]:
            raise AssertionError(f"the other page's tabs follow this one's ({two.tabs()})")

    @test("the chosen film's screenings are a table of their own; Add screening adds one to that film only")
    def _():
        one = state["one"].focus()
        one.tab("Screenings").click()
        one.wait(lambda: one.panel("Screenings").is_displayed(), "the Screenings tab did not show its panel")
        one.click_row(one.titles().index("Metropolis"))
        one.wait(lambda: one.screenings() == ["Babylon, Berlin", "Le Champo, Paris"], "Metropolis's screenings")
        one.click_row(one.titles().index("Sunrise"))
        one.wait(lambda: one.screenings() == [], "Sunrise shows screenings it has none of")
        one.button("Add screening").click()
        one.wait(lambda: one.screenings() == ["New cinema"], "Add screening did not add one to Sunrise")
        two = state["two"].focus()
        two.tab("Screenings").click()
        two.click_row(two.titles().index("Sunrise"))
        two.wait(lambda: two.screenings() == ["New cinema"], "the other tab does not show Sunrise's new screening")
        two.click_row(two.titles().index("Metropolis"))
        two.wait(lambda: len(two.screenings()) == 2, "Metropolis got Sunrise's screening")
        one = state["one"].focus()
        one.button("Remove screening").click()
        one.wait(lambda: one.screenings() == [], "Remove screening did not remove Sunrise's")

    @test("the lists are a tree: its triangle or the Right key shows the lists inside, Left hides them")
    def _():
        one = state["one"].focus()
        if one.lists() != [("Silent era", "1", "false"), ("To watch again", "1", None)]:
            raise AssertionError(f"the tree reads {one.lists()}")
        tree = one.labelled("Your lists")
        tree.find_element(By.CSS_SELECTOR, "[role=treeitem] .disclosure").click()
        expected = [("Silent era", "1", "true"), ("German expressionism", "2", None), ("Hollywood", "2", None),
                    ("To watch again", "1", None)]
        one.wait(lambda: one.lists() == expected, "the triangle did not show Silent era's lists")
        items = tree.find_elements(By.CSS_SELECTOR, "[role=treeitem]")
        items[0].click()
        driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        one.wait(lambda: one.lists()[0] == ("Silent era", "1", "false") and len(one.lists()) == 2, "Left did not collapse")
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        one.wait(lambda: one.lists() == expected, "Right did not expand")

    @test("the chosen film's poster is an image named for a screen reader, decoded, and follows the choice")
    def _():
        one = state["one"].focus()
        one.click_row(one.row_of("Metropolis"))

        def poster():
            images = [e for e in driver.find_elements(By.CSS_SELECTOR, "img") if e.accessible_name.startswith("Poster of")]
            return images[0] if len(images) == 1 else None

        one.wait(lambda: poster() is not None and poster().accessible_name == "Poster of Metropolis, 1927",
                 "no image is named for Metropolis's poster")
        image = poster()
        if not image.get_attribute("src").startswith("data:image/svg+xml;base64,"):
            raise AssertionError(f"the poster's source is {image.get_attribute('src')[:40]!r}")
        one.wait(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 120,
                 "the browser did not decode the poster")
        first = image.get_attribute("src")
        one.click_row(one.row_of("Sunrise"))
        one.wait(lambda: poster().accessible_name == "Poster of Sunrise, 1927" and poster().get_attribute("src") != first,
                 "the poster did not follow the chosen film")

    @test("a screenshot is saved")
    def _():
        one = state["one"].focus()
        one.click_row(one.titles().index("Metropolis"))
        one.wait(lambda: one.summary().startswith("Metropolis"), "Metropolis was not chosen")
        one.rating().send_keys("4")
        one.wait(lambda: one.summary() == "Metropolis: 4 of 5 stars", "4 did not rate")
        size = driver.get_window_size()
        driver.set_window_size(size["width"], 1500)  # the whole page, from its search field to its switch
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(arguments.screenshot)
        driver.set_window_size(size["width"], size["height"])

    return run_tests(results, driver, "film ratings")


if __name__ == "__main__":
    sys.exit(main())
