"""Headless Debian Chromium through Selenium and Debian's chromedriver: nothing downloaded."""

from __future__ import annotations

import shutil

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--autoplay-policy=no-user-gesture-required")


def available() -> bool:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return False
    return bool(shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER))


def start_chromium(width: int = 1280, height: int = 900, lang: str = "en"):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    options.add_argument(f"--lang={lang}")
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
