#!/usr/bin/env bash
# FilmRatings, a control of the app's own (a custom element), in headless Chromium: Tests/Browser/test_film_ratings.py
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build --product FilmRatings
start_server /tmp/bindery-film-ratings.log .build/debug/FilmRatings --port "$PORT"
wait_for_port "$PORT"
mkdir -p /tmp/bindery-browser
python3 Tests/Browser/test_film_ratings.py --url "http://127.0.0.1:$PORT" --screenshot /tmp/bindery-browser/film-ratings.png
stop_server "$server"
