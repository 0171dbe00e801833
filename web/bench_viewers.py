"""Benchmark: many browsers watching the live view (MJPEG) and the verdict feed (SSE) at once.

Starts `durak-table serve` on the demo (a camera-like frame rate, events at a fast pace), opens
N viewers, each with one MJPEG and one SSE connection, and reports what they received, how late
verdicts arrived, whether the source kept its pace, and the server's CPU use.

With `--video FILE` the server runs the camera pipeline on the video instead (`serve --video`:
detector -> tracker -> event inference -> referee), with the model in models/ or `--model`;
without a model (or with `--fake-detector`) a stand-in that takes `--detect-ms` per frame and
reports the game's cards (`web.bench_pipeline`). It then also reports the frames the pipeline
processed per second against the video's fps, the frames it dropped, and the time from a card
coming to rest (the video's truth) to its verdict.

    python -m web.bench_viewers --viewers 20 --seconds 30 --cpus 0,1
    python -m web.bench_viewers --video examples/demo.mp4 --seconds 50
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
    payloads: list[dict[str, object]] = field(default_factory=list)
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
                stats.payloads.append(payload)
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
    parser.add_argument("--video", type=Path, help="run the camera pipeline on this video")
    parser.add_argument("--model", type=Path, help="--video: the detector model")
    parser.add_argument("--fake-detector", action="store_true",
                        help="--video: a stand-in for the model even when one exists")
    parser.add_argument("--detect-ms", type=float, default=40.0,
                        help="--video: the stand-in's time per frame")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "web.cli_serve", "--db", f"{folder}/bench.sqlite",
                   "--port", str(port), "--replay-demo", "--pace", str(args.pace),
                   "--fps", str(args.fps)]
        if args.video is not None:
            command = pipeline_command(args, port, Path(folder))
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
            before = pipeline_stats(port) if args.video else None
            report = run_viewers(port, server.pid, args)
            verdicts = report.pop("first_viewer_verdicts")
            if before is not None:
                report |= pipeline_report(port, before, verdicts, args, Path(folder))
                for demo_only in ("verdicts_expected_at_pace", "source_fps", "event_pace_s"):
                    report.pop(demo_only)
        finally:
            server.terminate()
            server.wait(10)
    print(json.dumps(report, indent=2))
    return 0


def pipeline_command(args: argparse.Namespace, port: int, folder: Path) -> list[str]:
    """`serve --video` with the model, or with the stand-in when there is none."""
    from vision.detector import DEFAULT_MODEL

    model = args.model or DEFAULT_MODEL
    args.detector = "model" if model.is_file() and not args.fake_detector else "stand-in"
    serve = ["--video", str(args.video), "--db", f"{folder}/bench.sqlite", "--port", str(port)]
    if args.detector == "model":
        return [sys.executable, "-m", "web.cli_serve", *serve, "--model", str(model)]
    return [sys.executable, "-m", "web.bench_pipeline", "--log",
            str(args.video.with_suffix(".jsonl")), "--detect-ms", str(args.detect_ms),
            "--truth-out", f"{folder}/truth.json", *serve]


def pipeline_stats(port: int) -> dict[str, float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/live/state.json")
    state = json.loads(connection.getresponse().read())
    connection.close()
    return dict(state["pipeline"] or {}, at=time.monotonic())


def pipeline_report(port: int, before: dict[str, float], verdicts: list[dict[str, object]],
                    args: argparse.Namespace, folder: Path) -> dict[str, object]:
    """Frames the pipeline processed and dropped over the measured time, and the time from a
    card coming to rest in the video to its verdict."""
    import cv2

    from .bench_pipeline import rest_latencies, video_truth

    after = pipeline_stats(port)
    wall = after["at"] - before["at"]
    capture = cv2.VideoCapture(str(args.video))
    video_fps = capture.get(cv2.CAP_PROP_FPS)
    capture.release()
    if args.detector == "model":
        truth = video_truth(args.video.with_suffix(".truth.jsonl"))
    else:
        truth = [tuple(item) for item in json.loads((folder / "truth.json").read_text())]
    rest, unmatched = rest_latencies(verdicts, truth, after["video_started"])
    processed = after["processed"] - before["processed"]
    return {
        "video": str(args.video), "detector": args.detector + (
            f" ({args.detect_ms:.0f} ms a frame, scripted cards)"
            if args.detector == "stand-in" else f" {args.model or 'models/card-detector.onnx'}"),
        "video_fps": round(video_fps, 2),
        "pipeline_fps": round(processed / wall, 2),
        "dropped_frames": int(after["dropped"] - before["dropped"]),
        "processed_frames": int(processed),
        "ms_per_frame": after["ms_per_frame"],
        "true_events_judged": len(rest),
        "true_events_due": sum(at + 1.0 < time.time() - after["video_started"]
                               for _, at in truth),     # came to rest over 1 s ago
        "true_events_in_video": len(truth),
        "camera_events_not_in_truth": unmatched,
        "rest_to_verdict_s": {"p50": round(percentile(rest, 0.5), 2),
                              "p95": round(percentile(rest, 0.95), 2)},
    }


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
        "first_viewer_verdicts": viewers[0].payloads,
    }


if __name__ == "__main__":
    sys.exit(main())
