#!/usr/bin/env python3
"""End-to-end tests of the bindings inspector (`PersonEditor --inspect`) in headless Chromium.

Run against a freshly started server:
  python3 Tests/Browser/test_inspector.py --url http://127.0.0.1:8080 --screenshot docs/inspector.png
Prints one line per test and 'N passed, N failed'; exits 1 when a test failed.
"""
import argparse
import asyncio
import os
import sys
import urllib.error
import urllib.request

import websockets
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_person_editor import FIRST_NAME, TIMEOUT, Page, make_driver, open_tab, run_tests


class Inspector(Page):
    """The inspector's tab."""

    def wait(self, condition, message):
        """Waits, looking again when the inspector drew its lists anew under the test."""
        WebDriverWait(self.driver, TIMEOUT, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda _: condition(), message=message)

    def sessions(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#inspector-graphs section.session")

    def tabs(self):
        return [s for s in self.sessions() if s.get_attribute("data-session").startswith("tab ")]

    def edges(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "svg.graph path.edge")

    def changes(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#inspector-changes > li")

    def change(self, *parts):
        """The newest change whose text holds every one of `parts`."""
        for item in self.changes():
            if all(part in item.text for part in parts):
                return item
        return None


def open_inspector(driver, url):
    driver.switch_to.new_window("tab")
    driver.get(url + "/inspect")
    inspector = Inspector(driver, driver.current_window_handle)
    inspector.wait(lambda: len(inspector.tabs()) >= 1, "the inspector shows no tab")
    return inspector


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--screenshot", default="docs/inspector.png")
    parser.add_argument("--other-address", default="",
                        help="a non-loopback address of this machine the server also listens on: the inspector "
                             "must refuse clients that come through it")
    arguments = parser.parse_args()
    socket_url = arguments.url.replace("http://", "ws://") + "/inspect/socket"

    driver = make_driver()
    driver.set_window_size(1500, 1000)
    results = []
    state = {}

    def test(name):
        def register(function):
            results.append((name, function))
            return function
        return register

    @test("the inspector draws the editor tab's bindings as a graph, two-way ones with both arrows")
    def _():
        editor = state["editor"] = open_tab(driver, arguments.url)
        inspector = state["inspector"] = open_inspector(driver, arguments.url)
        inspector.wait(lambda: len(inspector.edges()) >= 10, "fewer than 10 bindings drawn")
        first_name = [e for e in inspector.edges() if e.get_attribute("data-source").endswith(".selection.firstName")
                      and e.get_attribute("data-target").startswith("HeadlessTextField")]
        if not first_name:
            raise AssertionError("no binding of a text field to selection.firstName is drawn")
        edge = first_name[0]
        if edge.get_attribute("data-direction") != "both" or not edge.get_attribute("marker-start") \
                or not edge.get_attribute("marker-end"):
            raise AssertionError("the first-name field's two-way binding is not drawn with both arrows")
        full_name = [e for e in inspector.edges() if e.get_attribute("data-source").endswith(".selection.fullName")]
        if not full_name or full_name[0].get_attribute("data-direction") != "sourceToTarget" \
                or full_name[0].get_attribute("marker-start"):
            raise AssertionError("the full-name label's one-way binding is not drawn one way")
        boxes = driver.find_elements(By.CSS_SELECTOR, "svg.graph g.object")
        if not any(box.get_attribute("data-object").startswith("PeopleViewController") for box in boxes):
            raise AssertionError("the page's model is not drawn")
        editor.focus()

    @test("typing a name in the editor shows its propagation in the inspector, with its causes on click")
    def _():
        editor = state["editor"].focus()
        editor.type_into(FIRST_NAME, "Grace")
        editor.wait(lambda: editor.element("FullNameLabel").text == "Grace Lovelace", "the label did not follow")
        inspector = state["inspector"].focus()
        inspector.wait(lambda: inspector.change('user edit "Grace"', "selection.firstName") is not None,
                       "the user's edit is not listed")
        inspector.wait(lambda: inspector.change('"Grace Lovelace"', "fullName") is not None,
                       "the full name's update is not listed")
        def open_causes():
            inspector.change('"Grace Lovelace"', "fullName", "HeadlessLabel.text").click()
            return True
        inspector.wait(open_causes, "the change could not be clicked")
        def chain():
            item = inspector.change('"Grace Lovelace"', "fullName", "HeadlessLabel.text")
            steps = item.find_elements(By.CSS_SELECTOR, "ol.chain > li") if item else []
            return [step.text for step in steps]
        inspector.wait(lambda: len(chain()) >= 2, "no cause chain shown on click")
        steps = chain()
        if 'user edit "Grace"' not in steps[-1] or "PersonEditor.spec.yaml:" not in steps[-1]:
            raise AssertionError(f"the chain does not end at the user's edit in the spec file: {steps!r}")

    @test("searching for a property highlights its bindings and dims the others")
    def _():
        inspector = state["inspector"].focus()
        search = driver.find_element(By.ID, "inspector-search")
        search.send_keys("fullName")
        inspector.wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "svg.graph path.edge.hit")) >= 1,
                       "no binding highlighted")
        for edge in driver.find_elements(By.CSS_SELECTOR, "svg.graph path.edge.hit"):
            ends = edge.get_attribute("data-source") + " " + edge.get_attribute("data-target")
            if "fullname" not in ends.lower():
                raise AssertionError(f"a binding without fullName is highlighted: {ends}")
        if not driver.find_elements(By.CSS_SELECTOR, "svg.graph.searching"):
            raise AssertionError("the other bindings are not dimmed")
        driver.save_screenshot(arguments.screenshot)

    @test("a second editor tab shows as a second graph, and goes when its tab closes")
    def _():
        inspector = state["inspector"]
        second = open_tab(driver, arguments.url, new=True)
        inspector.focus()
        inspector.wait(lambda: len(inspector.tabs()) == 2, "the second tab is not shown")
        second.focus()
        driver.close()
        inspector.focus()
        inspector.wait(lambda: len(inspector.tabs()) == 1, "the closed tab's bindings are still shown")

    @test("the inspector's socket refuses a page of another origin")
    def _():
        async def attempt():
            try:
                async with websockets.connect(socket_url, origin="http://evil.example"):
                    return True
            except Exception:  # noqa: BLE001 - any refusal will do
                return False
        if asyncio.run(attempt()):
            raise AssertionError("a foreign origin opened the inspector's socket")
        async def allowed():
            async with websockets.connect(socket_url, origin=arguments.url) as socket:
                return await asyncio.wait_for(socket.recv(), TIMEOUT)
        if '"sessions"' not in asyncio.run(allowed()):
            raise AssertionError("the page's own origin got no inspection")

    @test("a client on another address than loopback gets 403 for the page and no socket")
    def _():
        if not arguments.other_address:
            print("  (skipped: no --other-address)")
            return
        port = arguments.url.rsplit(":", 1)[1]
        other = f"http://{arguments.other_address}:{port}"
        try:
            with urllib.request.urlopen(other + "/inspect", timeout=TIMEOUT) as response:
                raise AssertionError(f"/inspect answered {response.status} through {other}")
        except urllib.error.HTTPError as error:
            if error.code != 403:
                raise AssertionError(f"/inspect answered {error.code}, not 403") from error
        with urllib.request.urlopen(other + "/", timeout=TIMEOUT) as response:
            if response.status != 200:
                raise AssertionError("the editor's page itself is not served there")
        async def attempt():
            try:
                async with websockets.connect(other.replace("http://", "ws://") + "/inspect/socket", origin=other):
                    return True
            except Exception:  # noqa: BLE001 - any refusal will do
                return False
        if asyncio.run(attempt()):
            raise AssertionError("a client on another address opened the inspector's socket")

    @test("a request through a proxy or for another host name gets 403")
    def _():
        for headers in ({"X-Forwarded-For": "203.0.113.9"}, {"Forwarded": "for=203.0.113.9"},
                        {"Host": "evil.example"}):
            request = urllib.request.Request(arguments.url + "/inspect", headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                    raise AssertionError(f"/inspect answered {response.status} with {headers}")
            except urllib.error.HTTPError as error:
                if error.code != 403:
                    raise AssertionError(f"/inspect answered {error.code} with {headers}, not 403") from error

    @test("the inspector's page keeps to its own script (Content-Security-Policy)")
    def _():
        with urllib.request.urlopen(arguments.url + "/inspect", timeout=TIMEOUT) as response:
            policy = response.headers.get("Content-Security-Policy", "")
        if "script-src 'self'" not in policy or "frame-ancestors 'none'" not in policy:
            raise AssertionError(f"the inspector's page has the policy {policy!r}")

    @test("a screenshot is saved")
    def _():
        if not os.path.exists(arguments.screenshot) or os.path.getsize(arguments.screenshot) < 1000:
            raise AssertionError(f"no screenshot at {arguments.screenshot}")

    return run_tests(results, driver, "inspector")


if __name__ == "__main__":
    sys.exit(main())
