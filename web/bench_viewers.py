"""Benchmark: many browsers watching the live view (MJPEG) and the verdict feed (SSE) at once.

Starts `durak-table serve` on the demo (a camera-like frame rate, events at a fast pace), opens
N viewers, each with one MJPEG and one SSE connection, and reports what they received, how late
verdicts arrived, whether the source kept its pace, and the server's CPU use.

    python -m web.bench_viewers --viewers 20 --seconds 30 --cpus 0,1
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass
class ViewerStats:
    frames: int = 0
    frame_bytes: int = 0
    verdicts: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def watch_video(port: int, stats: ViewerStats, stop: threading.Event) -> None:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/live/video.mjpeg")
        response = connection.getresponse()
        while not stop.is_set():
            line = response.readline()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
                response.readline()                       # the blank line
                stats.frame_bytes += len(response.read(length))
                stats.frames += 1
        connection.close()
    except (OSError, http.client.HTTPException) as error:
        if not stop.is_set():
            stats.errors.append(f"video: {error!r}")


def watch_feed(port: int, stats: ViewerStats, stop: threading.Event) -> None:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        connection.request("GET", "/live/events")
        response = connection.getresponse()
        kind = ""
        while not stop.is_set():
            line = response.readline()
            if not line:
                break
            if line.startswith(b"event: "):
                kind = line[7:].strip().decode()
            elif line.startswith(b"data: ") and kind == "verdict":
                payload = json.loads(line[6:])
                stats.verdicts += 1
                stats.latencies.append(time.time() - float(payload["at"]))
        connection.close()
    except (OSError, http.client.HTTPException) as error:
        if not stop.is_set():
            stats.errors.append(f"feed: {error!r}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.bench_viewers", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--viewers", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--fps", type=float, default=10, help="frames per second of the source")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between demo events")
    parser.add_argument("--cpus", default="0,1", help="CPUs the server may use (taskset)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "web.cli_serve", "--db", f"{folder}/bench.sqlite",
                   "--port", str(port), "--pace", str(args.pace), "--fps", str(args.fps)]
        if args.cpus:
            command = ["taskset", "-c", args.cpus, *command]
        server = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            time.sleep(1.0)
            report = run_viewers(port, server.pid, args)
        finally:
            server.terminate()
            server.wait(10)
    print(json.dumps(report, indent=2))
    return 0


def run_viewers(port: int, pid: int, args: argparse.Namespace) -> dict[str, object]:
    stop = threading.Event()
    viewers = [ViewerStats() for _ in range(args.viewers)]
    threads = []
    for stats in viewers:
        for target in (watch_video, watch_feed):
            thread = threading.Thread(target=target, args=(port, stats, stop), daemon=True)
            thread.start()
            threads.append(thread)
    time.sleep(2.0)                                    # everyone connected; now measure
    start_counts = [(v.frames, v.verdicts) for v in viewers]
    for stats in viewers:
        stats.latencies.clear()
    cpu_start, wall_start = cpu_seconds(pid), time.monotonic()
    time.sleep(args.seconds)
    cpu_used, wall = cpu_seconds(pid) - cpu_start, time.monotonic() - wall_start
    frames = [v.frames - s[0] for v, s in zip(viewers, start_counts, strict=True)]
    verdicts = [v.verdicts - s[1] for v, s in zip(viewers, start_counts, strict=True)]
    latencies = [x for v in viewers for x in v.latencies]
    stop.set()
    expected_events = wall / args.pace
    return {
        "viewers": args.viewers, "seconds": round(wall, 1), "server_cpus": args.cpus,
        "source_fps": args.fps, "event_pace_s": args.pace,
        "server_cpu_percent_of_one_core": round(100 * cpu_used / wall, 1),
        "video_fps_per_viewer": {"min": round(min(frames) / wall, 2),
                                 "mean": round(statistics.mean(frames) / wall, 2)},
        "video_mbit_s_total": round(sum(v.frame_bytes for v in viewers) * 8 / wall / 1e6
                                    * (sum(frames) / max(1, sum(v.frames for v in viewers))), 2),
        "verdicts_per_viewer": {"min": min(verdicts), "max": max(verdicts)},
        "verdicts_expected_at_pace": round(expected_events, 1),
        "verdict_latency_ms": {"p50": round(1000 * percentile(latencies, 0.5), 1),
                               "p95": round(1000 * percentile(latencies, 0.95), 1),
                               "max": round(1000 * max(latencies, default=float("nan")), 1)},
        "errors": sorted({e for v in viewers for e in v.errors})[:5],
    }


if __name__ == "__main__":
    sys.exit(main())
