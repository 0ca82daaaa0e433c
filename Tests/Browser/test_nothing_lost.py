#!/usr/bin/env python3
"""Nothing acknowledged is lost: 20 clients edit PersonEditor's people, kept in a SQLite file (or a
PostgreSQL database); the server is killed with `kill -9` while they edit, and started again on the
same file (or database).

Every client first adds a person (Add), then types names into the first-name field as fast as the
server acknowledges them (each message carries a `seq`; the server answers `ack` once it is applied
and saved). After the kill:
- every acknowledged Add is a row in the database;
- each client edits the person its own Add made (each tab has its own selection), and that person's
  first name in the database is the one the client sent last (its last acknowledged name, or the one
  it was waiting for when the server died): never an older one, which would mean an acknowledged
  edit was lost, and never in another client's person;
- every client reconnects and is shown the saved state: the list shows the saved people, row by row.

Usage: test_nothing_lost.py --binary .build/debug/PersonEditor --database /tmp/x.sqlite [--port 18090]
       test_nothing_lost.py --binary PersonEditor-built-with-Postgres --postgres postgres://… [--port 18090]
"""
import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time

import websockets

CLIENTS = 20


def wait_for_port(port, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("PersonEditor did not start")


def find(node, element_id):
    """The tree node with this id, in a reset message's tree."""
    if isinstance(node, dict):
        if node.get("id") == element_id:
            return node
        for value in node.values():
            found = find(value, element_id)
            if found is not None:
                return found
    elif isinstance(node, list):
        for value in node:
            found = find(value, element_id)
            if found is not None:
                return found
    return None


def row_names(tree):
    """The names the list shows, row by row (each row's first label)."""
    people = find(tree, "People") or {}
    return [row["children"][0]["props"].get("text") for row in people.get("rows", [])]


class Client:
    def __init__(self, number, url, origin):
        self.number = number
        self.url = url
        self.origin = origin
        self.seq = 0
        self.acked_adds = 0
        self.sent_adds = 0
        self.last_acked_name = None
        self.waiting_name = None
        self.session = None
        self.tab = os.urandom(8).hex()

    async def connect(self):
        self.socket = await websockets.connect(self.url, origin=self.origin, max_size=None, ping_interval=None)
        await self.socket.send(json.dumps({"type": "hello", "resume": self.session, "tab": self.tab}))
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), 15))
            if message["type"] == "reset":
                self.session = message["session"]
                return message
            if message["type"] == "error":
                raise AssertionError(f"client {self.number}: {message}")

    async def request(self, message):
        """Sends a numbered message and waits for its ack (patches on the way are read and dropped)."""
        self.seq += 1
        message["seq"] = self.seq
        await self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(await asyncio.wait_for(self.socket.recv(), 15))
            if answer["type"] == "ack" and answer["seq"] == self.seq:
                return
            if answer["type"] == "error":
                raise AssertionError(f"client {self.number}: refused: {answer}")

    async def add(self):
        self.sent_adds += 1
        await self.request({"type": "action", "id": "AddButton"})
        self.acked_adds += 1

    async def edit_until_killed(self):
        n = 0
        try:
            while True:
                n += 1
                name = f"c{self.number}-{n}"
                self.waiting_name = name
                await self.request({"type": "edit", "id": "FirstNameField", "value": name})
                self.last_acked_name = name
                self.waiting_name = None
                await asyncio.sleep(0.02)  # within the server's 60 edits a second per tab
        except (websockets.ConnectionClosed, ConnectionError, asyncio.TimeoutError, OSError):
            return n


def saved_people(arguments):
    """(id, name) of every person in the database, by id."""
    query = "SELECT id, TRIM(first_name || ' ' || last_name) FROM person ORDER BY id"
    if arguments.postgres:
        output = subprocess.run(["psql", arguments.postgres, "-AtF", "|", "-c", query],
                                check=True, capture_output=True, text=True).stdout
        return [(int(line.split("|", 1)[0]), line.split("|", 1)[1]) for line in output.splitlines() if line]
    database = sqlite3.connect(arguments.database)
    rows = database.execute(query).fetchall()
    database.close()
    return rows


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--database", help="a SQLite file (made afresh)")
    where.add_argument("--postgres", help="a PostgreSQL URL (its person table is dropped first)")
    parser.add_argument("--port", type=int, default=18090)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long the clients edit before the kill")
    arguments = parser.parse_args()
    if arguments.postgres:
        subprocess.run(["psql", arguments.postgres, "-qc", "DROP TABLE IF EXISTS person"], check=True)
        command = [arguments.binary, "--postgres", arguments.postgres, "--port", str(arguments.port)]
    else:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(arguments.database + suffix):
                os.remove(arguments.database + suffix)
        command = [arguments.binary, "--database", arguments.database, "--port", str(arguments.port)]
    log = open("/tmp/bindery-nothing-lost.log", "a")
    server = subprocess.Popen(command, stdout=log, stderr=log)
    failures = []
    try:
        wait_for_port(arguments.port)
        origin = f"http://127.0.0.1:{arguments.port}"
        url = f"ws://127.0.0.1:{arguments.port}/socket"
        clients = [Client(number, url, origin) for number in range(CLIENTS)]
        for client in clients:
            await client.connect()
        await asyncio.gather(*(client.add() for client in clients))
        print(f"  {sum(c.acked_adds for c in clients)} Adds acknowledged", flush=True)
        editing = [asyncio.create_task(client.edit_until_killed()) for client in clients]
        await asyncio.sleep(arguments.seconds + random.random())
        server.send_signal(signal.SIGKILL)
        server.wait()
        sent = await asyncio.gather(*editing)
        acked = sum(1 for c in clients if c.last_acked_name)
        print(f"  killed with SIGKILL after {sum(sent)} edits sent ({acked} clients had edits acknowledged)", flush=True)

        rows = saved_people(arguments)
        acked_adds = sum(c.acked_adds for c in clients)
        sent_adds = sum(c.sent_adds for c in clients)
        if not 3 + acked_adds <= len(rows) <= 3 + sent_adds:
            failures.append(f"{len(rows)} people in the database; {acked_adds} Adds were acknowledged on 3")
        # Each tab has its own selection: each client edits the person its own Add made.
        saved = [name for _, name in rows if name.startswith("c")]  # "c7-37": first name, no last name
        by_client = {}
        for name in saved:
            by_client.setdefault(name.split("-")[0], []).append(name)
        checked = 0
        for client in clients:
            names = by_client.get(f"c{client.number}", [])
            allowed = {client.last_acked_name, client.waiting_name} - {None}
            if len(names) > 1:
                failures.append(f"client {client.number}'s edits are in {len(names)} people: {names!r}")
            elif client.last_acked_name and not names:
                failures.append(f"client {client.number}'s acknowledged {client.last_acked_name!r} is not in the database")
            elif names and names[0] not in allowed:
                failures.append(f"client {client.number}'s person has {names[0]!r}, older than its last edit {sorted(allowed)!r}")
            elif names:
                checked += 1
        if not failures:
            print(f"  {checked} clients' people hold their last edits; {len(rows)} people", flush=True)

        server = subprocess.Popen(command, stdout=log, stderr=log)
        wait_for_port(arguments.port)
        resets = await asyncio.gather(*(client.connect() for client in clients))
        for client, reset in zip(clients, resets):
            names = row_names(reset["tree"])
            if names != [name or "(no name)" for _, name in rows]:
                failures.append(f"client {client.number} reconnected to the list {names!r}, not the saved one")
                break
        else:
            print(f"  all {CLIENTS} clients reconnected (reason {resets[0]['reason']!r}) to the saved state", flush=True)
        for client in clients:
            await client.socket.close()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
    for failure in failures:
        print(f"FAIL - {failure}")
    print(f"nothing lost: {'passed' if not failures else 'failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
