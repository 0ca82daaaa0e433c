#!/usr/bin/env python3
"""FilmRatings in headless Chromium: a control of the app's own (StarRating, a custom element its
script defines), declared in a spec file and bound like Bindery's own controls. As a user would: by
its accessible name and role, with the mouse and with the keyboard only, in two tabs at once.

Usage: test_film_ratings.py --url http://127.0.0.1:8081 [--screenshot docs/film-ratings.png]
"""
import argparse
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_person_editor import Page, make_driver, run_tests

FILMS, RATING = "Choose a film to rate", "Your rating"


class FilmPage(Page):
    def rows(self):
        return self.labelled(FILMS).find_elements(By.CSS_SELECTOR, ":scope > li")

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
        # Tab order: the list, then the rating.
        driver.execute_script("arguments[0].focus()", page.labelled(FILMS))  # focused, not clicked
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("role") != "slider":
            raise AssertionError("Tab from the list does not reach the rating")

    @test("a second tab sees the rating and chooses its own film")
    def _():
        driver.switch_to.new_window("tab")
        driver.get(arguments.url)
        two = state["two"] = FilmPage(driver, driver.current_window_handle)
        two.wait(lambda: len(two.rows()) == 3 and two.stars() == "0", "the second tab does not show Metropolis's 0")
        two.rows()[1].click()
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
        one.wait(lambda: [r.text.split("\n")[0] for r in one.rows()] == ["Sunrise"], "SUN did not find Sunrise alone")
        two = state["two"].focus()
        two.wait(lambda: len(two.rows()) == 3, "another tab's search filtered this tab's films")
        one = state["one"].focus()
        box = one.search()
        box.send_keys(Keys.ESCAPE)
        one.wait(lambda: len(one.rows()) == 3, "Escape did not show every film again")

    @test("a film's notes take several lines and are written when the text area loses the focus")
    def _():
        one = state["one"].focus()
        one.rows()[0].click()
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
        two.rows()[0].click()
        two.wait(lambda: two.notes().get_attribute("value") == "Fritz Lang, 1927\nSilent",
                 "the other tab does not show the notes")
        state["one"].focus()

    @test("a screenshot is saved")
    def _():
        one = state["one"].focus()
        one.rating().send_keys("4")
        one.wait(lambda: one.summary() == "Metropolis: 4 of 5 stars", "4 did not rate")
        driver.save_screenshot(arguments.screenshot)

    return run_tests(results, driver, "film ratings")


if __name__ == "__main__":
    sys.exit(main())
