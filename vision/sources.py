"""Frame sources: a webcam, a video file, a network stream or a folder of images.

Each source runs ONE capture thread that keeps only the newest frame, so a slow consumer (the
detector) never blocks the camera and always works on the present, not on a backlog. A source that
drops out is reopened with exponential backoff; its `status()` says so (for the dashboard) and the
frame numbers keep counting, so the game state downstream is never lost.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
STREAM_SCHEMES = ("rtsp://", "rtsps://", "http://", "https://", "rtmp://", "udp://", "tcp://")


@dataclass(frozen=True)
class FramePacket:
    """One captured frame: `number` counts from 0 over the source's whole life (reconnects
    included); `time` is seconds since the source started (media time for files and folders)."""

    frame: np.ndarray
    number: int
    time: float


@dataclass(frozen=True)
class SourceStatus:
    """What the dashboard shows about a source.

    state: "connecting", "live", "reconnecting" (an outage; `retry_in` seconds to the next try),
    "ended" (a file or folder played through) or "stopped".
    """

    name: str
    state: str
    frames: int = 0
    outages: int = 0
    message: str = ""
    retry_in: float = 0.0

    def to_dict(self) -> dict:
        return {"name": self.name, "state": self.state, "frames": self.frames,
                "outages": self.outages, "message": self.message,
                "retry_in": round(self.retry_in, 2)}


@dataclass
class Backoff:
    """Exponential backoff: initial, initial*factor, ... capped at `maximum` seconds."""

    initial: float = 0.5
    factor: float = 2.0
    maximum: float = 30.0
    attempts: int = 0

    def next_delay(self) -> float:
        delay = min(self.maximum, self.initial * self.factor ** self.attempts)
        self.attempts += 1
        return delay

    def reset(self) -> None:
        self.attempts = 0


class FrameReader(Protocol):
    """The part of `cv2.VideoCapture` a source needs; tests inject fakes."""

    def read(self) -> tuple[bool, np.ndarray | None]: ...

    def release(self) -> None: ...


class FrameSource:
    """A capture thread over a reader that `open_reader()` makes; subclasses say how to open.

    `latest()` returns the newest packet without waiting; `next_packet(after)` waits for one newer
    than frame `after`. With `lossless=True` (files and folders, for evaluation) the thread waits
    until each frame was taken, so nothing is dropped and the consumer sets the pace.
    """

    #: a finite source (file, folder) ends at its last frame instead of reconnecting
    finite = False

    def __init__(self, name: str, *, fps: float | None = None, realtime: bool = False,
                 lossless: bool = False, backoff: Backoff | None = None,
                 max_attempts: int | None = None,
                 on_status: Callable[[SourceStatus], None] | None = None) -> None:
        self.name = name
        self.fps = fps
        self.realtime = realtime
        self.lossless = lossless
        self.backoff = backoff or Backoff()
        self.max_attempts = max_attempts  # None: retry for ever (a live camera)
        self.on_status = on_status
        self._status = SourceStatus(name, "connecting")
        self._packet: FramePacket | None = None
        self._taken = -1  # number of the newest packet a consumer took (lossless mode)
        self._count = 0
        self._condition = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._started_at = 0.0

    # -- what subclasses provide ------------------------------------------------------------

    def open_reader(self) -> FrameReader:
        raise NotImplementedError

    def media_time(self, reader: FrameReader, index: int) -> float | None:
        """Timestamp of the index-th frame since this reader opened; None: use the clock."""
        return index / self.fps if self.finite and self.fps else None

    # -- consumer side ----------------------------------------------------------------------

    def start(self) -> FrameSource:
        if self._thread is None:
            self._started_at = time.monotonic()
            self._thread = threading.Thread(target=self._run, name=f"capture {self.name}",
                                            daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        with self._condition:
            self._condition.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FrameSource:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def status(self) -> SourceStatus:
        with self._condition:
            return self._status

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def latest(self) -> FramePacket | None:
        with self._condition:
            packet = self._packet
            if packet is not None:
                self._taken = max(self._taken, packet.number)
                self._condition.notify_all()
            return packet

    def next_packet(self, after: int = -1, timeout: float | None = None) -> FramePacket | None:
        """The newest packet numbered above `after`; None on timeout or once the source ended."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._condition:
            while self._packet is None or self._packet.number <= after:
                if not self.running and self._thread is not None:
                    return None
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return None
                self._condition.wait(0.1 if remaining is None else min(remaining, 0.1))
            self._taken = max(self._taken, self._packet.number)
            self._condition.notify_all()
            return self._packet

    def __iter__(self) -> Iterator[FramePacket]:
        """Packets until the source ends (or is stopped); starts the thread if needed."""
        self.start()
        number = -1
        while (packet := self.next_packet(number)) is not None:
            number = packet.number
            yield packet

    # -- capture thread ---------------------------------------------------------------------

    def _set_status(self, **changes: object) -> None:
        with self._condition:
            self._status = replace(self._status, **changes)
            status = self._status
            self._condition.notify_all()
        if self.on_status is not None:
            self.on_status(status)

    def _run(self) -> None:
        failures = 0
        while not self._stop.is_set():
            reader, error = self._try_open()
            if reader is not None:
                self._set_status(state="live", message="")
                ended = self._pump(reader)
                reader.release()
                if ended or self._stop.is_set():
                    break
                error = "the source stopped sending frames"
            failures += 1
            if self.max_attempts is not None and failures >= self.max_attempts:
                self._set_status(state="ended", message=f"gave up: {error}")
                return
            delay = self.backoff.next_delay()
            self._set_status(state="reconnecting", outages=self._status.outages + 1,
                             message=error, retry_in=delay)
            self._stop.wait(delay)
        self._set_status(state="stopped" if self._stop.is_set() else "ended", retry_in=0.0)

    def _try_open(self) -> tuple[FrameReader | None, str]:
        try:
            return self.open_reader(), ""
        except (OSError, RuntimeError, cv2.error) as error:
            return None, str(error)

    def _pump(self, reader: FrameReader) -> bool:
        """Read until the reader fails; True when a finite source reached its end."""
        index = 0
        opened_at = time.monotonic()
        offset = self._packet.time if self._packet is not None else 0.0
        while not self._stop.is_set():
            ok, frame = reader.read()
            if not ok or frame is None:
                return self.finite and index > 0
            if index == 0:
                self.backoff.reset()
            stamp = self.media_time(reader, index)
            if stamp is None:
                stamp = time.monotonic() - self._started_at
            else:
                stamp += offset
                if self.realtime:  # play a file at its own speed
                    self._stop.wait(max(0.0, opened_at + (stamp - offset) - time.monotonic()))
            self._publish(frame, stamp)
            index += 1
        return False

    def _publish(self, frame: np.ndarray, stamp: float) -> None:
        with self._condition:
            if self.lossless:
                while self._packet is not None and self._taken < self._packet.number \
                        and not self._stop.is_set():
                    self._condition.wait(0.1)
            self._packet = FramePacket(frame, self._count, stamp)
            self._count += 1
            self._status = replace(self._status, frames=self._count)
            self._condition.notify_all()


def _open_capture(target: str | int, timeout_ms: int | None = None) -> cv2.VideoCapture:
    if timeout_ms is not None and isinstance(target, str):
        capture = cv2.VideoCapture(target, cv2.CAP_FFMPEG,
                                   [cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, timeout_ms,
                                    cv2.CAP_PROP_READ_TIMEOUT_MSEC, timeout_ms])
    else:
        capture = cv2.VideoCapture(target)
    if not capture.isOpened():
        capture.release()
        raise OSError(f"cannot open {target}")
    return capture


class CameraSource(FrameSource):
    """A webcam by index (0 = the first camera)."""

    def __init__(self, index: int, **options: object) -> None:
        super().__init__(f"camera {index}", **options)
        self.index = index

    def open_reader(self) -> FrameReader:
        return _open_capture(self.index)


class StreamSource(FrameSource):
    """A network stream (RTSP, HTTP MJPEG, ...), e.g. a phone used as a camera."""

    def __init__(self, url: str, *, timeout: float = 5.0, **options: object) -> None:
        super().__init__(url, **options)
        self.url = url
        self.timeout = timeout

    def open_reader(self) -> FrameReader:
        return _open_capture(self.url, int(self.timeout * 1000))


class VideoFileSource(FrameSource):
    """A video file, at its own fps (`realtime=True`, like a camera) or as fast as it decodes."""

    finite = True

    def __init__(self, path: str | Path, **options: object) -> None:
        super().__init__(str(path), **options)
        self.path = Path(path)

    def open_reader(self) -> FrameReader:
        if not self.path.is_file():
            raise OSError(f"no such video file: {self.path}")
        capture = _open_capture(str(self.path))
        fps = capture.get(cv2.CAP_PROP_FPS)
        self.fps = self.fps or (fps if fps and fps > 0 else 30.0)
        return capture


class _ImageListReader:
    def __init__(self, paths: list[Path]) -> None:
        self._paths = iter(paths)

    def read(self) -> tuple[bool, np.ndarray | None]:
        for path in self._paths:
            image = cv2.imread(str(path))
            if image is not None:  # skip unreadable files rather than end the folder
                return True, image
        return False, None

    def release(self) -> None:
        pass


class ImageFolderSource(FrameSource):
    """A folder of images in name order, one frame each, `fps` apart in media time."""

    finite = True

    def __init__(self, folder: str | Path, *, fps: float = 1.0, **options: object) -> None:
        super().__init__(str(folder), fps=fps, **options)
        self.folder = Path(folder)

    def open_reader(self) -> FrameReader:
        if not self.folder.is_dir():
            raise OSError(f"no such folder: {self.folder}")
        paths = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not paths:
            raise OSError(f"no images in {self.folder}")
        return _ImageListReader(paths)


def open_source(spec: str | int | Path, **options: object) -> FrameSource:
    """The source a command-line argument names: a camera index ("0"), a stream URL, a folder of
    images or a video file. Not started; call `.start()` or iterate it."""
    text = str(spec)
    if isinstance(spec, int) or text.isdigit():
        return CameraSource(int(text), **options)
    if text.lower().startswith(STREAM_SCHEMES):
        return StreamSource(text, **options)
    if Path(text).is_dir():
        return ImageFolderSource(text, **options)
    return VideoFileSource(text, **options)
