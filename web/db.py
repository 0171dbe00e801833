"""SQLite access: one connection per request on `g`, WAL so readers never block the writer."""

from __future__ import annotations

import sqlite3
from importlib import resources

import click
from flask import Flask, current_app, g


def connect(path: str) -> sqlite3.Connection:
    """A connection with the settings every user of the database needs."""
    connection = sqlite3.connect(path, timeout=10, check_same_thread=False)
    connection.row_factory = sqlite3.Row
    connection.execute("PRAGMA journal_mode=WAL")
    # FULL: a committed event survives a power cut, not only a killed process.
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")
    return connection


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    connection = g.pop("db", None)
    if connection is not None:
        connection.close()


def init_schema(connection: sqlite3.Connection) -> None:
    schema = resources.files("web").joinpath("schema.sql").read_text(encoding="utf-8")
    connection.executescript(schema)
    connection.commit()


@click.command("init-db")
def init_db_command() -> None:
    """Create the tables (existing data is kept)."""
    init_schema(get_db())
    click.echo("Initialised the database.")


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
