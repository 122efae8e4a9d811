"""``backroom up`` on a busy machine: a port found free was taken by someone else before the process
could bind it, and the process died before it was ready (:mod:`api.cli.deployment`)."""

from __future__ import annotations

import socket
import sys

from api.cli.deployment import Child, Deployment, free_port

LISTENS = """
import http.server, sys

class Ready(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()

    def log_message(self, *_):
        pass

http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Ready).serve_forever()
"""
"""A process that answers every GET with 200 on the port it is given, or dies when that port is taken."""


def _listens(port: int) -> tuple[list[str], dict[str, str]]:
    return [sys.executable, "-c", LISTENS, str(port)], {}


def test_a_process_whose_free_port_was_taken_before_it_bound_it_starts_again_on_another() -> None:
    """Its port was any free one (``--port 0``): it is started again on another, and all are ready."""
    first = free_port()
    taken = socket.create_server(("127.0.0.1", first))  # someone else's, between the choice and the bind
    said: list[str] = []
    child = Child("api.1", _listens, first, any_port=True)
    deployment = Deployment([child], said.append)
    try:
        deployment.start()
        assert deployment.wait_ready(timeout=30), said
    finally:
        deployment.stop(grace=5)
        taken.close()
    assert child.port != first and child.restarts == 1
    assert said[1].startswith("api.1 ended (1) before it was ready; starting it again"), said
    assert said[2] == f"started api.1 (pid {child.process.pid if child.process else '?'}) on {child.url}"
