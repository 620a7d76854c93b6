#!/usr/bin/env python3
"""Writes proto/vectors/*.json: example frames with the result a receiver must reach.

Each vector carries the frame as hex bytes (4-byte big-endian length, then the payload) and,
when the payload is JSON, the payload as JSON too. Run it after changing the cases below, then
run the Swift tests and proto/tools/validate.py, which check every vector.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "vectors")


def frame(payload: bytes) -> str:
    return (len(payload).to_bytes(4, "big") + payload).hex()


def compact(value) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def valid(name, message, decoded=None, raw=None):
    """A message that must decode; `decoded` is what re-encoding it gives, if not `message`."""
    payload = raw if raw is not None else compact(message)
    return {"name": name, "hex": frame(payload), "json": message,
            "expect": {"message": decoded if decoded is not None else message}}


def invalid(name, error, message=None, raw=None):
    """A payload that must be refused with `error`; `message` is its JSON when it is JSON."""
    payload = raw if raw is not None else compact(message)
    vector = {"name": name, "hex": frame(payload)}
    if message is not None:
        vector["json"] = message
    vector["expect"] = {"error": error}
    return vector


def envelope_errors(channel_type):
    """Errors every channel reports the same way."""
    return [
        invalid("not JSON: ends early", {"case": "invalidJSON", "offset": 24},
                raw=b'{"type":"ping","nonce":1'),
        invalid("not JSON: trailing comma", {"case": "invalidJSON", "offset": 22},
                raw=b'{"type":"sent","id":1,}'),
        invalid("not JSON: single quotes", {"case": "invalidJSON", "offset": 1}, raw=b"{'type':'ping'}"),
        invalid("invalid UTF-8 in a string", {"case": "invalidUTF8", "offset": 9},
                raw=b'{"type":"\xff"}'),
        invalid("an overlong UTF-8 encoding", {"case": "invalidUTF8", "offset": 9},
                raw=b'{"type":"\xc0\xaf"}'),
        invalid("a lone surrogate escape", {"case": "invalidJSON", "offset": 9},
                raw=b'{"type":"\\ud800"}'),
        invalid("an unescaped control character", {"case": "invalidJSON", "offset": 9},
                raw=b'{"type":"\x01"}'),
        invalid("a number past a double's range", {"case": "invalidJSON", "offset": 23},
                raw=b'{"type":"ping","nonce":1e400}'),
        invalid("an array, not an object", {"case": "notAnObject"}, [1, 2]),
        invalid("a string, not an object", {"case": "notAnObject"}, channel_type),
        invalid("null, not an object", {"case": "notAnObject"}, None, raw=b"null"),
        invalid("no type", {"case": "missingType"}, {"id": 1}),
        invalid("a numeric type", {"case": "missingType"}, {"type": 3}),
        invalid("an unknown type", {"case": "unknownType", "type": "launch"}, {"type": "launch"}),
    ]


def worker_vectors():
    E = 18446744073709551615
    return [
        valid("hello from a worker", {"type": "hello", "version": "1.0", "role": "worker", "kind": "search",
                                      "pid": 4242, "capabilities": ["cancel", "heartbeat"]}),
        valid("hello from the coordinator, no kind", {"type": "hello", "version": "1.3", "role": "coordinator",
                                                      "pid": 1, "capabilities": []}),
        valid("hello with an unknown field, ignored",
              {"type": "hello", "version": "1.9", "role": "worker", "pid": 7, "capabilities": [], "zone": "eu"},
              decoded={"type": "hello", "version": "1.9", "role": "worker", "pid": 7, "capabilities": []}),
        valid("run with a deadline", {"type": "run", "effect": 42, "generation": 1, "kind": "search",
                                      "job": {"query": "composable architecture", "page": 2},
                                      "deadlineMillis": 5000, "attempt": 1}),
        valid("run at the largest ids, no deadline", {"type": "run", "effect": E, "generation": 4294967295,
                                                      "kind": "pagination", "job": None, "attempt": 3}),
        valid("run with a null deadline reads as none",
              {"type": "run", "effect": 1, "generation": 0, "kind": "k", "job": [], "deadlineMillis": None,
               "attempt": 1},
              decoded={"type": "run", "effect": 1, "generation": 0, "kind": "k", "job": [], "attempt": 1}),
        valid("run with members in another order and spaces",
              {"attempt": 1, "job": {"a": [1, 2.5, "x", True, None]}, "kind": "k", "generation": 2, "effect": 9,
               "type": "run"},
              decoded={"type": "run", "effect": 9, "generation": 2, "kind": "k",
                       "job": {"a": [1, 2.5, "x", True, None]}, "attempt": 1},
              raw=b' { "attempt" : 1 , "job" : { "a" : [ 1 , 2.5 , "x" , true , null ] } , "kind" : "k" ,'
                  b' "generation" : 2 , "effect" : 9 , "type" : "run" } '),
        valid("emit with escapes and astral characters",
              {"type": "emit", "effect": 42, "generation": 1,
               "output": {"title": "Tab\t\"quote\" \\ \u00e9 \u65e5\u672c \U0001F600", "ok": True}},
              raw=b'{"type":"emit","effect":42,"generation":1,"output":{"title":'
                  b'"Tab\\t\\"quote\\" \\\\ \\u00e9 \xe6\x97\xa5\xe6\x9c\xac \\ud83d\\ude00","ok":true}}'),
        valid("emit numbered within its effect", {"type": "emit", "effect": 42, "generation": 2, "output": [1],
                                                  "sequence": 7}),
        valid("run resuming after delivered outputs", {"type": "run", "effect": 42, "generation": 2, "kind": "search",
                                                       "job": {}, "attempt": 2, "delivered": 7}),
        valid("finished", {"type": "finished", "effect": 42, "generation": 1}),
        valid("finished saying how many outputs its effect emitted",
              {"type": "finished", "effect": 42, "generation": 2, "outputs": 7}),
        valid("finished with a null outputs count reads as unknown",
              {"type": "finished", "effect": 42, "generation": 2, "outputs": None},
              decoded={"type": "finished", "effect": 42, "generation": 2}),
        valid("failed, retryable", {"type": "failed", "effect": 42, "generation": 1, "code": "timeout",
                                    "message": "The upstream took longer than 5 s.", "retryable": True}),
        valid("cancel", {"type": "cancel", "effect": 42, "generation": 1}),
        valid("ping", {"type": "ping", "nonce": 7}),
        valid("pong", {"type": "pong", "nonce": 7}),
        valid("heartbeat", {"type": "heartbeat", "inFlight": 3, "counters": {"requests": 120, "errors": 0}}),
        valid("heartbeat with an integral 1.0 count", {"type": "heartbeat", "inFlight": 1.0, "counters": {}},
              decoded={"type": "heartbeat", "inFlight": 1, "counters": {}}),
        valid("shutdown", {"type": "shutdown", "graceMillis": 2000}),
        invalid("ping without its nonce", {"case": "missingField", "type": "ping", "field": "nonce"},
                {"type": "ping"}),
        invalid("a nonce as a string", {"case": "mistypedField", "type": "ping", "field": "nonce",
                                        "expected": "a UInt64"}, {"type": "ping", "nonce": "7"}),
        invalid("a negative effect id", {"case": "mistypedField", "type": "finished", "field": "effect",
                                         "expected": "a UInt64"},
                {"type": "finished", "effect": -1, "generation": 1}),
        invalid("an effect id past UInt64", {"case": "mistypedField", "type": "finished", "field": "effect",
                                            "expected": "a UInt64"},
                {"type": "finished", "effect": 18446744073709551616, "generation": 1}),
        invalid("a negative outputs count", {"case": "mistypedField", "type": "finished", "field": "outputs",
                                            "expected": "a UInt64"},
                {"type": "finished", "effect": 1, "generation": 1, "outputs": -1}),
        invalid("a generation past UInt32", {"case": "mistypedField", "type": "cancel", "field": "generation",
                                            "expected": "a UInt32"},
                {"type": "cancel", "effect": 1, "generation": 4294967296}),
        invalid("a fractional attempt", {"case": "mistypedField", "type": "run", "field": "attempt",
                                        "expected": "an Int"},
                {"type": "run", "effect": 1, "generation": 1, "kind": "k", "job": {}, "attempt": 1.5}),
        invalid("run without its job", {"case": "missingField", "type": "run", "field": "job"},
                {"type": "run", "effect": 1, "generation": 1, "kind": "k", "attempt": 1}),
        invalid("retryable as a string", {"case": "mistypedField", "type": "failed", "field": "retryable",
                                         "expected": "a Bool"},
                {"type": "failed", "effect": 1, "generation": 1, "code": "c", "message": "m",
                 "retryable": "yes"}),
        invalid("a counter that is not an integer", {"case": "mistypedField", "type": "heartbeat",
                                                    "field": "counters.requests", "expected": "an Int64"},
                {"type": "heartbeat", "inFlight": 0, "counters": {"requests": "many"}}),
        invalid("capabilities as a string", {"case": "mistypedField", "type": "hello", "field": "capabilities",
                                            "expected": "an array"},
                {"type": "hello", "version": "1.0", "role": "worker", "pid": 1, "capabilities": "all"}),
        invalid("a control message on the worker channel", {"case": "unknownType", "type": "status"},
                {"type": "status", "id": 1}),
    ] + envelope_errors("ping")


def control_vectors():
    report = {
        "coordinator": {"pid": 100, "version": "1.0", "runDir": "/run/switchyard", "uptimeSeconds": 3600.5,
                        "stateBytes": 20480, "actionsTotal": 123456, "actionsPerSecond": 12.25},
        "pools": [{"kind": "search", "size": 2, "target": 3, "busy": 1, "queued": 0, "started": 905,
                   "completed": 900, "failed": 2, "cancelled": 2, "retried": 5, "restarts": 1,
                   "latencyP50Micros": 1800, "latencyP90Micros": 9000, "latencyP99Micros": 25000,
                   "latencyMaxMicros": 61000, "health": "degraded", "counters": {"requests": 907}}],
        "workers": [{"pid": 101, "kind": "search", "state": "ready", "inFlight": 1, "completed": 600, "failed": 2,
                     "lastHeartbeatMillisAgo": 250, "counters": {"requests": 604}},
                    {"pid": 102, "kind": "search", "state": "starting", "inFlight": 0, "completed": 0, "failed": 0,
                     "counters": {}}],
    }
    nan_report = json.loads(json.dumps(report))
    nan_report["coordinator"]["actionsPerSecond"] = None
    return [
        valid("hello from a client", {"type": "hello", "version": "1.0", "role": "client", "pid": 77,
                                      "capabilities": ["subscribe"]}),
        valid("status", {"type": "status", "id": 1}),
        valid("statusReport", {"type": "statusReport", "id": 1, "report": report}),
        valid("statusReport with a NaN rate as null", {"type": "statusReport", "id": 1, "report": nan_report}),
        valid("state of the whole store", {"type": "state", "id": 2, "path": ""}),
        valid("state at a path", {"type": "state", "id": 3, "path": "sessions.0.search"}),
        valid("stateSlice", {"type": "stateSlice", "id": 3, "path": "sessions.0.search",
                             "value": {"query": "tca", "results": [], "isLoading": False}}),
        valid("subscribe", {"type": "subscribe", "id": 4, "path": "feed.items"}),
        valid("stateChanged", {"type": "stateChanged", "id": 4, "path": "feed.items", "value": [{"id": 1}]}),
        valid("unsubscribe", {"type": "unsubscribe", "id": 4}),
        valid("unsubscribed", {"type": "unsubscribed", "id": 4}),
        valid("send an action with associated values",
              {"type": "send", "id": 5, "action": {"element": {"id": 1, "action": {"tapped": {}}}}}),
        valid("sent", {"type": "sent", "id": 5}),
        valid("sent with the action's journal sequence", {"type": "sent", "id": 5, "sequence": 42}),
        valid("scale", {"type": "scale", "id": 6, "pools": {"search": 4, "websocket": 1}}),
        valid("scaled", {"type": "scaled", "id": 6, "pools": {"search": 4, "websocket": 1}}),
        valid("error for a request", {"type": "error", "id": 7, "code": "unknownPath",
                                      "message": "There is no state at sessions.9."}),
        valid("error while shutting down", {"type": "error", "id": 8, "code": "shuttingDown",
                                            "message": "The coordinator is shutting down."}),
        valid("error without an id", {"type": "error", "code": "badRequest",
                                      "message": "The request has no id."}),
        invalid("status without its id", {"case": "missingField", "type": "status", "field": "id"},
                {"type": "status"}),
        invalid("state without its path", {"case": "missingField", "type": "state", "field": "path"},
                {"type": "state", "id": 1}),
        invalid("a negative request id", {"case": "mistypedField", "type": "sent", "field": "id",
                                         "expected": "a UInt64"}, {"type": "sent", "id": -5}),
        invalid("scale with a fractional size", {"case": "mistypedField", "type": "scale", "field": "pools.search",
                                                "expected": "an Int"},
                {"type": "scale", "id": 1, "pools": {"search": 2.5}}),
        invalid("a pool without its kind", {"case": "missingField", "type": "statusReport",
                                           "field": "report.pools[0].kind"},
                {"type": "statusReport", "id": 1,
                 "report": {**report, "pools": [{k: v for k, v in report["pools"][0].items() if k != "kind"}]}}),
        invalid("a pool without its started count", {"case": "missingField", "type": "statusReport",
                                                     "field": "report.pools[0].started"},
                {"type": "statusReport", "id": 1,
                 "report": {**report, "pools": [{k: v for k, v in report["pools"][0].items() if k != "started"}]}}),
        invalid("a worker count as a string", {"case": "mistypedField", "type": "statusReport",
                                              "field": "report.workers[1].inFlight", "expected": "an Int"},
                {"type": "statusReport", "id": 1,
                 "report": {**report, "workers": [report["workers"][0], {**report["workers"][1], "inFlight": "0"}]}}),
        invalid("a worker message on the control channel", {"case": "unknownType", "type": "run"},
                {"type": "run", "effect": 1, "generation": 1, "kind": "k", "job": {}, "attempt": 1}),
    ] + envelope_errors("status")


def frame_vectors():
    def stream(*payloads):
        return b"".join(len(p).to_bytes(4, "big") + p for p in payloads).hex()

    return [
        {"name": "one frame", "hex": stream(b"{}"), "expect": {"payloads": ["7b7d"]}},
        {"name": "three frames in one read", "hex": stream(b"{}", b'{"a":1}', b"[]"),
         "expect": {"payloads": ["7b7d", b'{"a":1}'.hex(), "5b5d"]}},
        {"name": "a frame of exactly the limit", "maxFrameLength": 2, "hex": stream(b"{}"),
         "expect": {"payloads": ["7b7d"]}},
        {"name": "an empty stream", "hex": "", "expect": {"payloads": []}},
        {"name": "a zero-length frame", "hex": "00000000", "expect": {"payloads": [], "error": {"case": "emptyFrame"}}},
        {"name": "a zero-length frame after a good one", "hex": stream(b"{}") + "00000000",
         "expect": {"payloads": ["7b7d"], "error": {"case": "emptyFrame"}}},
        {"name": "a length over the configured limit", "maxFrameLength": 1024, "hex": "00000401",
         "expect": {"payloads": [], "error": {"case": "lengthOverLimit", "length": 1025, "limit": 1024}}},
        {"name": "a 4 GiB length is refused before any payload", "hex": "ffffffff7b",
         "expect": {"payloads": [], "error": {"case": "lengthOverLimit", "length": 4294967295,
                                              "limit": 16777216}}},
        {"name": "a header cut short at end of stream", "hex": "0000",
         "expect": {"payloads": [], "error": {"case": "truncatedHeader", "received": 2}}},
        {"name": "a payload cut short at end of stream", "hex": "0000000a7b22",
         "expect": {"payloads": [], "error": {"case": "truncatedPayload", "expected": 10, "received": 2}}},
        {"name": "a good frame, then a cut header", "hex": stream(b"{}") + "000000",
         "expect": {"payloads": ["7b7d"], "error": {"case": "truncatedHeader", "received": 3}}},
    ]


def write(name, description, channel, vectors):
    document = {"description": description, "channel": channel, "vectors": vectors}
    with open(os.path.join(OUT, name), "w") as file:
        json.dump(document, file, indent=2, ensure_ascii=False)
        file.write("\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    write("worker.json", "Frames between the coordinator and a worker: each hex is one whole frame.", "worker",
          worker_vectors())
    write("control.json", "Frames on the control socket: each hex is one whole frame.", "control",
          control_vectors())
    write("frames.json", "Byte streams and the payloads a frame decoder must split them into.", "frames",
          frame_vectors())


if __name__ == "__main__":
    main()
