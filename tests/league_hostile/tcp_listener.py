"""Attack: open a TCP connection to a server on the machine (the test's listener)."""
import socket

from _hostile import PARAMS, attempt, report


def connect():
    with socket.create_connection(("127.0.0.1", PARAMS["tcp_port"]), timeout=2) as s:
        s.sendall(b"stolen data\n")


def choose(state):
    report(tcp=attempt(connect))
