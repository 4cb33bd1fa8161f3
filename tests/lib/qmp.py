#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""qmp.py SOCKET COMMAND [ARGS-JSON]: send one QMP command to a QEMU.

Waits up to 30 s for the socket, negotiates capabilities, sends COMMAND
with the arguments ARGS-JSON (an object), and prints the answer.  With
COMMAND device_del it also waits up to 60 s for the DEVICE_DELETED event
(the guest let go of the device), or for SHUTDOWN (the guest powered off
first: its run ended without the disk before the eject completed).  Exits 0 on success, 1 on an error
answer or a timeout.
"""
import json
import socket
import sys
import time


def main():
    path, command = sys.argv[1], sys.argv[2]
    args = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    deadline = time.time() + 30
    while True:
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            break
        except OSError as e:
            if time.time() > deadline:
                print(f"qmp.py: could not connect to {path}: {e}", file=sys.stderr)
                return 1
            time.sleep(0.2)
    f = s.makefile("rw")

    def send(cmd, arguments=None):
        msg = {"execute": cmd}
        if arguments:
            msg["arguments"] = arguments
        f.write(json.dumps(msg) + "\n")
        f.flush()
        while True:
            line = f.readline()
            if not line:
                raise EOFError("QEMU closed the QMP socket")
            answer = json.loads(line)
            if "return" in answer or "error" in answer:
                return answer
            print(json.dumps(answer))

    json.loads(f.readline())  # the greeting
    send("qmp_capabilities")
    answer = send(command, args)
    print(json.dumps(answer))
    if "error" in answer:
        return 1
    if command == "device_del":
        s.settimeout(60)
        try:
            while True:
                line = f.readline()
                if not line:
                    return 1
                event = json.loads(line)
                print(json.dumps(event))
                if event.get("event") == "DEVICE_DELETED" and \
                        event.get("data", {}).get("device") == args.get("id"):
                    return 0
                # The guest may power off (the run ended without its disk)
                # before its ACPI eject completes: the unplug was taken.
                if event.get("event") == "SHUTDOWN":
                    print("qmp.py: the guest shut down before DEVICE_DELETED")
                    return 0
        except socket.timeout:
            print("qmp.py: no DEVICE_DELETED within 60 s", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
