"""A TCP forwarder a test can cut and restore: a database outage for the processes pointed at it alone.

The shared PostgreSQL (and every other engineer's connection to it) is untouched: only the connections
that pass through this proxy break. :meth:`CuttingProxy.cut` ends every connection through it and stops
listening (new connections are refused); :meth:`CuttingProxy.restore` listens again on the same port.
"""

from __future__ import annotations

import contextlib
import socket
import threading

from tests.support.server import free_port

ACCEPT_TICK = 0.1
"""Seconds an accept waits before it looks whether the proxy was cut."""


class CuttingProxy:
    """Forwards ``127.0.0.1:<port>`` to ``target`` (host, port) until cut."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = free_port()
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._listening = threading.Event()
        self.restore()

    def restore(self) -> None:
        """Listen (again) on :attr:`port` and forward every connection."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(128)
        listener.settimeout(ACCEPT_TICK)
        self._listening.set()
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        """End every connection through the proxy and refuse new ones (nothing listens)."""
        self._listening.clear()
        with self._lock:
            broken, self._open = self._open, []
        for end in broken:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def close(self) -> None:
        self.cut()

    def _accept(self, listener: socket.socket) -> None:
        with listener:
            while self._listening.is_set():
                try:
                    client, _ = listener.accept()
                except TimeoutError:
                    continue
                except OSError:
                    return
                self._forward(client)
        # leaving the block closed the listener: connections are refused until restore()

    def _forward(self, client: socket.socket) -> None:
        client.settimeout(None)
        try:
            upstream = socket.create_connection(self.target, timeout=5)
        except OSError:
            client.close()
            return
        upstream.settimeout(None)
        with self._lock:  # a connection accepted just as the proxy was cut is cut too, not kept open
            if not self._listening.is_set():
                for end in (client, upstream):
                    end.close()
                return
            self._open += [client, upstream]
        for source, sink in ((client, upstream), (upstream, client)):
            threading.Thread(target=_pump, args=(source, sink), daemon=True).start()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    """Copy bytes one way until either end closes; then close both."""
    try:
        while data := source.recv(65536):
            sink.sendall(data)
    except OSError:
        pass
    for end in (source, sink):
        with contextlib.suppress(OSError):
            end.shutdown(socket.SHUT_RDWR)
