from __future__ import annotations

import threading
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sources import (
    Backoff,
    CameraSource,
    FrameSource,
    ImageFolderSource,
    SourceStatus,
    StreamSource,
    VideoFileSource,
    open_source,
)


def write_video(path: Path, frames: int = 30, fps: float = 30.0) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))
    assert writer.isOpened()
    for i in range(frames):
        writer.write(np.full((48, 64, 3), (i % 32) * 8, np.uint8))  # each its own grey
    writer.release()
    return path


def grey(packet) -> int:
    return int(round(packet.frame.mean() / 8)) % 32


def test_a_video_file_read_lossless_gives_every_frame_in_order(tmp_path: Path) -> None:
    video = write_video(tmp_path / "game.avi")
    with VideoFileSource(video, lossless=True) as source:
        packets = list(source)
        assert source.status().state == "ended" and source.status().frames == 30
    assert [p.number for p in packets] == list(range(30))
    assert [grey(p) for p in packets] == list(range(30))
    assert packets[15].time == pytest.approx(0.5)


def test_realtime_reading_keeps_the_video_speed(tmp_path: Path) -> None:
    video = write_video(tmp_path / "game.avi", frames=15)
    started = time.monotonic()
    packets = list(VideoFileSource(video, realtime=True, lossless=True))
    assert len(packets) == 15
    assert time.monotonic() - started >= 0.4  # 15 frames at 30 fps: half a second


def test_a_slow_consumer_gets_the_newest_frame_and_never_blocks_capture(tmp_path: Path) -> None:
    video = write_video(tmp_path / "game.avi", frames=36)
    source = VideoFileSource(video, realtime=True).start()
    seen = []
    while (packet := source.next_packet(seen[-1].number if seen else -1, timeout=2)) is not None:
        seen.append(packet)
        time.sleep(0.1)  # a detector far slower than the camera
    source.stop()
    assert 4 <= len(seen) < 20                      # frames were dropped, not queued
    assert seen[-1].number == 35                    # and the last one read is the newest
    assert all(grey(p) == p.number % 32 for p in seen)  # each packet's frame is its own


def test_a_folder_of_images_is_read_in_name_order(tmp_path: Path) -> None:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"frame_{i:03d}.png"), np.full((20, 30, 3), i * 8, np.uint8))
    (tmp_path / "notes.txt").write_text("not an image")
    packets = list(ImageFolderSource(tmp_path, fps=2.0, lossless=True))
    assert [grey(p) for p in packets] == [0, 1, 2]
    assert [p.time for p in packets] == [0.0, 0.5, 1.0]


def statuses_of(source: FrameSource) -> list[SourceStatus]:
    seen: list[SourceStatus] = []
    source.on_status = seen.append
    return seen


def test_an_unreachable_stream_is_retried_with_growing_delays_and_reported() -> None:
    source = StreamSource("rtsp://127.0.0.1:9/", timeout=0.3,
                          backoff=Backoff(initial=0.05, factor=2.0, maximum=0.2))
    seen = statuses_of(source)
    source.start()
    time.sleep(0.8)
    source.stop()
    outages = [s for s in seen if s.state == "reconnecting"]
    assert len(outages) >= 3
    assert [s.retry_in for s in outages[:4]] == [0.05, 0.1, 0.2, 0.2][:len(outages[:4])]
    assert outages[-1].outages == len(outages) and "127.0.0.1" in outages[0].message
    assert source.status().state == "stopped"
    assert source.status().to_dict()["state"] == "stopped"


def test_a_missing_file_is_waited_for_and_played_once_it_appears(tmp_path: Path) -> None:
    video = tmp_path / "late.avi"
    source = VideoFileSource(video, lossless=True, backoff=Backoff(initial=0.05, maximum=0.1))
    source.start()
    time.sleep(0.3)
    assert source.status().state == "reconnecting" and source.status().outages >= 2
    write_video(tmp_path / "tmp.avi", frames=5).rename(video)
    packets = list(source)
    assert [p.number for p in packets] == list(range(5))
    assert source.status().state == "ended"


def test_giving_up_after_max_attempts(tmp_path: Path) -> None:
    source = VideoFileSource(tmp_path / "none.avi", max_attempts=1)
    assert list(source) == []
    assert source.status().state == "ended" and "gave up" in source.status().message


class FlakyCamera(FrameSource):
    """A camera whose first connection dies after 5 frames (a cable pulled and put back)."""

    def __init__(self) -> None:
        super().__init__("flaky", backoff=Backoff(initial=0.05), lossless=True)
        self.connections = 0

    def open_reader(self):
        self.connections += 1
        limit = 5 if self.connections == 1 else 1000
        source = self

        class Reader:
            count = 0

            def read(self):
                self.count += 1
                if self.count > limit or source.connections > 2:
                    return False, None
                time.sleep(0.005)
                return True, np.zeros((4, 4, 3), np.uint8)

            def release(self) -> None:
                pass

        return Reader()


def test_a_camera_dropping_out_comes_back_and_frame_numbers_go_on() -> None:
    source = FlakyCamera()
    seen = statuses_of(source)
    numbers, times = [], []
    source.start()
    deadline = time.monotonic() + 3
    while len(numbers) < 20 and time.monotonic() < deadline:
        packet = source.next_packet(numbers[-1] if numbers else -1, timeout=1)
        if packet is not None:
            numbers.append(packet.number)
            times.append(packet.time)
    source.stop()
    assert numbers == list(range(20))
    assert times == sorted(times)
    assert [s.state for s in seen][:3] == ["live", "reconnecting", "live"]
    assert source.connections == 2


def test_open_source_picks_the_kind_from_the_argument(tmp_path: Path) -> None:
    assert isinstance(open_source("0"), CameraSource)
    assert isinstance(open_source(1), CameraSource)
    assert isinstance(open_source("rtsp://phone.local:8554/cam"), StreamSource)
    assert isinstance(open_source("http://10.0.0.2:8080/video"), StreamSource)
    assert isinstance(open_source(tmp_path), ImageFolderSource)
    assert isinstance(open_source(tmp_path / "game.mp4"), VideoFileSource)


def test_latest_never_waits() -> None:
    source = FlakyCamera()
    assert source.latest() is None
    started = threading.Event()
    source.on_status = lambda status: started.set()
    source.start()
    started.wait(1)
    time.sleep(0.05)
    source.stop()
    assert source.latest() is not None
