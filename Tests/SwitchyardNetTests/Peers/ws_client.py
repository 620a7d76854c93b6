"""A WebSocket client from the `websockets` package, as an independent peer for SwitchyardNet's server.

Usage: ws_client.py ws://127.0.0.1:PORT/echo
Against an echo route it sends text, binary, a fragmented message, a 1 MiB message and a ping,
checks every echo, then closes with code 1000. Prints one line per check and "ok" at the end;
exits 1 on the first failure. Gives up after TIMEOUT seconds.
"""

import asyncio
import sys

from websockets.asyncio.client import connect

TIMEOUT = 50


async def run(url):
    # The default offer of permessage-deflate stays: our server must decline it correctly. The
    # handshake gets the whole TIMEOUT, not the library's 10 s: in a loaded full run the server's
    # routes wait for a cooperative pool that every other test shares.
    async with connect(url, max_size=16 * 1024 * 1024, open_timeout=TIMEOUT) as websocket:
        checks = [
            ("text", "héllo from python", "héllo from python"),
            ("binary", bytes(range(256)), bytes(range(256))),
            ("fragmented", ["frag", "mented ", "text"], "fragmented text"),
            ("one MiB", bytes(i % 251 for i in range(1 << 20)), bytes(i % 251 for i in range(1 << 20))),
        ]
        for name, sent, expected in checks:
            await websocket.send(sent)
            received = await websocket.recv()
            if received != expected:
                raise AssertionError(f"{name}: echo differs ({len(received)} vs {len(expected)} items)")
            print(f"{name}: echoed", flush=True)
        pong = await websocket.ping(b"python")
        await asyncio.wait_for(pong, timeout=5)
        print("ping: answered", flush=True)
        await websocket.close(code=1000, reason="python done")
        if websocket.close_code != 1000:
            raise AssertionError(f"close: the server answered {websocket.close_code}, expected 1000")
        print("close: 1000 echoed", flush=True)


def main():
    try:
        asyncio.run(asyncio.wait_for(run(sys.argv[1]), timeout=TIMEOUT))
    except Exception as error:  # Any failure is reported the same way: a line and exit code 1.
        print(f"FAILED: {type(error).__name__}: {error}", flush=True)
        sys.exit(1)
    print("ok", flush=True)


if __name__ == "__main__":
    main()
