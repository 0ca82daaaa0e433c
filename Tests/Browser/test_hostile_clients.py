#!/usr/bin/env python3
"""Hostile clients against PersonEditor's server: each attack is refused within bounded memory and
time, and a behaving client's edit reaches another behaving client within 100 ms throughout.

    python3 Tests/Browser/test_hostile_clients.py --url http://127.0.0.1:18080 --pid PID --log LOGFILE

The server is expected to run with `--resume-window 5`. Attackers connect from other loopback
addresses (127.0.0.2 and up) so that per-address limits hit them and not the probe, which runs in a
process of its own. Prints one line per check, the probe's latencies and the server's memory, then
'N passed, N failed'; exits 1 when a check failed.
"""
import argparse
import asyncio
import base64
import json
import multiprocessing
import os
import socket
import struct
import sys
import time

import websockets

PROBE_LIMIT_MS = 100  # --probe-limit-ms: a debug build of the server is given more


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))


def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


# ---------------------------------------------------------------- the probe (a process of its own)

def probe_main(ws_url, origin, stop, results):
    """An editor and a witness: every 200 ms the editor sets LastNameField; the latency is the time
    until the witness sees it. Puts the list of latencies (ms) and the misses in `results`."""

    async def run():
        async def hello():
            sock = await websockets.connect(ws_url, origin=origin, max_size=None)
            await sock.send(json.dumps({"type": "hello", "resume": None, "tab": os.urandom(8).hex()}))
            while json.loads(await sock.recv())["type"] != "reset":
                pass
            return sock

        editor, witness = await hello(), await hello()
        latencies, misses, index = [], [], 0
        while not stop.is_set():
            index += 1
            value = f"probe-{index}"
            sent = time.monotonic()
            await editor.send(json.dumps({"type": "edit", "id": "LastNameField", "value": value}))
            try:
                while True:
                    message = json.loads(await asyncio.wait_for(witness.recv(), 5))
                    if value in json.dumps(message):
                        break
                latencies.append((time.monotonic() - sent) * 1000)
            except (asyncio.TimeoutError, websockets.exceptions.ConnectionClosed) as error:
                misses.append(f"{value}: {error!r}")
                break
            await asyncio.sleep(0.2)
        results.put((latencies, misses))
        await editor.close()
        await witness.close()

    asyncio.run(run())


class Probe:
    limit_ms = PROBE_LIMIT_MS

    def __init__(self, ws_url, origin):
        self.stop = multiprocessing.Event()
        self.results = multiprocessing.Queue()
        self.process = multiprocessing.Process(target=probe_main, args=(ws_url, origin, self.stop, self.results))

    def __enter__(self):
        self.process.start()
        time.sleep(1.0)
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.latencies, self.misses = self.results.get(timeout=30)
        self.process.join(10)

    def check(self):
        if self.misses:
            raise AssertionError(f"the probe missed its patch: {self.misses[0]}")
        if not self.latencies:
            raise AssertionError("the probe measured nothing")
        ordered = sorted(self.latencies)
        worst = ordered[-1]
        p50 = ordered[len(ordered) // 2]
        print(f"    probe: {len(ordered)} edits, p50 {p50:.1f} ms, max {worst:.1f} ms", flush=True)
        if worst > self.limit_ms:
            raise AssertionError(f"a behaving client waited {worst:.0f} ms for its patch")


# ---------------------------------------------------------------- raw HTTP and WebSocket helpers

def raw_connect(host, port, source="127.0.0.1", timeout=15):
    sock = socket.create_connection((host, port), timeout=timeout, source_address=(source, 0))
    return sock


def read_response_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def ws_handshake(host, port, origin, source="127.0.0.1"):
    sock = raw_connect(host, port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (f"GET /socket HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n").encode())
    head = read_response_head(sock)
    if not head.startswith(b"HTTP/1.1 101"):
        raise AssertionError(f"no upgrade: {head[:60]!r}")
    return sock


def frame(opcode, payload, masked=True, fin=True):
    first = (0x80 if fin else 0) | opcode
    length = len(payload)
    if length < 126:
        header = struct.pack("!BB", first, (0x80 if masked else 0) | length)
    elif length < 65536:
        header = struct.pack("!BBH", first, (0x80 if masked else 0) | 126, length)
    else:
        header = struct.pack("!BBQ", first, (0x80 if masked else 0) | 127, length)
    if not masked:
        return header + payload
    mask = os.urandom(4)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_close_code(sock, timeout=10):
    """Reads frames until a close frame; returns its code (None if the socket just closed)."""
    sock.settimeout(timeout)
    data = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        while len(data) >= 2:
            opcode = data[0] & 0x0F
            length = data[1] & 0x7F
            offset = 2
            if length == 126:
                if len(data) < 4:
                    break
                length = struct.unpack("!H", data[2:4])[0]
                offset = 4
            elif length == 127:
                if len(data) < 10:
                    break
                length = struct.unpack("!Q", data[2:10])[0]
                offset = 10
            if len(data) < offset + length:
                break
            payload = data[offset:offset + length]
            data = data[offset + length:]
            if opcode == 0x8:
                return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
        try:
            chunk = sock.recv(65536)
        except (socket.timeout, ConnectionResetError):
            return None
        if not chunk:
            return None
        data += chunk
    return None


# ---------------------------------------------------------------- the checks

async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:18080")
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--churn-tabs", type=int, default=200,
                        help="tabs that connect at once in each round of the churn check (20 rounds in all)")
    parser.add_argument("--only", default=None, help="run only the checks whose name contains this")
    parser.add_argument("--probe-limit-ms", type=float, default=PROBE_LIMIT_MS,
                        help="the longest a behaving client may wait for its patch (100 ms: a release build)")
    arguments = parser.parse_args()
    Probe.limit_ms = arguments.probe_limit_ms
    origin = arguments.url.rstrip("/")
    host, port = origin.replace("http://", "").split(":")
    port = int(port)
    ws_url = f"ws://{host}:{port}/socket"
    pid = arguments.pid
    results = []

    async def check(name, body):
        if arguments.only and arguments.only not in name:
            return
        try:
            await body()
            results.append(True)
            print(f"ok - {name}", flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is reported, then the next check runs
            results.append(False)
            print(f"FAIL - {name}: {error!r}", flush=True)

    async def connect(source, tab=None, resume=None):
        sock = await websockets.connect(
            ws_url, origin=origin, max_size=None, ping_interval=None, local_addr=(source, 0))
        await sock.send(json.dumps({"type": "hello", "resume": resume, "tab": tab or os.urandom(8).hex()}))
        while True:
            message = json.loads(await asyncio.wait_for(sock.recv(), 10))
            if message["type"] in ("reset", "error"):
                return sock, message

    async def expect(sock, predicate, what, timeout=5):
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no {what}")
            message = json.loads(await asyncio.wait_for(sock.recv(), remaining))
            if predicate(message):
                return message

    def memory(label, baseline, limit_mib):
        now = rss_kib(pid)
        grown = (now - baseline) / 1024
        print(f"    {label}: resident {now // 1024} MiB ({grown:+.1f} MiB)", flush=True)
        if grown > limit_mib:
            raise AssertionError(f"{label}: resident memory grew {grown:.0f} MiB (limit {limit_mib})")

    async def nested_json():
        baseline = rss_kib(pid)
        with Probe(ws_url, origin) as probe:
            for round_ in range(10):
                sock, _ = await connect("127.0.0.2")
                for depth in (5, 50, 511, 4000):
                    text = '{"type":"edit","id":"FirstNameField","value":' + "[" * depth + "]" * depth + "}"
                    sent = time.monotonic()
                    await sock.send(text)
                    message = await expect(sock, lambda m: m["type"] == "error", f"error for depth {depth}")
                    elapsed = (time.monotonic() - sent) * 1000
                    if message["code"] not in ("tooDeep", "tooLarge"):
                        raise AssertionError(f"depth {depth}: {message['code']}")
                    if elapsed > 50:
                        raise AssertionError(f"depth {depth} took {elapsed:.0f} ms to refuse")
                await sock.close()
        probe.check()
        memory("after nested JSON", baseline, 16)

    async def odd_list_edits():
        sock, _ = await connect("127.0.0.2")
        for value in ("[" + ",".join(["0"] * 4000) + "]", "[-0]", "[1,1]"):
            await sock.send('{"type":"edit","id":"People","value":' + value + "}")
            message = await expect(sock, lambda m: m["type"] in ("error", "patch"), f"an answer to {value[:12]}")
            if message["type"] != "error" or message["code"] != "wrongValueType":
                raise AssertionError(f"{value[:12]}: {message}")
        await sock.close()

    async def hello_flood_on_one_socket():
        baseline = rss_kib(pid)
        sock, first = await connect("127.0.0.2")
        tokens = {first["session"]}
        codes = set()
        try:
            for _ in range(1000):
                await sock.send(json.dumps({"type": "hello", "resume": None}))
            while True:
                message = json.loads(await asyncio.wait_for(sock.recv(), 5))
                if message["type"] == "reset":
                    tokens.add(message["session"])
                elif message["type"] == "error":
                    codes.add(message["code"])
        except websockets.exceptions.ConnectionClosed as closed:
            if closed.rcvd is None or closed.rcvd.code != 1008:
                raise AssertionError(f"closed with {closed.rcvd}") from None
        if len(tokens) != 1:
            raise AssertionError(f"{len(tokens)} sessions for one socket")
        if "rateLimited" not in codes:
            raise AssertionError(f"no rateLimited error: {codes}")
        memory("after 1,000 hellos on one socket", baseline, 8)

    async def churn():
        baseline = rss_kib(pid)
        with Probe(ws_url, origin) as probe:
            per_session = []
            tabs = arguments.churn_tabs
            for round_ in range(2000 // tabs):
                before = rss_kib(pid)
                sockets = await asyncio.gather(
                    *(connect(f"127.0.{round_ + 2}.{index % 200 + 2}") for index in range(tabs)))
                per_session.append((rss_kib(pid) - before) * 1024 / tabs)
                await asyncio.gather(*(sock.close() for sock, _ in sockets))
            print(f"    resident memory per open session: {per_session[0] / 1024:.0f} KiB in the first round, "
                  f"{sorted(per_session)[len(per_session) // 2] / 1024:.0f} KiB median (pages reused after)", flush=True)
        probe.check()
        # 200 pages open at once are about 200 × 210 KiB (printed above), and the allocator keeps
        # what they freed: 55 to 65 MiB measured. Pages kept after their tab closed would be
        # 2,000 × 210 KiB, over 400 MiB; 96 MiB fails when a quarter of them stay.
        memory("after 2,000 tabs that said hello and closed", baseline, 96)

    async def address_cap():
        sockets = []
        try:
            for _ in range(64):
                sock, message = await connect("127.0.0.3")
                if message["type"] != "reset":
                    raise AssertionError(f"refused early: {message}")
                sockets.append(sock)
            sock, message = await connect("127.0.0.3")
            if message.get("code") != "tooManySessions":
                raise AssertionError(f"the 65th tab got {message}")
            try:
                await asyncio.wait_for(sock.recv(), 5)
            except websockets.exceptions.ConnectionClosed as closed:
                if closed.rcvd is None or closed.rcvd.code != 1013:
                    raise AssertionError(f"closed with {closed.rcvd}") from None
            other, message = await connect("127.0.0.1")
            if message["type"] != "reset":
                raise AssertionError("another address was refused too")
            await other.close()
        finally:
            await asyncio.gather(*(sock.close() for sock in sockets))

    async def expiry():
        baseline = rss_kib(pid)
        with Probe(ws_url, origin) as probe:
            for batch in range(5):
                sockets = await asyncio.gather(*(connect(f"127.1.{batch}.{i + 2}") for i in range(60)))
                await asyncio.gather(*(sock.close() for sock, _ in sockets))
            await asyncio.sleep(7)  # past the resume window of 5 s: the reaper ends them in slices
        probe.check()
        memory("after the waiting sessions expired", baseline, 32)

    async def idle_sockets():
        fds = fd_count(pid)
        silent = [raw_connect(host, port, f"127.0.4.{index % 3 + 1}") for index in range(300)]
        slow = [raw_connect(host, port, "127.0.4.9") for _ in range(50)]
        for sock in slow:
            sock.send(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        start = time.monotonic()

        async def trickle():
            while time.monotonic() - start < 13:
                for sock in slow:
                    try:
                        sock.send(b"a")
                    except OSError:
                        pass
                await asyncio.sleep(1)

        trickling = asyncio.create_task(trickle())
        answered = 0
        for sock in silent + slow:
            sock.settimeout(max(0.1, 13 - (time.monotonic() - start)))
            try:
                data = await asyncio.to_thread(sock.recv, 64)
            except socket.timeout:
                continue
            except OSError:  # reset: the server closed it while the client still wrote
                data = b""
            if data[9:12] == b"408" or not data:
                answered += 1
        elapsed = time.monotonic() - start
        trickling.cancel()
        for sock in silent + slow:
            sock.close()
        await asyncio.sleep(1)
        now = fd_count(pid)
        print(f"    {answered} of 350 idle or slow sockets got 408 after {elapsed:.1f} s; fds {fds} -> {now}", flush=True)
        if answered < 350:
            raise AssertionError(f"only {answered} of 350 idle or slow sockets were closed within 13 s")
        if now > fds + 5:
            raise AssertionError(f"{now - fds} file descriptors more than before")

    async def connection_cap():
        extra = []
        before = fd_count(pid)
        sockets = [raw_connect(host, port, "127.0.0.5") for _ in range(256)]
        try:
            # The server sets up accepted sockets on several event loops, so a later socket may be
            # counted before an earlier one; wait until it holds all 256 before going past the cap.
            deadline = time.monotonic() + 5
            while fd_count(pid) < before + 256 and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)
            for _ in range(5):
                sock = raw_connect(host, port, "127.0.0.5")
                sock.settimeout(10)
                try:
                    head = read_response_head(sock)
                except socket.timeout:
                    head = b"(nothing within 10 s)"
                extra.append(head[:21])
                sock.close()
            if any(not head.startswith(b"HTTP/1.1 503") for head in extra):
                raise AssertionError(f"connections past the cap got {extra}")
            started = time.monotonic()
            sock, _ = await connect("127.0.0.1")
            await sock.close()
            if time.monotonic() - started > 1:
                raise AssertionError("another address waited over 1 s")
        finally:
            for sock in sockets:
                sock.close()

    async def malformed_http():
        def exchange(request):
            sock = raw_connect(host, port, "127.0.0.6")
            sock.sendall(request)
            sock.settimeout(5)
            head = read_response_head(sock)
            sock.close()
            return head

        cases = [
            (b"GARBAGE\r\n\r\n", b"400"),
            (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"414"),
            (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 40000 + b"\r\n\r\n", b"431"),
            (b"GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", b"400"),
        ]
        for request, status in cases:
            head = exchange(request)
            if head[9:12] != status:
                raise AssertionError(f"{request[:20]!r}: {head[:40]!r} instead of {status!r}")
            if b"Referrer-Policy" not in head or b"Content-Security-Policy" not in head:
                raise AssertionError(f"{status!r} without the security headers")
        head = exchange(b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        if head[9:12] != b"200":
            raise AssertionError(f"HEAD /: {head[:40]!r}")
        head = exchange(b"GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        if head[9:12] != b"404" or b"Referrer-Policy" not in head or b"nosniff" not in head:
            raise AssertionError(f"404 without the security headers: {head!r}")

    async def clean_logs():
        sock, _ = await connect("127.0.0.7")
        await sock.send(json.dumps({"type": "action", "id": "a\nFAKE LOG\x1b[31m"}))
        await sock.send(json.dumps({"type": "\x1b]0;x\x07", "id": "x"}))
        await sock.send(json.dumps({"type": "edit", "id": "Nope\x1b[2J", "value": 1}))
        for _ in range(3):
            await expect(sock, lambda m: m["type"] == "error", "error")
        await sock.close()
        await asyncio.sleep(0.5)
        with open(arguments.log, "rb") as log:
            text = log.read()
        if b"\x1b" in text:
            raise AssertionError("an escape character reached the log")
        if any(line.startswith(b"FAKE") for line in text.splitlines()):
            raise AssertionError("a forged line reached the log")

    async def rate_limits():
        baseline = rss_kib(pid)
        with Probe(ws_url, origin) as probe:
            sock, _ = await connect("127.0.0.8")
            codes = []
            try:
                for index in range(5000):
                    await sock.send(json.dumps({"type": "edit", "id": "FirstNameField", "value": f"r{index}"}))
                while True:
                    message = json.loads(await asyncio.wait_for(sock.recv(), 5))
                    if message["type"] == "error":
                        codes.append(message["code"])
            except websockets.exceptions.ConnectionClosed as closed:
                if closed.rcvd is None or closed.rcvd.code != 1008:
                    raise AssertionError(f"closed with {closed.rcvd}") from None
            if "rateLimited" not in codes:
                raise AssertionError(f"no rateLimited error: {set(codes)}")
        probe.check()
        memory("after 5,000 edits from one socket", baseline, 16)

    async def close_codes():
        cases = [
            ("invalid UTF-8", frame(0x1, b'{"type":"hello","x":"\xff\xfe"}'), 1007),
            ("an unmasked frame", frame(0x1, b'{"type":"hello"}', masked=False), 1002),
            ("a 70 KB frame", frame(0x1, b"x" * 70_000), 1009),
            ("a reserved opcode", frame(0x3, b"x"), 1002),
            ("a ping without FIN", frame(0x9, b"x", fin=False), 1002),
        ]
        failures = []
        for name, data, code in cases:
            sock = ws_handshake(host, port, origin, "127.0.0.9")
            sock.sendall(data)
            got = read_close_code(sock)
            sock.close()
            if got != code:
                failures.append(f"{name}: {got} instead of {code}")
        if failures:
            raise AssertionError("; ".join(failures))

    async def duplicate_and_restart():
        original, reset = await connect("127.0.0.10", tab="aaaa1111")
        token = reset["session"]
        copy, copied = await connect("127.0.0.10", tab="bbbb2222", resume=token)
        if copied["session"] == token or copied.get("reason") != "duplicate":
            raise AssertionError(f"the copy got {copied.get('reason')} and the same token")
        await copy.send(json.dumps({"type": "edit", "id": "FirstNameField", "value": "from-the-copy"}))
        await expect(original, lambda m: "from-the-copy" in json.dumps(m), "the copy's edit on the original")
        other, restarted = await connect("127.0.0.10", resume="00000000" + "ab" * 16)
        if restarted.get("reason") != "serverRestarted":
            raise AssertionError(f"a token of another run got {restarted.get('reason')}")
        for sock in (original, copy, other):
            await sock.close()

    async def hello_deadline():
        sock = ws_handshake(host, port, origin, "127.0.0.11")
        started = time.monotonic()
        code = read_close_code(sock, timeout=15)
        elapsed = time.monotonic() - started
        sock.close()
        if code != 1008 or not 8 < elapsed < 13:
            raise AssertionError(f"closed with {code} after {elapsed:.1f} s")

    async def list_growth():
        sockets = await asyncio.gather(*(connect(f"127.0.20.{index + 2}") for index in range(30)))
        for sock, _ in sockets:
            for _ in range(20):
                await sock.send(json.dumps({"type": "action", "id": "AddButton"}))
        await asyncio.sleep(3)
        await asyncio.gather(*(sock.close() for sock, _ in sockets))
        sock, reset = await connect("127.0.20.100")
        rows = len(find(reset["tree"], "People").get("rows", []))
        await sock.close()
        print(f"    600 clicks of Add from 30 sockets: the list has {rows} people", flush=True)
        if rows > 500:
            raise AssertionError(f"the shared list grew to {rows}")

    def find(node, element_id):
        if node.get("id") == element_id:
            return node
        for child in node.get("children", []) + node.get("rows", []):
            found = find(child, element_id)
            if found:
                return found
        return None

    async def no_leak_per_socket():
        fds = fd_count(pid)
        sizes = []
        started = time.monotonic()

        async def round_of_2000(round_):
            for batch in range(20):
                sockets = await asyncio.gather(
                    *(connect(f"127.2.{round_ * 20 + batch}.{i + 2}") for i in range(100)))
                await asyncio.gather(*(sock.close() for sock, _ in sockets))
            await asyncio.sleep(2)
            sizes.append(rss_kib(pid))

        for round_ in range(5):
            await round_of_2000(round_)
        grown = (sizes[-1] - sizes[2]) / 1024  # after 6,000 sockets: the allocator has settled
        if grown > 2:
            # The allocator sometimes takes one step (a new arena, a heap top it keeps) that a
            # leak cannot be told from in one reading; a leak keeps growing with every round, a
            # step does not. Three more rounds decide.
            for round_ in range(5, 8):
                await round_of_2000(round_)
            grown = (sizes[-1] - sizes[4]) / 1024
        print(f"    resident after each 2,000 of {len(sizes) * 2000:,} sockets ({time.monotonic() - started:.0f} s): "
              f"{[s // 1024 for s in sizes]} MiB", flush=True)
        if grown > 2:
            raise AssertionError(f"{grown:.1f} MiB more after the last {(len(sizes) - 1 - (2 if len(sizes) == 5 else 4)) * 2000:,} sockets")
        if fd_count(pid) > fds + 5:
            raise AssertionError("file descriptors were left open")

    start_rss = rss_kib(pid)
    print(f"    server resident at start: {start_rss // 1024} MiB, fds {fd_count(pid)}", flush=True)
    await check("nested JSON is refused at once and holds up nobody", nested_json)
    await check("odd list selections get typed errors", odd_list_edits)
    await check("1,000 hellos on one socket keep one session, then the socket is closed", hello_flood_on_one_socket)
    await check("2,000 tabs that say hello and close keep memory bounded", churn)
    await check("an address past its session cap gets tooManySessions and 1013", address_cap)
    await check("waiting sessions expire without holding up other tabs", expiry)
    await check("idle and slow sockets are closed", idle_sockets)
    await check("connections past the per-address cap get a 503", connection_cap)
    await check("malformed HTTP gets 400, 414, 431; HEAD and 404 carry the headers", malformed_http)
    await check("client text reaches the log escaped", clean_logs)
    await check("a socket past its rate limits is refused, then closed with 1008", rate_limits)
    await check("protocol errors close with their RFC 6455 codes", close_codes)
    await check("a duplicated tab gets its own session; a restart is told", duplicate_and_restart)
    await check("a socket without hello is closed after 10 s", hello_deadline)
    await check("sockets opened and closed leave memory flat", no_leak_per_socket)
    await check("no client grows the shared list past its maximum", list_growth)
    print(f"    server resident at end: {rss_kib(pid) // 1024} MiB (start {start_rss // 1024} MiB)", flush=True)
    passed = sum(results)
    failed = len(results) - passed
    print(f"hostile clients: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
