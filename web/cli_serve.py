"""`durak-table serve`: the dashboard on a local web server, fed by a camera, a video, a stream,
or (with none of them) the bundled demo: examples/demo.mp4 through the camera pipeline, or, with
--replay-demo or when the detector model or the video is missing, a replay of event logs."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import secrets
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from .camera_setup import CameraSetupError
from .live_source import EXAMPLES_DIR, LiveSource, ReplaySource, VideoSource, demo_logs

DEMO_VIDEO = EXAMPLES_DIR / "demo.mp4"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="durak-table serve", description=__doc__)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--camera", type=int, metavar="N", help="camera device number")
    source.add_argument("--video", type=Path, metavar="FILE",
                        help="a video file, played at its own speed (loops; see --once)")
    source.add_argument("--stream", metavar="URL", help="a network stream (rtsp://, http://)")
    source.add_argument("--no-demo", action="store_true", help="no source at all: manual only")
    source.add_argument("--replay-demo", action="store_true",
                        help="the demo without the camera pipeline: event logs replayed on a"
                             " drawn table (what plays when the model or the demo video is"
                             " missing)")
    parser.add_argument("--model", type=Path, metavar="PATH",
                        help="camera: the detector model (default: models/card-detector.onnx)")
    parser.add_argument("--setup", type=Path, metavar="FILE",
                        help="camera: start this match (a setup event as JSON, or a game log);"
                             " default for --video GAME.mp4: GAME.jsonl when it exists")
    parser.add_argument("--once", action="store_true", help="--video: play it once, no loop")
    parser.add_argument("--db", type=Path, help="SQLite database (default: instance/durak.sqlite)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (0.0.0.0: phones at home; a PIN is then needed)")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--pin", help="the PIN for remote players (default: a random one)")
    parser.add_argument("--demo-log", type=Path,
                        help="replay this event log as the demo (implies --replay-demo)")
    parser.add_argument("--pace", type=float, default=1.5,
                        help="replay demo: seconds between events")
    parser.add_argument("--fps", type=float, default=0.0,
                        help="replay demo: frames per second, like a camera (default: on a"
                             " change)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    return parser.parse_args(argv)


def choose_source(args: argparse.Namespace, detector: Any = None,
                  notify: Callable[[str], None] | None = None) -> LiveSource | None:
    """The live source the arguments name; raises CameraSetupError when it cannot be used.
    Without one: the demo video through the camera pipeline, or the replay demo (`notify` is
    told why when the video demo cannot play)."""
    target: int | str | None = args.camera if args.camera is not None else args.stream
    if args.video is not None:
        if not args.video.is_file():
            raise CameraSetupError(f"no such video: {args.video}")
        target = str(args.video)
    if target is not None:
        return camera_source(target, args, detector)
    if args.no_demo:
        return None
    if not args.replay_demo and args.demo_log is None:
        try:
            return demo_video_source(args, detector)
        except CameraSetupError as error:
            (notify or warn)(f"durak-table serve: {error}; the demo plays as a replay of event"
                             " logs instead (no camera pipeline)")
    return replay_source(args)


def camera_source(target: int | str, args: argparse.Namespace, detector: Any = None,
                  video: Path | None = None, demo: bool = False) -> VideoSource:
    """detector -> tracker -> events -> the dashboard's referee, on a camera, file or stream."""
    from .camera_pipeline import CameraPipeline
    from .camera_setup import check_setup, load_detector, read_plan

    plan = read_plan(args.setup, video or args.video)
    if plan is not None:
        check_setup(plan.setup)
    pipeline = CameraPipeline(detector or load_detector(args.model), plan, demo=demo)
    return VideoSource(target, pipeline, loop=not args.once)


def demo_video_source(args: argparse.Namespace, detector: Any = None) -> VideoSource:
    """The bundled demo video with its own match (demo.jsonl, seats from demo.truth.jsonl)."""
    if not DEMO_VIDEO.is_file():
        raise CameraSetupError(f"no demo video at {DEMO_VIDEO}")
    source = camera_source(str(DEMO_VIDEO), args, detector, video=DEMO_VIDEO, demo=True)
    source.description = f"demo video {DEMO_VIDEO.name}"
    return source


def replay_source(args: argparse.Namespace) -> ReplaySource:
    if args.demo_log is not None and not args.demo_log.is_file():
        raise CameraSetupError(f"no such log: {args.demo_log}")
    try:
        return ReplaySource(demo_logs(args.demo_log), pace=args.pace, fps=args.fps)
    except ValueError as error:
        raise CameraSetupError(str(error)) from None


def warn(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def stop_on_signal(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None, *, detector: Any = None) -> int:
    """`detector`: a stand-in for the model (benchmarks); default: load --model."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    pin = None if is_loopback(args.host) else (args.pin or f"{secrets.randbelow(10**6):06d}")
    try:
        source = choose_source(args, detector)
    except CameraSetupError as error:
        print(f"durak-table serve: {error}", file=sys.stderr)
        return 2
    config: dict[str, Any] = {"PIN": pin, "LIVE_SOURCE": source}
    if args.db:
        args.db.parent.mkdir(parents=True, exist_ok=True)
        config["DATABASE"] = str(args.db)
    logging.getLogger("werkzeug").setLevel(logging.INFO if args.verbose else logging.WARNING)

    from . import create_app

    app = create_app(config)
    try:
        server = make_server(args.host, args.port, app, threaded=True)
    except OSError as error:
        app.extensions["durak_live"].stop()
        print(f"durak-table serve: cannot listen on {args.host}:{args.port}: {error.strerror}",
              file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, stop_on_signal)
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(f"durak-table dashboard: http://{shown_host}:{server.port}/", flush=True)
    if source is not None:
        print(f"live source: {source.description}", flush=True)
    if pin:
        print(f"PIN for changing anything from another device: {pin}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        app.extensions["durak_live"].stop()
        app.extensions["durak_feed"].close_all()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
