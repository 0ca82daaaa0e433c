#!/usr/bin/env python3
"""End-to-end tests of PersonEditor's page in a real browser (headless Chromium through Selenium).

Run against a running server:  python3 Tests/Browser/test_person_editor.py --url http://127.0.0.1:8080
The server must be freshly started (the tests expect the sample people). Prints one line per test and
'N passed, N failed'; exits 1 when a test failed.
"""
import argparse
import os
import sys
import time
import traceback
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 10

# The page's fields and list, by the text of their labels.
FIRST_NAME, LAST_NAME, AGE = "First name", "Last name", "Age"
PEOPLE = "Choose a person to edit"


def make_driver():
    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")  # needed when run as root
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--window-size=900,860")
    for binary in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(binary):
            options.binary_location = binary
            break
    driver_path = next((p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if os.path.exists(p)), None)
    service = Service(driver_path) if driver_path else Service()
    return webdriver.Chrome(service=service, options=options)


class Page:
    """One tab of the demo."""

    def __init__(self, driver, handle):
        self.driver = driver
        self.handle = handle

    def focus(self):
        self.driver.switch_to.window(self.handle)
        return self

    def element(self, element_id, inner=""):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-bid="{element_id}"] {inner}'.strip())

    def label(self, text):
        """The <label> whose text is `text`."""
        labels = [label for label in self.driver.find_elements(By.TAG_NAME, "label") if label.text == text]
        if not labels:
            raise NoSuchElementException(f"no label reads {text!r}")  # waits go on waiting
        if len(labels) > 1:
            raise AssertionError(f"{len(labels)} labels read {text!r}")
        return labels[0]

    def labelled(self, text):
        """The element the label `text` names: a control by the label's `for`, a list by its
        aria-labelledby."""
        label = self.label(text)
        target = label.get_attribute("for")
        if target:
            return self.driver.find_element(By.ID, target)
        return self.driver.find_element(By.CSS_SELECTOR, f'[aria-labelledby="{label.get_attribute("id")}"]')

    def field(self, label_text):
        """The input of the field labelled `label_text`."""
        return self.labelled(label_text)

    def error(self, label_text):
        """The error shown at the field labelled `label_text` (the input's aria-describedby)."""
        return self.driver.find_element(By.ID, self.field(label_text).get_attribute("aria-describedby"))

    def button(self, name):
        """The button whose accessible name is `name`."""
        buttons = [button for button in self.driver.find_elements(By.TAG_NAME, "button") if button.accessible_name == name]
        if not buttons:
            raise NoSuchElementException(f"no button is named {name!r}")
        if len(buttons) > 1:
            raise AssertionError(f"{len(buttons)} buttons are named {name!r}")
        return buttons[0]

    def rows(self):
        return self.labelled(PEOPLE).find_elements(By.CSS_SELECTOR, ":scope > li")

    def type_into(self, label_text, text, commit=False):
        field = self.field(label_text)
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.BACK_SPACE)
        if text:
            field.send_keys(text)
        if commit:
            field.send_keys(Keys.ENTER)

    def wait(self, condition, message):
        WebDriverWait(self.driver, TIMEOUT).until(lambda _: condition(), message=message)


def run_tests(results, driver, title):
    """Runs each `(name, function)` in order, printing `ok` or `FAIL` for each and a summary line
    `title: N passed, N failed`; quits the driver. Returns the exit code (1 when a test failed)."""
    passed = failed = 0
    try:
        for name, function in results:
            try:
                function()
                passed += 1
                print(f"ok - {name}", flush=True)
            except Exception as error:  # noqa: BLE001 - every failure is reported, then the next test runs
                failed += 1
                print(f"FAIL - {name}: {error}", flush=True)
                traceback.print_exc()
    finally:
        driver.quit()
    print(f"{title}: {passed} passed, {failed} failed")
    return 1 if failed else 0


def open_tab(driver, url, new=False):
    if new:
        driver.switch_to.new_window("tab")
    driver.get(url)
    page = Page(driver, driver.current_window_handle)
    page.wait(lambda: len(page.rows()) > 0, "the page did not load its people")
    return page


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--screenshot", default="docs/person-editor.png")
    arguments = parser.parse_args()

    driver = make_driver()
    results = []
    state = {}

    def test(name):
        def register(function):
            results.append((name, function))
            return function
        return register

    @test("typing a name updates the full-name label")
    def _():
        first = state["first"] = open_tab(driver, arguments.url)
        first.wait(lambda: first.element("FullNameLabel").text == "Ada Lovelace", "Ada is not selected")
        first.type_into(FIRST_NAME, "Augusta")
        first.wait(lambda: first.element("FullNameLabel").text == "Augusta Lovelace", "the label did not follow")
        first.wait(lambda: "Augusta Lovelace" in first.rows()[0].text, "the list did not follow")

    @test("the fields, the list and the buttons have accessible names; each field is found by its label")
    def _():
        first = state["first"].focus()
        for text in (FIRST_NAME, LAST_NAME, AGE):
            label = first.label(text)
            field = first.field(text)
            if field.tag_name != "input" or field.get_attribute("id") != label.get_attribute("for"):
                raise AssertionError(f"the label {text!r} is not for the field's input")
            if not label.is_displayed():
                raise AssertionError(f"the label {text!r} is not visible")
            if field.accessible_name != text:
                raise AssertionError(f"the field labelled {text!r} is named {field.accessible_name!r}")
            label.click()  # a click on a label focuses its field
            if driver.switch_to.active_element != field:
                raise AssertionError(f"a click on the label {text!r} did not focus its field")
        people = first.labelled(PEOPLE)
        if people.get_attribute("role") != "listbox" or people.accessible_name != PEOPLE:
            raise AssertionError(f"the list is named {people.accessible_name!r}")
        names = sorted(button.accessible_name for button in driver.find_elements(By.TAG_NAME, "button"))
        if names != ["Add", "Redo", "Remove", "Save", "Undo"]:
            raise AssertionError(f"the buttons are named {names!r}")

    @test("the list is one Tab stop: arrows, Home, End and typing choose a person, keyboard only")
    def _():
        first = state["first"].focus()
        people = first.labelled(PEOPLE)
        rows = first.rows()
        chosen = next(index for index, row in enumerate(rows) if row.get_attribute("aria-selected") == "true")
        driver.execute_script("arguments[0].focus()", first.button("Add"))
        keys = lambda *pressed: ActionChains(driver).send_keys(*pressed).perform()
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        if driver.switch_to.active_element != people:
            raise AssertionError("Shift+Tab from Add does not reach the list")

        def expect_person(index, name):
            first.wait(lambda: first.rows()[index].get_attribute("aria-selected") == "true", f"row {index} not selected")
            first.wait(lambda: first.field(FIRST_NAME).get_attribute("value") == name, f"{name} is not shown")
            active = people.get_attribute("aria-activedescendant")
            row = first.rows()[index]
            if active != row.get_attribute("id") or row.get_attribute("role") != "option":
                raise AssertionError(f"aria-activedescendant is {active!r}, not the selected option")

        keys(Keys.HOME)
        expect_person(0, "Augusta")
        keys(Keys.ARROW_DOWN)
        expect_person(1, "Grace")
        keys(Keys.END)
        expect_person(2, "Alan")
        keys("g")
        expect_person(1, "Grace")
        keys(Keys.HOME)
        expect_person(0, "Augusta")
        for _ in range(chosen):
            keys(Keys.ARROW_DOWN)
        expect_person(chosen, first.rows()[chosen].text.split()[0])
        keys(Keys.TAB)
        if driver.switch_to.active_element.accessible_name != "Add":
            raise AssertionError("Tab from the list does not go on to Add: the rows are not Tab stops")

    @test("a second tab sees the change, and the first sees the second's")
    def _():
        second = state["second"] = open_tab(driver, arguments.url, new=True)
        second.wait(lambda: second.field(FIRST_NAME).get_attribute("value") == "Augusta", "no Augusta")
        second.wait(lambda: second.element("FullNameLabel").text == "Augusta Lovelace", "no full name")
        second.type_into(LAST_NAME, "King")
        first = state["first"].focus()
        first.wait(lambda: first.element("FullNameLabel").text == "Augusta King", "the first tab did not follow")
        first.wait(lambda: first.field(LAST_NAME).get_attribute("value") == "King", "no King in the field")

    @test("Ctrl+Z undoes what was typed in a field, in every tab, and Ctrl+Shift+Z redoes it")
    def _():
        first = state["first"].focus()
        first.type_into(FIRST_NAME, "Augustina")  # still editing: Ctrl+Z ends the editing first
        first.wait(lambda: first.element("FullNameLabel").text == "Augustina King", "no Augustina")
        if not first.button("Undo").is_enabled():
            raise AssertionError("the Undo button is disabled after an edit")
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        first.wait(lambda: first.field(FIRST_NAME).get_attribute("value") == "Augusta", "Ctrl+Z did not undo")
        first.wait(lambda: first.button("Redo").is_enabled(), "the Redo button stayed disabled")
        second = state["second"].focus()
        second.wait(lambda: second.element("FullNameLabel").text == "Augusta King", "the other tab kept Augustina")
        first = state["first"].focus()
        first.field(FIRST_NAME).click()
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(
            Keys.CONTROL).perform()
        first.wait(lambda: first.field(FIRST_NAME).get_attribute("value") == "Augustina", "Ctrl+Shift+Z did not redo")
        first.button("Undo").click()
        first.wait(lambda: first.field(FIRST_NAME).get_attribute("value") == "Augusta", "Undo did not undo")
        first.wait(lambda: driver.execute_script("return document.body.dataset.unacknowledged") == "0",
                   "some messages were never acknowledged")

    @test("the Save button disables the fields for a moment")
    def _():
        first = state["first"].focus()
        first.button("Save").click()
        first.wait(lambda: not first.field(FIRST_NAME).is_enabled(), "the first-name field stayed enabled")
        if first.field(AGE).is_enabled() or first.button("Save").is_enabled():
            raise AssertionError("the age field or the Save button stayed enabled while saving")
        first.wait(lambda: first.field(FIRST_NAME).is_enabled(), "the fields were not enabled again")

    @test("bad age text shows the error and leaves the model unchanged")
    def _():
        first = state["first"].focus()
        # A number field: a phone shows its numeric keyboard, and any text still reaches validation.
        if first.field(AGE).get_attribute("inputmode") != "decimal":
            raise AssertionError("the age field does not ask for a numeric keyboard")
        first.type_into(AGE, "3b", commit=True)
        first.wait(lambda: first.error(AGE).text != "", "no error shown")
        if first.field(AGE).get_attribute("aria-invalid") != "true":
            raise AssertionError("the age field is not marked invalid")
        driver.save_screenshot(arguments.screenshot)
        second = state["second"].focus()
        time.sleep(0.3)
        value = second.field(AGE).get_attribute("value")
        if value != "36":
            raise AssertionError(f"the model changed: the other tab shows age {value!r}")
        first = state["first"].focus()
        first.type_into(AGE, "37", commit=True)
        first.wait(lambda: first.error(AGE).text == "", "the error did not go away")
        second = state["second"].focus()
        second.wait(lambda: second.field(AGE).get_attribute("value") == "37", "the other tab missed 37")

    @test("Escape in a field drops what was typed and not written, and its error")
    def _():
        first = state["first"].focus()
        first.type_into(AGE, "4x", commit=True)
        first.wait(lambda: first.error(AGE).text != "", "no error shown")
        first.field(AGE).send_keys(Keys.ESCAPE)
        first.wait(lambda: first.field(AGE).get_attribute("value") == "37", "Escape did not show the model's age")
        first.wait(lambda: first.error(AGE).text == "", "Escape did not clear the error")
        if first.field(AGE).get_attribute("aria-invalid") != "false":
            raise AssertionError("the age field is still marked invalid")
        first.field(AGE).send_keys("9")  # typed, not committed
        first.field(AGE).send_keys(Keys.ESCAPE)
        first.wait(lambda: first.field(AGE).get_attribute("value") == "37", "Escape kept an uncommitted 379")
        first.field(AGE).send_keys(Keys.TAB)
        second = state["second"].focus()
        time.sleep(0.3)
        if second.field(AGE).get_attribute("value") != "37":
            raise AssertionError("a discarded age reached the model")

    @test("an error goes with its text: selecting another person shows that person's age, valid")
    def _():
        first = state["first"].focus()
        rows = first.rows()
        chosen = next(index for index, row in enumerate(rows) if row.get_attribute("aria-selected") == "true")
        first.type_into(AGE, "3b", commit=True)
        first.wait(lambda: first.error(AGE).text != "", "no error shown")
        if first.error(AGE).text != "Enter a whole number, like 1,234":
            raise AssertionError(f"the error does not speak to people: {first.error(AGE).text!r}")
        other = (chosen + 1) % len(rows)
        first.rows()[other].click()
        first.wait(lambda: first.error(AGE).text == "", "the error stayed on another person's age")
        if first.field(AGE).get_attribute("aria-invalid") == "true":
            raise AssertionError("another person's valid age is marked invalid")
        if not first.field(AGE).get_attribute("value").isdigit():
            raise AssertionError(f"the age field shows {first.field(AGE).get_attribute('value')!r}")
        first.rows()[chosen].click()
        first.wait(lambda: first.rows()[chosen].get_attribute("aria-selected") == "true", "not selected again")

    @test("a burst of 25 Adds and 25 Removes is applied in order, none dropped, and no error stays")
    def _():
        first = state["first"].focus()
        before = len(first.rows())
        clicks = "const b = [...document.querySelectorAll('button')].find((b) => b.textContent === arguments[0]);" \
            "for (let i = 0; i < 25; i++) b.click();"
        driver.execute_script(clicks, "Add")
        first.wait(lambda: len(first.rows()) == before + 25, "some Adds of the burst were dropped")
        driver.execute_script(clicks, "Remove")
        first.wait(lambda: len(first.rows()) == before, "some Removes of the burst were dropped")
        status = lambda: driver.find_element(By.ID, "bindery-status")
        first.wait(lambda: status().get_attribute("class") != "error", "an error stayed after the burst")
        second = state["second"].focus()
        second.wait(lambda: len(second.rows()) == before, "the second tab did not follow the burst")

    @test("Delete in the list removes the chosen person, and Ctrl+Z puts them back")
    def _():
        first = state["first"].focus()
        before = [row.text for row in first.rows()]
        people = first.labelled(PEOPLE)
        first.rows()[len(before) - 1].click()
        first.wait(lambda: first.rows()[len(before) - 1].get_attribute("aria-selected") == "true", "not chosen")
        people.send_keys(Keys.DELETE)
        first.wait(lambda: len(first.rows()) == len(before) - 1, "Delete did not remove the person")
        people.send_keys(Keys.CONTROL, "z")
        first.wait(lambda: [row.text for row in first.rows()] == before, "Ctrl+Z did not put the person back")

    @test("Add, Remove, Undo and Redo are a toolbar, and an emptied list says so until Ctrl+Z brings its people back")
    def _():
        first = state["first"].focus()
        toolbar = first.button("Add").find_element(By.XPATH, "./ancestor::*[@role='toolbar']")
        for title in ["Remove", "Undo", "Redo"]:
            if first.button(title).find_element(By.XPATH, "./ancestor::*[@role='toolbar']") != toolbar:
                raise AssertionError(f"{title} is not in the toolbar")
        before = sorted(row.text for row in first.rows())
        people = first.labelled(PEOPLE)
        for left in range(len(before) - 1, -1, -1):
            first.rows()[0].click()
            first.wait(lambda: first.rows()[0].get_attribute("aria-selected") == "true", "not chosen")
            people.send_keys(Keys.DELETE)
            first.wait(lambda: len(first.rows()) == left, "Delete did not remove the person")
        shown = driver.execute_script("return getComputedStyle(arguments[0], '::before').content", people)
        if "No people yet" not in shown:
            raise AssertionError(f"the empty list shows {shown!r}, not its placeholder")
        for count in range(1, len(before) + 1):
            people.send_keys(Keys.CONTROL, "z")
            first.wait(lambda: len(first.rows()) == count, "Ctrl+Z did not put a person back")
        first.wait(lambda: sorted(row.text for row in first.rows()) == before, "not everyone came back")
        shown = driver.execute_script("return getComputedStyle(arguments[0], '::before').content", people)
        if "No people yet" in shown:
            raise AssertionError("the placeholder stays beside the rows")

    @test("removing a person updates the list in both tabs")
    def _():
        first = state["first"].focus()
        first.rows()[2].click()
        first.wait(lambda: first.element("FullNameLabel").text == "Alan Turing", "Alan is not selected")
        first.button("Remove").click()
        first.wait(lambda: len(first.rows()) == 2, "the list still has three rows")
        if any("Alan Turing" in row.text for row in first.rows()):
            raise AssertionError("Alan Turing is still listed")
        second = state["second"].focus()
        second.wait(lambda: len(second.rows()) == 2, "the second tab still has three rows")

    @test("Ctrl+Z puts a removed person back in both tabs; Ctrl+Shift+Z removes them again")
    def _():
        first = state["first"].focus()
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        first.wait(lambda: len(first.rows()) == 3, "the removed row did not come back")
        if "Alan Turing" not in first.rows()[2].text:
            raise AssertionError(f"the third row is {first.rows()[2].text!r}")
        second = state["second"].focus()
        second.wait(lambda: len(second.rows()) == 3, "the second tab did not get the row back")
        first = state["first"].focus()
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(
            Keys.CONTROL).perform()
        first.wait(lambda: len(first.rows()) == 2, "Ctrl+Shift+Z did not remove the row again")

    @test("adding a person selects an empty one and puts the keyboard in its first name")
    def _():
        first = state["first"].focus()
        first.button("Add").click()
        first.wait(lambda: len(first.rows()) == 3, "no row was added")
        first.wait(lambda: first.element("FullNameLabel").text == "(no name)", "the new person is not selected")
        first.wait(lambda: driver.switch_to.active_element == first.field(FIRST_NAME), "the first name has no focus")
        rows = first.labelled(PEOPLE)
        if rows.get_attribute("aria-activedescendant") != first.rows()[2].get_attribute("id"):
            raise AssertionError("the new row is not the list's active one")
        driver.switch_to.active_element.send_keys("Grace")  # keyboard only, from where Add left it
        first.wait(lambda: "Grace" in first.rows()[2].text, "the new row did not follow")

    @test("each tab chooses its own person: a click in one tab never moves the other tab's typing")
    def _():
        first = state["first"].focus()
        first.rows()[0].click()
        first.wait(lambda: first.rows()[0].get_attribute("aria-selected") == "true", "the first tab did not choose")
        second = state["second"].focus()
        second.rows()[1].click()
        second.wait(lambda: second.rows()[1].get_attribute("aria-selected") == "true", "the second tab did not choose")
        theirs = second.field(LAST_NAME).get_attribute("value")
        first = state["first"].focus()
        first.type_into(LAST_NAME, "Solo")
        second = state["second"].focus()
        second.wait(lambda: "Solo" in second.rows()[0].text, "the second tab's list missed the first tab's edit")
        if second.field(LAST_NAME).get_attribute("value") != theirs:
            raise AssertionError("the first tab's typing reached the second tab's person")
        second.rows()[2].click()  # between two of the first tab's keys
        first = state["first"].focus()
        first.field(LAST_NAME).send_keys("BB")
        second = state["second"].focus()
        second.wait(lambda: "SoloBB" in second.rows()[0].text, "the first tab's keys left its person")
        if "SoloBB" in second.rows()[2].text or second.field(LAST_NAME).get_attribute("value") == "SoloBB":
            raise AssertionError("the second tab's click redirected the first tab's typing")

    @test("a duplicated tab gets its own session and both tabs keep working")
    def _():
        first = state["first"].focus()
        original_token = driver.execute_script("return sessionStorage.getItem('bindery-session')")
        chosen = [row.get_attribute("aria-selected") for row in first.rows()].index("true")
        before = set(driver.window_handles)
        driver.execute_script("window.open(location.href)")  # copies the tab's session storage
        WebDriverWait(driver, TIMEOUT).until(lambda _: len(driver.window_handles) > len(before))
        handle = (set(driver.window_handles) - before).pop()
        copy = Page(driver, handle).focus()
        copy.wait(lambda: len(copy.rows()) > 0, "the copy did not load its people")
        token = lambda: driver.execute_script("return sessionStorage.getItem('bindery-session')")
        copy.wait(lambda: token() is not None, "the copy has no session")
        copy_token = token()
        # Each tab has its own selection: the copy chooses the original's person, then edits it.
        copy.rows()[chosen].click()
        copy.wait(lambda: copy.rows()[chosen].get_attribute("aria-selected") == "true", "the copy did not choose")
        copy.type_into(LAST_NAME, "Copy")
        first = state["first"].focus()
        if token() == copy_token:
            raise AssertionError("the copy shares the original's session")
        if token() != original_token:
            raise AssertionError("the original lost its session to the copy")
        first.wait(lambda: first.field(LAST_NAME).get_attribute("value") == "Copy", "the original missed it")
        first.type_into(LAST_NAME, "Original")
        copy = copy.focus()
        copy.wait(lambda: copy.field(LAST_NAME).get_attribute("value") == "Original", "the copy missed it")
        first = state["first"].focus()
        status = driver.find_element(By.ID, "bindery-status").text
        if "hello" in status:
            raise AssertionError(f"the original's edits were refused: {status!r}")

    @test("a text too long to send shows as the field's error and stays in the field")
    def _():
        first = state["first"].focus()
        driver.execute_script(
            "const input = arguments[0];"
            "input.value = 'x'.repeat(70000); input.dispatchEvent(new Event('input'));", first.field(FIRST_NAME))
        first.wait(lambda: "Too long" in first.error(FIRST_NAME).text, "no error for the paste")
        if len(first.field(FIRST_NAME).get_attribute("value")) != 70000:
            raise AssertionError("the pasted text was reverted")
        first.type_into(FIRST_NAME, "Grace")
        first.wait(lambda: first.error(FIRST_NAME).text == "", "the error stayed")

    @test("a page whose session the server no longer knows says so")
    def _():
        first = state["first"].focus()
        # A token of another run of the server, as after a restart.
        driver.execute_script("sessionStorage.setItem('bindery-session', '00000000' + 'ab'.repeat(16))")
        driver.refresh()
        first.wait(lambda: len(first.rows()) > 0, "the page did not load again")
        first.wait(lambda: "server restarted" in driver.find_element(By.ID, "bindery-status").text,
                   "no word about the restart")

    @test("the page's server does not serve the inspector unless asked to")
    def _():
        try:
            with urllib.request.urlopen(arguments.url + "/inspect", timeout=TIMEOUT) as response:
                raise AssertionError(f"/inspect answered {response.status}")
        except urllib.error.HTTPError as error:
            if error.code != 404:
                raise AssertionError(f"/inspect answered {error.code}, not 404") from error

    @test("two tabs typing into one field at once end with the same, last value")
    def _():
        # A tab whose incoming messages the test can hold back: the other tab's value then reaches it
        # after its own edit left, as when two users type at once over a slow network.
        driver.switch_to.new_window("tab")
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            (() => {
              const Real = window.WebSocket;
              window.__held = null;
              window.__release = () => { const held = window.__held || []; window.__held = null; held.forEach((f) => f()); };
              window.WebSocket = function (url, protocols) {
                const socket = new Real(url, protocols);
                let handler = null;
                Object.defineProperty(socket, 'onmessage', {
                  get: () => handler,
                  set: (value) => {
                    handler = value;
                    Real.prototype.__lookupSetter__('onmessage').call(socket, (event) => {
                      if (window.__held) window.__held.push(() => handler(event)); else handler(event);
                    });
                  },
                });
                return socket;
              };
              window.WebSocket.prototype = Real.prototype;
              Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
            })();"""})
        driver.get(arguments.url)
        slow = Page(driver, driver.current_window_handle)
        slow.wait(lambda: len(slow.rows()) > 0, "the page did not load its people")
        driver.execute_script("window.__held = []")
        other = state["second"].focus()
        other.rows()[0].click()  # the person the new tab shows first: each tab chooses its own
        other.wait(lambda: other.rows()[0].get_attribute("aria-selected") == "true", "the other tab did not choose")
        other.type_into(FIRST_NAME, "Crossed")
        time.sleep(0.5)  # its value reaches the slow tab, and waits there
        slow.focus()
        slow.type_into(FIRST_NAME, "Mine")  # saved after "Crossed": the last value
        time.sleep(0.5)  # the server takes it, and its ack waits behind "Crossed"
        driver.execute_script("window.__release()")
        slow.wait(lambda: driver.execute_script("return document.body.dataset.unacknowledged") == "0",
                  "the slow tab's edits were not acknowledged")
        time.sleep(0.3)
        shown = slow.field(FIRST_NAME).get_attribute("value")
        if shown != "Mine":
            raise AssertionError(f"the slow tab shows {shown!r}, an older value than its own last edit 'Mine'")
        other = state["second"].focus()
        other.wait(lambda: other.field(FIRST_NAME).get_attribute("value") == "Mine", "the other tab did not get 'Mine'")
        driver.switch_to.window(slow.handle)
        driver.close()
        state["second"].focus()

    @test("a screenshot is saved")
    def _():
        if not os.path.exists(arguments.screenshot) or os.path.getsize(arguments.screenshot) < 1000:
            raise AssertionError(f"no screenshot at {arguments.screenshot}")

    return run_tests(results, driver, "browser")


if __name__ == "__main__":
    sys.exit(main())
