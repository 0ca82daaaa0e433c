#!/usr/bin/env python3
"""Two PersonEditor instances on two ports, sharing one PostgreSQL database, in headless Chromium:
an edit typed in a tab of the first appears in a tab of the second, Add on one shows the row on the
other, Remove on the other takes it away from both, and Ctrl+Z on one is seen on the other.

Usage: test_two_instances.py --first http://127.0.0.1:18081 --second http://127.0.0.1:18082
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from test_person_editor import FIRST_NAME, LAST_NAME, make_driver, open_tab, run_tests  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--first", required=True)
    parser.add_argument("--second", required=True)
    arguments = parser.parse_args()
    driver = make_driver()
    results = []
    state = {}

    def test(name):
        def register(function):
            results.append((name, function))
            return function
        return register

    @test("both instances show the same people")
    def _():
        first = state["first"] = open_tab(driver, arguments.first)
        second = state["second"] = open_tab(driver, arguments.second, new=True)
        names = [row.text.split("\n")[0] for row in second.rows()]
        first = first.focus()
        if [row.text.split("\n")[0] for row in first.rows()] != names:
            raise AssertionError(f"the instances differ: {names!r}")
        state["count"] = len(names)

    @test("a name typed in a tab of the first instance appears in a tab of the second")
    def _():
        first = state["first"].focus()
        first.type_into(FIRST_NAME, "Augusta", commit=True)
        first.type_into(LAST_NAME, "King", commit=True)
        second = state["second"].focus()
        second.wait(lambda: any(row.text.startswith("Augusta King") for row in second.rows()),
                    "the second instance's list did not show Augusta King")

    @test("Add on the second instance shows the new row on the first; Remove on the first takes it from both")
    def _():
        second = state["second"].focus()
        second.button("Add").click()
        second.wait(lambda: len(second.rows()) == state["count"] + 1, "no row was added on the second")
        second.type_into(FIRST_NAME, "Katherine", commit=True)
        first = state["first"].focus()
        first.wait(lambda: len(first.rows()) == state["count"] + 1, "the first instance did not get the row")
        first.wait(lambda: any(row.text.startswith("Katherine") for row in first.rows()),
                   "the first instance did not get the new person's name")
        row = next(row for row in first.rows() if row.text.startswith("Katherine"))
        row.click()
        first.wait(lambda: first.element("FullNameLabel").text == "Katherine", "Katherine is not selected")
        first.button("Remove").click()
        first.wait(lambda: len(first.rows()) == state["count"], "the row stayed on the first")
        second = state["second"].focus()
        second.wait(lambda: len(second.rows()) == state["count"], "the row stayed on the second")

    @test("Ctrl+Z on the first instance puts the row back, and the second sees it")
    def _():
        first = state["first"].focus()
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        first.wait(lambda: len(first.rows()) == state["count"] + 1, "Ctrl+Z did not put the row back")
        second = state["second"].focus()
        second.wait(lambda: len(second.rows()) == state["count"] + 1, "the second did not see the row come back")

    return run_tests(results, driver, "two instances")


if __name__ == "__main__":
    sys.exit(main())
