#!/usr/bin/env python3
"""Bad input at the real socket of PersonEditor's server: each is refused or contained, and a client
that behaves sees nothing of it.

    python3 Tests/Browser/test_socket_security.py --url ws://127.0.0.1:8080/socket [--pid SERVER_PID]

Prints one line per check and 'N passed, N failed'; exits 1 when a check failed.
"""
import argparse
import asyncio
import json
import sys

import websockets


async def expect_message(socket, predicate, what, timeout=5):
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            raise AssertionError(f"no {what}")
        message = json.loads(await asyncio.wait_for(socket.recv(), remaining))
        if predicate(message):
            return message


async def hello(url, origin):
    socket = await websockets.connect(url, origin=origin, max_size=None, ping_interval=None)
    await socket.send(json.dumps({"type": "hello", "resume": None}))
    await expect_message(socket, lambda m: m["type"] == "reset", "reset")
    return socket


def sees_first_name(value):
    return lambda m: m["type"] == "patch" and any(
        op.get("id") == "FirstNameField" and op.get("value") == value for op in m["ops"])


def sees_first_name_starting(prefix):
    return lambda m: m["type"] in ("patch", "reset") and prefix in json.dumps(m)


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="ws://127.0.0.1:8080/socket")
    parser.add_argument("--pid", type=int, default=None, help="the server's pid, to check its memory")
    arguments = parser.parse_args()
    origin = arguments.url.replace("ws://", "http://").split("/socket")[0]
    witness = await hello(arguments.url, origin)
    results = []

    async def check(name, body):
        try:
            await body()
            results.append(True)
            print(f"ok - {name}", flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is reported, then the next check runs
            results.append(False)
            print(f"FAIL - {name}: {error!r}", flush=True)

    async def still_fine(value):
        """The behaving client still gets an edit made by a fresh client."""
        editor = await hello(arguments.url, origin)
        await editor.send(json.dumps({"type": "edit", "id": "FirstNameField", "value": value}))
        await expect_message(witness, sees_first_name(value), f"patch with {value!r} on the behaving client")
        await editor.close()

    async def foreign_origin():
        for bad in ("http://evil.example", "null"):
            try:
                await websockets.connect(arguments.url, origin=bad)
            except websockets.exceptions.InvalidStatus:
                continue
            raise AssertionError(f"a socket from {bad} was accepted")
        await still_fine("after-origin")

    async def bad_messages():
        client = await hello(arguments.url, origin)
        cases = [
            ("{not json", "malformedMessage"),
            (json.dumps({"type": "edit", "id": "NoSuchElement", "value": "x"}), "unknownElement"),
            (json.dumps({"type": "edit", "id": "FirstNameField", "value": 42}), "wrongValueType"),
            (json.dumps({"type": "edit", "id": "FullNameLabel", "value": "x"}), "notEditable"),
            (json.dumps({"type": "edit", "id": "FirstNameField", "value": "a" * 20000}), "tooLarge"),
        ]
        for text, code in cases:
            await client.send(text)
            message = await expect_message(client, lambda m: m["type"] == "error", f"error for {text[:30]!r}")
            if message["code"] != code:
                raise AssertionError(f"{text[:30]!r}: {message['code']} instead of {code}")
        await client.send(b"\x00\x01")
        message = await expect_message(client, lambda m: m["type"] == "error", "error for a binary message")
        if message["code"] != "malformedMessage":
            raise AssertionError(f"binary: {message['code']}")
        # The connection stays up and works.
        await client.send(json.dumps({"type": "edit", "id": "FirstNameField", "value": "after-bad"}))
        await expect_message(witness, sees_first_name("after-bad"), "the edit after the bad messages")
        await client.close()

    async def oversized_frame():
        client = await hello(arguments.url, origin)
        await client.send("x" * 200_000)
        try:
            await asyncio.wait_for(client.recv(), 5)
            raise AssertionError("the socket that sent an oversized frame stayed open")
        except websockets.exceptions.ConnectionClosed:
            pass
        await still_fine("after-oversized")

    async def never_reads():
        lazy = await hello(arguments.url, origin)
        lazy.transport.pause_reading()  # this client never reads again
        # 1,000 patches of 8 KB: far more than the kernel's socket buffers and the outbox's 256 messages,
        # sent by 10 editors of 100 edits each (one socket's edits are rate-limited), who read theirs.
        editors = [await hello(arguments.url, origin) for _ in range(10)]

        async def drain(socket):
            try:
                async for _ in socket:
                    pass
            except websockets.exceptions.ConnectionClosed:
                pass

        readers = [asyncio.create_task(drain(editor)) for editor in editors]
        padding = "x" * 8000
        for index in range(1000):
            value = f"flood-{index}-{padding}"
            await editors[index // 100].send(json.dumps({"type": "edit", "id": "FirstNameField", "value": value}))
        await expect_message(witness, sees_first_name_starting("flood-999-"), "the last flood edit", timeout=90)
        if arguments.pid:
            with open(f"/proc/{arguments.pid}/status") as status:
                rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))
            if rss > 512 * 1024:
                raise AssertionError(f"the server holds {rss // 1024} MiB")
        await still_fine("after-flood")
        for editor in editors:
            await editor.close()
        for reader in readers:
            reader.cancel()
        lazy.transport.abort()

    await check("a socket from a foreign origin is refused", foreign_origin)
    await check("bad messages are answered with typed errors and the connection stays up", bad_messages)
    await check("an oversized frame closes only that socket", oversized_frame)
    await check("a client that never reads holds up nobody", never_reads)
    await witness.close()
    passed = sum(results)
    failed = len(results) - passed
    print(f"security: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
