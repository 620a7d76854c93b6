"""A WebSocket server from the `websockets` package, as an independent peer for SwitchyardNet's client.

Listens on 127.0.0.1, port 0, prints the port on the first line of stdout, and echoes every
message. A few text commands exercise what an echo cannot:
  "fragments"  -> sends the text message "one two three" as three fragments
  "ping-me"    -> pings the client, waits for its pong, then sends "pong received"
  "close:CODE" -> closes the connection with CODE and the reason "asked to"
Exits by itself after LIFETIME seconds so that a forgotten process cannot outlive the test run.
"""

import asyncio
import sys

from websockets.asyncio.server import serve

LIFETIME = 30


async def handle(websocket):
    async for message in websocket:
        if message == "fragments":
            await websocket.send(["one ", "two ", "three"])
        elif message == "ping-me":
            pong = await websocket.ping()
            await asyncio.wait_for(pong, timeout=5)
            await websocket.send("pong received")
        elif isinstance(message, str) and message.startswith("close:"):
            await websocket.close(code=int(message[6:]), reason="asked to")
        else:
            await websocket.send(message)


async def main():
    # A client's handshake gets 50 s, not the library's 10 s: in a loaded full run our client
    # waits for a cooperative pool that every other test shares.
    async with serve(handle, "127.0.0.1", 0, max_size=16 * 1024 * 1024, open_timeout=50) as server:
        port = server.sockets[0].getsockname()[1]
        print(port, flush=True)
        await asyncio.sleep(LIFETIME)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
