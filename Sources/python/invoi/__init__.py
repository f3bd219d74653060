"""Render invoices (JSON) to PDF, PNG, SVG, a text preview or an e-invoice, and check them.

    >>> import invoi
    >>> pdf = invoi.render("invoice.json")                      # bytes of a PDF
    >>> pages = invoi.render(invoice_dict, format="png", dpi=72)  # a list, one PNG a page

An invoice is a dict, a str holding its JSON, or a path to its file (`str` ending in
`.json`, or any `os.PathLike`). Every option of `invoi render` is a keyword: `copy_mark`
for `--copy-mark`, `pdf_standard=["ua-1", "a-3b"]`, `untagged=True`. The wheel carries the
invoi binary, its libraries and fonts; nothing is read from the system but Python.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Union

from . import _binary

__all__ = ["render", "render_many", "check", "schema", "Problem", "InvoiceError", "Invoice", "FORMATS", "version"]

__version__ = "source"
"""The wheel's version (tools/wheel writes it; "source" in the repository)."""

Invoice = Union[Mapping[str, Any], str, "os.PathLike[str]"]
"""What the functions take: a dict, the JSON text, or a path to a JSON file."""

FORMATS = ("pdf", "png", "svg", "txt", "ops", "cii", "ubl", "facturx")
"""The formats `render` writes; png and svg give a list of pages."""

_EXTENSIONS = {"pdf": "pdf", "png": "png", "svg": "svg", "txt": "txt", "ops": "json",
               "cii": "xml", "ubl": "xml", "facturx": "pdf"}

# Keyword → the render option it stands for. `untagged` is a flag; the rest take a value.
_OPTIONS = {
    "profile": "--profile", "paper": "--paper", "dpi": "--dpi", "width": "--width",
    "color": "--color", "accent": "--accent", "language": "--language", "locale": "--locale",
    "digits": "--digits", "bidi": "--bidi", "copy_mark": "--copy-mark",
    "payment_qr": "--payment-qr", "font": "--font", "sign": "--sign", "sign_key": "--sign-key",
    "sign_cert": "--sign-cert", "sign_chain": "--sign-chain",
    "sign_password_file": "--sign-password-file", "pdf_standard": "--pdf-standard",
}
_FLAGS = {"untagged": "--untagged"}

# exit status (sysexits) → what it means, for messages
_STATUS_NAMES = {64: "usage", 65: "invalid invoice", 66: "input missing", 69: "unavailable",
                 70: "internal error", 73: "cannot write", 74: "input/output error"}


class Problem(NamedTuple):
    """One finding of `check`, or one reason a render was refused."""

    severity: str
    """"error" (the invoice cannot be used) or "warning" (used, but probably not as meant)."""
    path: str
    """JSON path of the field, such as `lineItems[2].quantity`; "" for the whole invoice."""
    message: str
    line: Optional[int] = None
    """1-based line of a syntax error in the JSON text."""
    column: Optional[int] = None

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class InvoiceError(Exception):
    """invoi refused an invoice or could not render it.

    `path` is the JSON path of the first problem ("" when it is not about a field), `exit_code`
    invoi's sysexits status (65 invalid invoice, 66 missing file, 73 cannot write, 64 a bad
    option), `problems` every problem found, and `index` the invoice's position in a
    `render_many` call (None for a single one).
    """

    def __init__(self, message: str, *, path: str = "", exit_code: int = 65,
                 problems: Sequence[Problem] = (), index: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.exit_code = exit_code
        self.problems = list(problems)
        self.index = index


def version() -> str:
    """The bundled invoi's version, as `invoi --version` prints it."""
    result = _binary.run(["--version"])
    return result.stdout.decode().strip()


def schema() -> dict:
    """The invoice file's JSON Schema (2020-12), as `invoi schema invoice` prints it: to
    validate a payload before rendering it, or to give editors."""
    result = _binary.run(["schema", "invoice"])
    if result.returncode != 0:
        raise InvoiceError(result.stderr.decode(errors="replace").strip(), exit_code=result.returncode)
    return json.loads(result.stdout)


def render(invoice: Invoice, format: str = "pdf", **options: Any) -> Union[bytes, List[bytes]]:
    """Renders one invoice and returns its bytes (png and svg: a list, one item a page).

    Options are `invoi render`'s, as keywords: `paper="letter"`, `dpi=300`, `language="he"`,
    `accent="#0F766E"`, `copy_mark="copy"`, `payment_qr="epc"`, `profile="xrechnung"`,
    `pdf_standard=["ua-1"]`, `untagged=True`, `sign="id.p12"` with `sign_password="…"` (given
    to invoi in its environment, never on its command line), … Raises `InvoiceError` with the
    JSON path when invoi refuses the invoice, `TypeError` for an unknown keyword.
    """
    arguments = _render_arguments(format, options)
    line = _one_line(invoice, None)
    extra = _secrets(options)
    if format in ("png", "svg"):
        with tempfile.TemporaryDirectory(prefix="invoi-") as directory:
            result = _binary.run(
                ["render", "-", "--out-dir", directory, "--name-by", "input", "--jobs", "1", *arguments],
                input=line, extra_environment=extra)
            pages = _collect(Path(directory), "stdin", format) if result.returncode == 0 else None
        output: Union[bytes, List[bytes], None] = pages
    else:
        # One document: from standard input to standard output, no file written.
        result = _binary.run(["render", "-", "-o", "-", "--jobs", "1", *arguments], input=line,
                             extra_environment=extra)
        output = result.stdout if result.returncode == 0 else None
    if output is None:
        raise _render_error(result.stderr.decode(errors="replace"), result.returncode, None, line, options)
    return output


def render_many(invoices: Iterable[Invoice], format: str = "pdf", *, jobs: Optional[int] = None,
                **options: Any) -> List[Union[bytes, List[bytes]]]:
    """Renders many invoices in one invoi process (one per call, not per invoice), in parallel
    on `jobs` cores (default: all), and returns their outputs in order.

    When one is refused, the others are still rendered, then `InvoiceError` is raised for the
    first refused one (its `index` says which).
    """
    arguments = _render_arguments(format, options)
    if jobs is not None:
        arguments += ["--jobs", str(int(jobs))]
    invoices = list(invoices)
    if not invoices:
        return []
    # Each invoice's line is written while invoi renders the ones before it; they are kept
    # for a refused one's `check`.
    lines: List[bytes] = []

    def encoded() -> Iterator[bytes]:
        for index, invoice in enumerate(invoices):
            lines.append(_one_line(invoice, index))
            yield lines[-1]

    with tempfile.TemporaryDirectory(prefix="invoi-") as directory:
        result = _binary.stream(
            ["render", "--jsonl", "--out-dir", directory, "--name-by", "input", *arguments], encoded(),
            extra_environment=_secrets(options))
        outputs: List[Union[bytes, List[bytes], None]] = [
            _collect(Path(directory), f"stdin-{number}", format) for number in range(1, len(invoices) + 1)]
    if result.returncode != 0 or any(output is None for output in outputs):
        failed = next((index for index, output in enumerate(outputs) if output is None), None)
        raise _render_error(result.stderr.decode(errors="replace"), result.returncode, failed,
                            lines[failed] if failed is not None else None, options)
    return outputs  # type: ignore[return-value]


def _secrets(options: Mapping[str, Any]) -> dict:
    """What goes to invoi in its environment rather than on its command line."""
    password = options.get("sign_password")
    return {} if password is None else {"INVOI_SIGN_PASSWORD": str(password)}


def check(invoice: Invoice, *, profile: Optional[str] = None) -> List[Problem]:
    """Checks an invoice as `invoi check` does, without rendering it, and returns every problem
    (errors and warnings) with its JSON path: an empty list means valid and clean. `profile`
    ("en16931", "xrechnung", "peppol", …) also checks what that e-invoice profile requires.
    """
    line = _one_line(invoice, None)
    return _check_line(line, profile)[1]


def _check_line(line: bytes, profile: Optional[str]) -> "tuple[int, List[Problem]]":
    arguments = ["check", "--json", "-"]
    if profile is not None:
        arguments += ["--profile", str(profile)]
    result = _binary.run(arguments, input=line)
    reports = [json.loads(text) for text in result.stdout.decode().splitlines() if text.strip()]
    if not reports:
        message = result.stderr.decode(errors="replace").strip() or f"invoi check exited {result.returncode}"
        raise InvoiceError(message, exit_code=result.returncode or 70)
    report = reports[0]
    problems = [Problem(p["severity"], p["path"], p["message"], p.get("line"), p.get("column"))
                for p in report["problems"]]
    return report["status"], problems


def _render_arguments(format: str, options: Mapping[str, Any]) -> List[str]:
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    arguments = ["--format", format]
    for key, value in options.items():
        if key == "sign_password":
            continue
        if key in _FLAGS:
            if value:
                arguments.append(_FLAGS[key])
            continue
        if key not in _OPTIONS:
            known = sorted([*_OPTIONS, *_FLAGS, "sign_password", "jobs"])
            raise TypeError(f"render() got an unexpected keyword {key!r}; invoi's options are {', '.join(known)}")
        if value is None:
            continue
        if key == "pdf_standard" and not isinstance(value, str):
            value = ",".join(value)
        elif isinstance(value, os.PathLike):
            value = os.fspath(value)
        text = str(value)
        if text.startswith("-") or not text:
            raise ValueError(f"{key}={value!r}: a value may not be empty or start with '-'")
        arguments += [f"{_OPTIONS[key]}={text}"]
    return arguments


def _one_line(invoice: Invoice, index: Optional[int]) -> bytes:
    """The invoice as one line of JSON, its relative logo path made absolute (a file's is
    relative to the file, a dict's or a text's to the current directory)."""
    base = Path.cwd()
    if isinstance(invoice, os.PathLike) or (isinstance(invoice, str) and _looks_like_path(invoice)):
        path = Path(os.fspath(invoice))
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise InvoiceError(f"{path}: cannot be read ({error.strerror})", exit_code=66, index=index) from None
        except UnicodeDecodeError as error:
            raise InvoiceError(f"{path}: not UTF-8 ({error.reason})", index=index) from None
        base = path.resolve().parent
        invoice = text
    if isinstance(invoice, str):
        try:
            invoice = json.loads(invoice, parse_float=Decimal)
        except json.JSONDecodeError as error:
            raise InvoiceError(
                f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}", index=index,
                problems=[Problem("error", "", error.msg, error.lineno, error.colno)]) from None
    if not isinstance(invoice, Mapping):
        raise TypeError(f"an invoice is a dict, its JSON text or a path, not {type(invoice).__name__}")
    logo = invoice.get("logo")
    if isinstance(logo, str) and logo and not os.path.isabs(logo):
        invoice = dict(invoice)
        invoice["logo"] = str(base / logo)
    return _dumps(invoice).encode() + b"\n"


def _looks_like_path(text: str) -> bool:
    stripped = text.lstrip()
    return not stripped.startswith("{") and "\n" not in text


def _dumps(value: Any) -> str:
    """JSON on one line, a Decimal written with its digits as they are (never through a float)."""
    nonce = secrets.token_hex(8)
    marker = f"\u0000{nonce}:"

    def default(item: Any) -> Any:
        if isinstance(item, Decimal):
            if not item.is_finite():
                raise ValueError(f"{item} is not a number JSON can hold")
            return marker + str(item)
        raise TypeError(f"{type(item).__name__} is not JSON: give str, int, float, Decimal, list or dict")

    text = json.dumps(value, default=default, ensure_ascii=False, separators=(",", ":"))
    if nonce not in text:
        return text
    return re.sub(r'"\\u0000' + nonce + r':([^"]*)"', r"\1", text)


def _collect(directory: Path, base: str, format: str) -> Union[bytes, List[bytes], None]:
    extension = _EXTENSIONS[format]
    single = directory / f"{base}.{extension}"
    if format not in ("png", "svg"):
        return single.read_bytes() if single.exists() else None
    if single.exists():
        return [single.read_bytes()]
    pages = []
    number = 1
    while (page := directory / f"{base}-{number}.{extension}").exists():
        pages.append(page.read_bytes())
        number += 1
    return pages or None


_LINE = re.compile(r"^invoi: error: <stdin>(?::(\d+))?: (.*)$")


def _render_error(stderr: str, status: int, index: Optional[int], line: Optional[bytes],
                  options: Mapping[str, Any]) -> InvoiceError:
    """The refusal of invoice `index`, with its problems as `invoi check` reports them."""
    problems: List[Problem] = []
    messages = []
    for text in stderr.splitlines():
        match = _LINE.match(text)
        if match and (match.group(1) is None or index is None or int(match.group(1)) == index + 1):
            messages.append(match.group(2))
        elif text.startswith("invoi: error: ") and not match:
            messages.append(text[len("invoi: error: "):])
    if line is not None and status == 65:
        _, found = _check_line(line, options.get("profile"))
        problems = [problem for problem in found if problem.severity == "error"]
    message = (str(problems[0]) if problems else messages[0] if messages
               else f"invoi exited {status} ({_STATUS_NAMES.get(status, 'failed')})")
    if not problems and messages:
        path, _, rest = messages[0].partition(": ")
        if rest and re.fullmatch(r"[A-Za-z_][\w.\[\]]*", path):
            problems = [Problem("error", path, rest)]
    return InvoiceError(message, path=problems[0].path if problems else "", exit_code=status or 70,
                        problems=problems, index=index)
