"""The latest video frame, written by the one capture thread and read by every MJPEG client."""

from __future__ import annotations

import threading


class FrameHub:
    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._jpeg: bytes | None = None
        self._number = 0
        self._closed = False

    def publish(self, jpeg: bytes) -> None:
        with self._condition:
            self._jpeg = jpeg
            self._number += 1
            self._condition.notify_all()

    def latest(self) -> tuple[int, bytes | None]:
        with self._condition:
            return self._number, self._jpeg

    def wait_newer(self, seen: int, timeout: float) -> tuple[int, bytes | None]:
        """The next frame after number `seen`, or the same one again after `timeout` seconds
        (re-sending keeps proxies and browsers from dropping an idle stream)."""
        with self._condition:
            self._condition.wait_for(lambda: self._number != seen or self._closed, timeout)
            return self._number, self._jpeg

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify_all()

    @property
    def closed(self) -> bool:
        return self._closed
