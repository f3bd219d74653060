"""Where the wheel keeps the invoi binary, and the environment it runs in."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Iterable, Mapping, Sequence

_PACKAGE = Path(__file__).resolve().parent


def executable() -> Path:
    """The invoi binary inside the installed wheel."""
    return _PACKAGE / "bin" / "invoi"


def environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The caller's environment, with what the bundled binary needs.

    - fontconfig reads the wheel's own configuration (Debian 12's rules), which sees only the
      bundled fonts, so a page comes out the same on every machine (the system's fonts and
      configuration files are not read);
    - the bundled libraries come before the system's: the ones invoi opens only when an invoice
      needs them (librsvg, libjpeg-turbo, qpdf, OpenSSL, libqrencode), and the few that the
      manylinux baseline assumes but slim containers lack (GLib, X11's client libraries).
    """
    env = dict(os.environ)
    env["FONTCONFIG_FILE"] = str(_PACKAGE / "share" / "fontconfig" / "fonts.conf")
    env["FONTCONFIG_PATH"] = str(_PACKAGE / "share" / "fontconfig")
    env.pop("FONTCONFIG_SYSROOT", None)
    libraries = str(_PACKAGE / "lib")
    existing = env.get("LD_LIBRARY_PATH")
    env["LD_LIBRARY_PATH"] = libraries + (os.pathsep + existing if existing else "")
    if extra:
        env.update(extra)
    return env


def run(
    arguments: Sequence[str], *, input: bytes | None = None, extra_environment: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Runs `invoi ARGUMENTS...` and returns what it wrote; never raises for its exit status."""
    return subprocess.run(
        [str(executable()), *arguments],
        input=input,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(extra_environment),
        check=False,
    )


def stream(
    arguments: Sequence[str], chunks: Iterable[bytes], *, extra_environment: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Runs `invoi ARGUMENTS...` with `chunks` on its standard input, made while it already
    works on the first ones (a batch's JSON is encoded while invoi renders), and returns what it
    wrote on standard error. An exception from `chunks` is raised once invoi has ended."""
    process = subprocess.Popen(
        [str(executable()), *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment(extra_environment),
    )
    failures: list[BaseException] = []

    def feed() -> None:
        assert process.stdin is not None
        try:
            for chunk in chunks:
                process.stdin.write(chunk)
        except BrokenPipeError:
            pass
        except BaseException as error:  # raised in the caller's thread below
            failures.append(error)
        finally:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=feed, name="invoi-input", daemon=True)
    writer.start()
    assert process.stderr is not None
    errors = process.stderr.read()
    process.wait()
    writer.join()
    if failures:
        raise failures[0]
    return subprocess.CompletedProcess(process.args, process.returncode, b"", errors)


def main() -> None:
    """The `invoi` console command: the binary itself, in place of this Python process."""
    binary = str(executable())
    try:
        os.execve(binary, [binary, *sys.argv[1:]], environment())
    except OSError as error:
        sys.stderr.write(f"invoi: error: cannot start {binary}: {error.strerror}\n")
        sys.exit(70)
