"""The verdict feed: one publisher (the match table), many Server-Sent-Events listeners."""

from __future__ import annotations

import queue
import threading
from typing import Any

Message = tuple[str, dict[str, Any]]   # (kind, payload): kind is 'verdict', 'state', 'question'


class VerdictFeed:
    """Fan-out of messages to every open listener; a listener too slow to keep up is dropped
    (its browser reconnects and gets the current state) rather than slowing the referee."""

    def __init__(self, backlog: int = 256) -> None:
        self._listeners: set[queue.Queue[Message | None]] = set()
        self._lock = threading.Lock()
        self._backlog = backlog

    def subscribe(self) -> queue.Queue[Message | None]:
        listener: queue.Queue[Message | None] = queue.Queue(maxsize=self._backlog)
        with self._lock:
            self._listeners.add(listener)
        return listener

    def unsubscribe(self, listener: queue.Queue[Message | None]) -> None:
        with self._lock:
            self._listeners.discard(listener)

    def publish(self, kind: str, payload: dict[str, Any]) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener.put_nowait((kind, payload))
            except queue.Full:
                self.unsubscribe(listener)
                # None tells the generator to end, so the browser reconnects and resyncs.
                try:
                    listener.get_nowait()
                    listener.put_nowait(None)
                except (queue.Empty, queue.Full):
                    pass

    def close_all(self) -> None:
        with self._lock:
            listeners, self._listeners = list(self._listeners), set()
        for listener in listeners:
            try:
                listener.put_nowait(None)
            except queue.Full:
                pass

    @property
    def listener_count(self) -> int:
        with self._lock:
            return len(self._listeners)
