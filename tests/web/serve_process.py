"""A real `durak-table serve` in a subprocess, and a small browser-like HTTP client for it."""

from __future__ import annotations

import http.cookiejar
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServeProcess:
    def __init__(self, database: Path, *extra: str, module: str = "web.cli_serve") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, "--db", str(database), "--port",
             str(self.port), *extra], cwd=REPO, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
        self.wait_ready()

    def wait_ready(self, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited: {self.process.stdout.read()}")  # type: ignore
            try:
                urllib.request.urlopen(self.url + "/live/state.json", timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise TimeoutError("serve did not start")

    def kill(self) -> None:
        self.process.kill()           # SIGKILL: no cleanup of any kind
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Browser:
    """Cookies and the CSRF token, like a browser tab."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.get("/setup")
        self.token = re.search(r'data-csrf="([^"]+)"', page).group(1)  # type: ignore[union-attr]

    def get(self, path: str) -> str:
        with self.opener.open(self.url + path, timeout=10) as response:
            return response.read().decode()

    def state(self) -> dict[str, Any]:
        return json.loads(self.get("/live/state.json"))

    def post(self, path: str, form: dict[str, str]) -> int:
        data = urllib.parse.urlencode(form | {"csrf_token": self.token}).encode()
        try:
            with self.opener.open(self.url + path, data=data, timeout=10) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return int(error.code)
