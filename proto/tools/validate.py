#!/usr/bin/env python3
"""Checks proto/schema and proto/vectors against each other with a standard validator.

Every schema must be valid draft 2020-12; every vector's frame must hold the JSON it shows;
every vector expected to decode must validate against its channel's schema, and every vector
refused for its shape (missing, mistyped or unknown fields) must not. Needs `pip install jsonschema`.
Exits 0 when all checks pass, 1 otherwise, printing one line per failure.
"""
import json
import os
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "..", "schema")
VECTORS = os.path.join(HERE, "..", "vectors")
SHAPE_ERRORS = {"notAnObject", "missingType", "unknownType", "missingField", "mistypedField"}
BASE = "https://switchyard.invalid/proto/schema/"


def load_registry():
    resources = []
    for name in sorted(os.listdir(SCHEMAS)):
        with open(os.path.join(SCHEMAS, name)) as file:
            schema = json.load(file)
        Draft202012Validator.check_schema(schema)
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def main():
    registry = load_registry()
    failures = []
    checked = 0
    for channel in ("worker", "control"):
        with open(os.path.join(VECTORS, channel + ".json")) as file:
            vectors = json.load(file)["vectors"]
        validator = Draft202012Validator({"$ref": BASE + channel + "-message.json"}, registry=registry)
        for vector in vectors:
            name = f"{channel}: {vector['name']}"
            frame = bytes.fromhex(vector["hex"])
            length = int.from_bytes(frame[:4], "big")
            if length != len(frame) - 4:
                failures.append(f"{name}: the header says {length} bytes but {len(frame) - 4} follow")
            if "json" not in vector:
                continue
            if json.loads(frame[4:]) != vector["json"]:
                failures.append(f"{name}: the frame's payload is not the vector's json")
            errors = list(validator.iter_errors(vector["json"]))
            expect = vector["expect"]
            if "message" in expect and errors:
                failures.append(f"{name}: should validate but {errors[0].message}")
            if "error" in expect and expect["error"]["case"] in SHAPE_ERRORS and not errors:
                failures.append(f"{name}: should not validate, since receivers refuse it with {expect['error']}")
            if "message" in expect and list(validator.iter_errors(expect["message"])):
                failures.append(f"{name}: the expected decoded message does not validate")
            checked += 1
    for failure in failures:
        print(failure)
    print(f"{checked} vectors checked against the schema, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
