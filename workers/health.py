"""A worker's ``/health``, ``/ready`` and ``/metrics``, served by the standard library's WSGI server.

The probes a supervisor or Kubernetes asks a worker process (``BACKROOM_WORKER_PORT``): ``/health``
(liveness) is 200 while the worker's loop makes progress, and through an outage of its stores shorter
than ``BACKROOM_WORKER_OUTAGE_SECONDS`` (the last successful step no longer ago than that: a restart
brings no database back, and a step may wait out the library's connection pool for a while before it
fails); ``/ready`` once it has caught up with the log and while its steps succeed; ``/metrics`` the
worker's Prometheus metrics (prometheus-client's own WSGI app). A worker whose steps still fail past the
allowance, or whose loop hangs that long, fails ``/health`` and is restarted; its partitions lapsed to
the other workers long before (``BACKROOM_LEASE_SECONDS``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, make_wsgi_app

Check = Callable[[], bool]


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Probes every few seconds: not worth a log line each."""


def probes(healthy: Check, ready: Check, registry: CollectorRegistry) -> Callable[..., Iterable[bytes]]:
    """The WSGI app answering the three paths."""
    metrics = make_wsgi_app(registry)

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/metrics":
            return metrics(environ, start_response)  # type: ignore[no-any-return]  # the library's app
        checks = {"/health": healthy, "/ready": ready}
        if path not in checks:
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found\n"]
        good = checks[path]()
        start_response("200 OK" if good else "503 Service Unavailable", [("Content-Type", "text/plain")])
        return [b"ok\n" if good else b"not yet\n"]

    return app


def serve_probes(port: int, healthy: Check, ready: Check, registry: CollectorRegistry) -> WSGIServer:
    """Serve the probes on ``port`` (all interfaces) on a daemon thread; ``shutdown()`` stops it."""
    server = make_server("0.0.0.0", port, probes(healthy, ready, registry), handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, name="probes", daemon=True).start()
    return server
