#!/usr/bin/env python3
"""Load benchmark for BinderyWeb (a script, not a test).

N WebSocket clients on loopback share PersonEditor's model; each one types into the first-name field
every INTERVAL seconds on average (4 by default: 200 clients make 50 edits and 10,000 patches a
second) for DURATION seconds. Each edit's text is unique, so every client
can tell which edits it saw. Prints the edits sent, the edits applied (seen by at least one other
client), the edits seen by every other client (the two must be equal), and the latency from an edit
to its patch on the other clients (p50, p99).

    swift build -c release --product PersonEditor
    .build/release/PersonEditor --port 8090 &
    python3 Benchmarks/load/load.py --url ws://127.0.0.1:8090/socket --clients 200 --seconds 30

Exits 1 when an edit did not reach every other client. Needs `pip install websockets`.
"""
import argparse
import asyncio
import json
import random
import statistics
import sys
import time

import websockets


class Client:
    def __init__(self, index):
        self.index = index
        self.sent = {}  # value -> send time
        self.seen = {}  # value -> receive time
        self.errors = 0
        self.resets = 0
        self.socket = None


async def run_client(client, arguments, origin, start_event, timing, ready):
    async with websockets.connect(arguments.url, origin=origin, max_size=None, ping_interval=None) as socket:
        client.socket = socket
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
                elif message["type"] == "reset":
                    client.resets += 1
                elif message["type"] == "error":
                    client.errors += 1

        reading = asyncio.create_task(reader())
        await start_event.wait()
        await asyncio.sleep(random.random() * arguments.interval)
        sequence = 0
        while time.monotonic() < timing["stop"]:
            value = f"c{client.index}-{sequence}"
            sequence += 1
            client.sent[value] = time.monotonic()
            await socket.send(json.dumps({"type": "edit", "id": "FirstNameField", "value": value}))
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
    parser.add_argument("--url", default="ws://127.0.0.1:8080/socket")
    parser.add_argument("--origin", default=None, help="the Origin header (default: the server's own)")
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--interval", type=float, default=4.0, help="mean seconds between one client's edits")
    parser.add_argument("--drain", type=float, default=3.0, help="seconds to wait for the last patches")
    arguments = parser.parse_args()
    origin = arguments.origin or arguments.url.replace("ws://", "http://").split("/socket")[0]

    clients = [Client(index) for index in range(arguments.clients)]
    start_event = asyncio.Event()
    ready = []
    timing = {"stop": float("inf")}
    tasks = [
        asyncio.create_task(run_client(client, arguments, origin, start_event, timing, ready))
        for client in clients
    ]
    while len(ready) < len(clients):
        failed = [task for task in tasks if task.done() and task.exception()]
        if failed:
            raise failed[0].exception()
        await asyncio.sleep(0.05)
    print(f"{len(clients)} clients connected; editing for {arguments.seconds:g} s", flush=True)
    timing["stop"] = time.monotonic() + arguments.seconds
    start_event.set()
    await asyncio.gather(*tasks)

    sent = sum(len(client.sent) for client in clients)
    latencies = []
    applied = 0
    seen_by_all = 0
    for client in clients:
        others = [other for other in clients if other is not client]
        for value, sent_at in client.sent.items():
            seen_times = [other.seen[value] for other in others if value in other.seen]
            if seen_times:
                applied += 1
            if len(seen_times) == len(others):
                seen_by_all += 1
            latencies.extend((seen - sent_at) * 1000 for seen in seen_times)
    errors = sum(client.errors for client in clients)
    resets = sum(client.resets for client in clients)
    print(f"edits sent:                          {sent}")
    print(f"edits applied (seen by another):     {applied}")
    print(f"edits seen by every other client:    {seen_by_all}")
    print(f"patches received:                    {len(latencies)}")
    print(f"latency edit -> patch on the others: p50 {percentile(latencies, 0.5):.1f} ms, "
          f"p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies, default=float('nan')):.1f} ms")
    print(f"errors: {errors}, resets (slow clients): {resets}")
    if sent != applied or applied != seen_by_all:
        print("MISMATCH: not every edit reached every other client")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
