#!/usr/bin/env python3
"""Load benchmark for two PersonEditor instances sharing one PostgreSQL database (a script, not a
test): CLIENTS WebSocket clients on each instance type into the first-name field of the shared model,
each every INTERVAL seconds on average, for DURATION seconds. Every edit is numbered, so the server
acknowledges it once it is saved. Prints:

- edits sent, and edits saved (acknowledged) — the two must be equal;
- edits seen by every client of the instance that took them, and by every client of the other
  instance (an instance hears of the other's edits through NOTIFY, each with its value, and applies
  them in commit order: all three must be equal to the edits sent);
- whether every client on both instances ends with the value the database has (must be true);
- the latency from an edit to its patch on the other instance's clients (p50, p99).

    swift build -c release --product PersonEditor
    PG=$(bash .ci/postgres.sh url)
    .build/release/PersonEditor --postgres "$PG" --port 8091 &
    .build/release/PersonEditor --postgres "$PG" --port 8092 &
    python3 Benchmarks/load/two_instances.py --urls ws://127.0.0.1:8091/socket,ws://127.0.0.1:8092/socket

Needs `pip install websockets`. Exits 1 when an edit was not saved or not seen by every client, or the instances disagree.
"""
import argparse
import asyncio
import json
import random
import sys
import time

import websockets


class Client:
    def __init__(self, index, instance):
        self.index = index
        self.instance = instance
        self.sent = {}  # value -> send time
        self.acked = set()
        self.seen = {}  # value -> first receive time
        self.current = None
        self.errors = 0
        self.resets = 0
        self.pending = {}  # seq -> value


async def run_client(client, url, arguments, start_event, timing, ready):
    origin = url.replace("ws://", "http://").split("/socket")[0]
    # 50 clients per loopback address: a server keeps at most 64 pages per client address.
    source = (f"127.0.{client.instance}.{2 + client.index // 50}", 0)
    async with websockets.connect(url, origin=origin, max_size=None, ping_interval=None, local_addr=source) as socket:
        await socket.send(json.dumps({"type": "hello", "resume": None}))
        first = json.loads(await socket.recv())
        assert first["type"] == "reset", first
        ready.append(client.index)

        async def reader():
            async for text in socket:
                now = time.monotonic()
                message = json.loads(text)
                if message["type"] == "patch":
                    for op in message["ops"]:
                        if op.get("op") == "set" and op.get("id") == "FirstNameField" and op.get("key") == "text":
                            client.seen.setdefault(op["value"], now)
                            # As the page does: while its own edit is not acknowledged, a value the
                            # server sent before taking it is stale and the field keeps the edit.
                            if not client.pending:
                                client.current = op["value"]
                elif message["type"] == "ack":
                    value = client.pending.pop(message["seq"], None)
                    if value is not None:
                        client.acked.add(value)
                elif message["type"] == "reset":
                    client.resets += 1
                elif message["type"] == "error":
                    client.errors += 1

        reading = asyncio.create_task(reader())
        await start_event.wait()
        await asyncio.sleep(random.random() * arguments.interval)
        sequence = 0
        while time.monotonic() < timing["stop"]:
            sequence += 1
            value = f"i{client.instance}c{client.index}-{sequence}"
            client.sent[value] = time.monotonic()
            client.pending[sequence] = value
            client.current = value  # what its field shows (its own edit is not sent back to it)
            await socket.send(json.dumps({"type": "edit", "id": "FirstNameField", "value": value, "seq": sequence}))
            await asyncio.sleep(arguments.interval * (0.5 + random.random()))
        await asyncio.sleep(arguments.drain)
        reading.cancel()


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--urls", required=True, help="the two instances' socket URLs, comma-separated")
    parser.add_argument("--clients", type=int, default=100, help="clients per instance")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--interval", type=float, default=4.0, help="mean seconds between one client's edits")
    parser.add_argument("--drain", type=float, default=3.0, help="seconds to wait for the last patches")
    arguments = parser.parse_args()
    urls = arguments.urls.split(",")
    assert len(urls) == 2, "two instances"
    clients = [Client(index, instance) for instance in range(2) for index in range(arguments.clients)]
    start_event = asyncio.Event()
    ready = []
    timing = {"stop": float("inf")}
    tasks = [
        asyncio.create_task(run_client(client, urls[client.instance], arguments, start_event, timing, ready))
        for client in clients
    ]
    while len(ready) < len(clients):
        failed = [task for task in tasks if task.done() and task.exception()]
        if failed:
            raise failed[0].exception()
        await asyncio.sleep(0.05)
    print(f"{len(clients)} clients on 2 instances; editing for {arguments.seconds:g} s", flush=True)
    timing["stop"] = time.monotonic() + arguments.seconds
    start_event.set()
    await asyncio.gather(*tasks)

    sent = sum(len(client.sent) for client in clients)
    saved = sum(len(client.acked) for client in clients)
    same_all = other_all = 0
    latencies = []
    for client in clients:
        same = [other for other in clients if other.instance == client.instance and other is not client]
        others = [other for other in clients if other.instance != client.instance]
        for value, sent_at in client.sent.items():
            if all(value in other.seen for other in same):
                same_all += 1
            times = [other.seen[value] for other in others if value in other.seen]
            if len(times) == len(others):
                other_all += 1
            latencies.extend((seen - sent_at) * 1000 for seen in times)
    finals = {client.current for client in clients}
    print(f"edits sent:                                   {sent}")
    print(f"edits saved (acknowledged):                   {saved}")
    print(f"edits seen by every client of their instance: {same_all}")
    print(f"edits seen by every client of the other:      {other_all}")
    print(f"latency edit -> patch on the other instance:  p50 {percentile(latencies, 0.5):.1f} ms, "
          f"p99 {percentile(latencies, 0.99):.1f} ms")
    print(f"every client ends with one value:             {len(finals) == 1} ({len(finals)} distinct)")
    if len(finals) != 1:
        for instance in range(2):
            counts = {}
            for client in clients:
                if client.instance == instance:
                    counts[client.current] = counts.get(client.current, 0) + 1
            print(f"  instance {instance + 1} clients end with: {counts}")
    print(f"errors: {sum(c.errors for c in clients)}, resets: {sum(c.resets for c in clients)}")
    return 0 if sent == saved == same_all == other_all and len(finals) == 1 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
