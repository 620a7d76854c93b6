#!/usr/bin/env python3
"""The inspector's cost under load: the demo coordinator's actions/s with and without 50 pages.

Usage: inspector_load.py SWITCHYARD_BINARY [ROUNDS] [SECONDS] [USERS]
Starts `switchyard start --demo --http 127.0.0.1:0` in a temporary run directory, then runs
`switchyard load --users USERS` ROUNDS times without inspector clients and ROUNDS times with 50
WebSocket clients that behave like the page (interleaved, so drift hits both alike), and prints the medians
and the drop. A benchmark, not a test: run it on a release build of an otherwise idle machine.
Exits 1 if the drop exceeds 10 %. Every process it starts is killed at the end.
"""
import asyncio, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

import websockets

CLIENTS = 50


async def load(binary, run_dir, users, seconds):
    process = await asyncio.create_subprocess_exec(
        binary, "load", "--run-dir", run_dir, "--users", str(users), "--duration", str(seconds),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(process.communicate(), seconds + 60)
    text = output.decode()
    match = re.search(r"into the store [\d,]+\s+\(([\d.]+) actions/s\)", text)
    if not match:
        raise SystemExit(f"switchyard load printed no rate:\n{text}")
    return float(match.group(1))


async def page(url, counts, stop):
    """A page as the browser runs it: reads everything, and after new actions asks for the live
    state (at most every 300 ms) and the history (at most every 500 ms)."""
    async with websockets.connect(url, max_size=None) as socket:
        counts["connected"] += 1
        next_id, due = 0, {"state": 0.0, "history": 0.0}
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(socket.recv(), 0.5)
            except asyncio.TimeoutError:
                continue
            counts["messages"] += 1
            # States are counted, not parsed: a browser parses them on its own machine, while
            # here every process shares this one's cores with the coordinator.
            if raw.startswith('{"type":"state"'):
                counts["states"] += 1
                continue
            message = json.loads(raw)
            if message.get("type") != "actions" or not message["entries"]:
                continue
            now = time.monotonic()
            for kind, interval in (("state", 0.3), ("history", 0.5)):
                if now >= due[kind]:
                    due[kind] = now + interval
                    next_id += 1
                    await socket.send(json.dumps({"id": next_id, "type": kind}))


async def with_pages(url, binary, run_dir, users, seconds):
    counts, stop = {"connected": 0, "messages": 0, "states": 0}, asyncio.Event()
    pages = [asyncio.create_task(page(url, counts, stop)) for _ in range(CLIENTS)]
    while counts["connected"] < CLIENTS:
        await asyncio.sleep(0.05)
    try:
        return await load(binary, run_dir, users, seconds), counts["messages"], counts["states"]
    finally:
        stop.set()
        await asyncio.gather(*pages, return_exceptions=True)


async def main():
    binary = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    users = int(sys.argv[4]) if len(sys.argv) > 4 else 32
    run_dir = tempfile.mkdtemp(prefix="sy-inspector-load-")
    log = open(os.path.join(run_dir, "coordinator.log"), "w+")
    coordinator = subprocess.Popen(
        [binary, "start", "--demo", "--run-dir", os.path.join(run_dir, "run"), "--grace-ms", "1000", "--http", "127.0.0.1:0"],
        stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + 30
        url = None
        while url is None:
            log.seek(0)
            found = re.search(r"inspector serving (http://127\.0\.0\.1:\d+/)", log.read())
            if found:
                url = found.group(1).replace("http://", "ws://") + "socket"
            elif time.monotonic() > deadline or coordinator.poll() is not None:
                raise SystemExit("the demo coordinator did not start its inspector")
            else:
                await asyncio.sleep(0.1)
        await load(binary, os.path.join(run_dir, "run"), users, 2)  # warm up: sessions, workers, caches
        without, with_clients, messages, states = [], [], 0, 0
        for round in range(rounds):
            without.append(await load(binary, os.path.join(run_dir, "run"), users, seconds))
            rate, received, answered = await with_pages(url, binary, os.path.join(run_dir, "run"), users, seconds)
            with_clients.append(rate)
            messages += received
            states += answered
            print(f"round {round + 1}: {without[-1]:.1f} actions/s without pages, {rate:.1f} with {CLIENTS}", flush=True)
        base, loaded = statistics.median(without), statistics.median(with_clients)
        drop = (base - loaded) / base * 100
        print(f"median: {base:.1f} actions/s without pages, {loaded:.1f} with {CLIENTS} pages reading "
              f"({messages} messages received, {states} of them live states): {drop:+.1f} % drop (limit 10 %)")
        return 0 if drop <= 10 else 1
    finally:
        coordinator.terminate()
        try:
            coordinator.wait(10)
        except subprocess.TimeoutExpired:
            coordinator.kill()
            coordinator.wait()
        shutil.rmtree(run_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
