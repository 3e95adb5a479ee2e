"""A throwaway PostgreSQL server for tests and benchmarks, in a temporary folder.

``start(folder)`` makes a cluster there and starts it on a free local port (its socket in the
same folder); ``stop(folder)`` stops it. The server refuses to run as root, so as root it runs
as the unprivileged user ``nobody`` (or a system user made for it where there is no such
user). From a shell (this is what ``.ci/run`` does)::

    url=$(python -m tests.postgres_server start /tmp/pg)   # prints the server's URL
    python -m tests.postgres_server stop /tmp/pg
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
from pathlib import Path

SUPERUSER = "islandbot"
UNPRIVILEGED = ("nobody", "islandbot-postgres")  # the first that exists, or the last made
# Tests throw their databases away: no need to survive a power cut.
QUICK = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: $PG_BIN, Debian's layout, or the PATH."""
    candidates = [os.environ.get("PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    found = shutil.which("pg_ctl")
    candidates.append(str(Path(found).parent) if found else "")
    for folder in filter(None, candidates):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def start(folder: Path, *, durable: bool = False) -> str:
    """Create and start a server in ``folder``; returns its URL (database ``postgres``)."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL's initdb and pg_ctl were not found (set PG_BIN)")
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "data"
    port = _free_port()
    _hand_over(folder)
    _run(as_user(), bin_dir / "initdb", "-D", data, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8")
    settings = [f"port={port}", f"unix_socket_directories={folder}", "listen_addresses=127.0.0.1"]
    settings += [] if durable else list(QUICK)
    options = " ".join(f"-c {s}" for s in settings)
    log = folder / "server.log"
    _run(as_user(), bin_dir / "pg_ctl", "-D", data, "-l", log, "-o", options, "-w", "start")
    return f"postgresql://{SUPERUSER}@127.0.0.1:{port}/postgres"


def stop(folder: Path) -> None:
    """Stop the server started in ``folder`` (nothing happens if none is running)."""
    bin_dir = binaries()
    data = folder / "data"
    if bin_dir is None or not (data / "postmaster.pid").exists():
        return
    _run(as_user(), bin_dir / "pg_ctl", "-D", data, "-m", "fast", "-w", "stop")


def as_user() -> list[str]:
    """The command prefix that drops root for the server (empty when not root)."""
    if os.geteuid() != 0:
        return []
    return ["runuser", "-u", _unprivileged().pw_name, "--"]


def _unprivileged() -> pwd.struct_passwd:
    for name in UNPRIVILEGED:
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    name = UNPRIVILEGED[-1]
    _run([], "useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name)
    return pwd.getpwnam(name)


def _hand_over(folder: Path) -> None:
    if os.geteuid() == 0:
        user = _unprivileged()
        os.chown(folder, user.pw_uid, user.pw_gid)
        folder.chmod(0o700)


def _run(prefix: list[str], *command: object) -> None:
    subprocess.run(
        [*prefix, *map(str, command)],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd="/",
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: python -m tests.postgres_server start|stop FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[1])
    if argv[0] == "start":
        print(start(folder))
    else:
        stop(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
