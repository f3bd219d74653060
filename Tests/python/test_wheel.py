"""The installed wheel as a Python user meets it: the `invoi` command and the `invoi` module.

Run by `tools/wheel --test` in a fresh venv holding only the wheel and pytest. Environment:
INVOI_CLI, a build's own invoi binary whose bytes the wheel's must equal (the comparisons are
skipped without it); INVOI_GOLDENS, the Goldens folder (default: the repository's).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest

import invoi
import invoi._binary

GOLDENS = Path(os.environ.get("INVOI_GOLDENS", Path(__file__).resolve().parents[2] / "Goldens"))
CLI = os.environ.get("INVOI_CLI")
# A fixed creation date: the PDFs' bytes do not depend on the clock.
os.environ["SOURCE_DATE_EPOCH"] = "1767225600"

# Invoices whose every format is compared with the CLI's: English, Hebrew (right to left,
# DejaVu Sans), Japanese (WenQuanYi), an SVG and a JPEG logo (librsvg, libjpeg-turbo), a payment
# code (libqrencode), a Swiss QR-bill (Liberation Sans), an e-invoice.
COMPARED = ["sample", "he-tax-invoice", "ja-tax-invoice", "logo-svg", "logo-jpeg", "qr-epc-de",
            "qr-swiss-three-pages", "einvoice-xrechnung-de"]


def golden(name: str) -> Path:
    path = GOLDENS / name / "invoice.json"
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return path


def sample() -> dict:
    return json.loads(golden("sample").read_text(encoding="utf-8"))


def cli_render(paths: list[Path], format: str, *options: str) -> list:
    """What the build's own binary writes for `paths`, in order, as `invoi.render` returns it."""
    with tempfile.TemporaryDirectory() as directory:
        links = []
        for number, path in enumerate(paths, start=1):
            # Unique input names, in the inputs' folders (their relative logos stay found).
            link = path.parent / f"wheel-test-{os.getpid()}-{number}.json"
            shutil.copyfile(path, link)
            links.append(link)
        try:
            result = subprocess.run(
                [CLI, "render", *map(str, links), "--format", format, "--out-dir", directory,
                 "--name-by", "input", *options], capture_output=True, check=False)
        finally:
            for link in links:
                link.unlink()
        assert result.returncode == 0, result.stderr.decode()
        outputs = []
        extension = {"ops": "json", "cii": "xml", "ubl": "xml", "facturx": "pdf"}.get(format, format)
        for link in links:
            single = Path(directory) / f"{link.stem}.{extension}"
            if format in ("png", "svg"):
                pages = [single] if single.exists() else sorted(
                    Path(directory).glob(f"{link.stem}-*.{extension}"),
                    key=lambda page: int(page.stem.rsplit("-", 1)[1]))
                outputs.append([page.read_bytes() for page in pages])
            else:
                outputs.append(single.read_bytes())
        return outputs


def test_the_console_command_is_the_cli():
    command = shutil.which("invoi", path=str(Path(sys.executable).parent))
    assert command is not None, "pip installed no invoi command"
    result = subprocess.run([command, "render", "--sample", "--format", "txt", "--width", "80"],
                            capture_output=True, check=True)
    assert b"INV-0001" in result.stdout
    assert b"Meridian Group" in result.stdout
    version = subprocess.run([command, "--version"], capture_output=True, check=True).stdout.decode().strip()
    assert version == invoi.__version__ == invoi.version()


def test_the_bundled_binary_reads_no_system_fonts():
    environment = invoi._binary.environment()
    assert Path(environment["FONTCONFIG_FILE"]).is_file()
    fonts = Path(environment["FONTCONFIG_FILE"]).parents[1] / "fonts"
    assert sorted(path.name for path in fonts.iterdir()) == ["dejavu", "jetbrains-mono", "liberation2", "wqy"]


@pytest.mark.parametrize("format", invoi.FORMATS)
def test_every_format(format):
    invoice = json.loads(golden("einvoice-xrechnung-de").read_text(encoding="utf-8"))
    output = invoi.render(invoice, format=format)
    if format in ("png", "svg"):
        assert isinstance(output, list) and len(output) == 1
        page = output[0]
        assert page.startswith(b"\x89PNG\r\n\x1a\n") if format == "png" else b"<svg" in page[:200]
    else:
        assert isinstance(output, bytes) and output
        if format in ("pdf", "facturx"):
            assert output.startswith(b"%PDF-")
            if format == "facturx":
                assert b"factur-x.xml" in output
        elif format == "txt":
            assert invoice["invoiceNumber"].encode() in output
        elif format == "ops":
            assert json.loads(output)
        else:
            assert output.startswith(b"<?xml")
            assert (b"CrossIndustryInvoice" if format == "cii" else b"<Invoice") in output[:400]


def test_pages_come_as_a_list_in_order():
    pages = invoi.render(golden("qr-swiss-three-pages"), format="svg")
    assert len(pages) == 3
    assert all(b"<svg" in page[:200] for page in pages)
    assert pages[0] != pages[1]


@pytest.mark.skipif(not CLI, reason="INVOI_CLI names no build to compare with")
@pytest.mark.parametrize("format", ["pdf", "png", "svg", "txt", "facturx"])
def test_the_same_bytes_as_the_cli(format):
    names = [name for name in COMPARED if (GOLDENS / name / "invoice.json").exists()]
    if format == "facturx":
        names = ["einvoice-xrechnung-de"]
    paths = [golden(name) for name in names]
    expected = cli_render(paths, format)
    for name, path, wanted in zip(names, paths, expected):
        assert invoi.render(path, format=format) == wanted, f"{name} as {format} differs from the CLI's"


def test_an_invalid_invoice_raises_with_its_json_path():
    invoice = sample()
    invoice["currency"] = "XXX"
    invoice["lineItems"][1]["quantity"] = "many"
    with pytest.raises(invoi.InvoiceError) as raised:
        invoi.render(invoice)
    error = raised.value
    assert error.exit_code == 65
    paths = {problem.path for problem in error.problems}
    assert {"currency", "lineItems[1].quantity"} <= paths
    assert error.path in paths
    assert "XXX" in str(error) or "many" in str(error) or "quantity" in str(error)


def test_check_lists_every_problem():
    assert invoi.check(golden("sample")) == []
    invoice = sample()
    invoice["currency"] = "XXX"
    invoice["colour"] = "blue"
    problems = invoi.check(invoice)
    assert ("error", "currency") in {(p.severity, p.path) for p in problems}
    assert any(p.severity == "warning" and "colour" in p.message for p in problems)
    # A profile's rules too: the sample has no seller VAT number, which EN 16931 needs.
    assert any(p.severity == "error" for p in invoi.check(golden("sample"), profile="en16931"))


def test_the_schema_is_the_clis():
    schema = invoi.schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "lineItems" in schema["properties"]
    if CLI:
        printed = subprocess.run([CLI, "schema", "invoice"], capture_output=True, check=True).stdout
        assert json.loads(printed) == schema


def test_a_syntax_error_has_its_line_and_column():
    with pytest.raises(invoi.InvoiceError) as raised:
        invoi.render('{"invoiceNumber": "A-1",\n  "lineItems": [}')
    problem = raised.value.problems[0]
    assert (problem.line, problem.column) == (2, 17)


def test_a_missing_file_is_exit_66():
    with pytest.raises(invoi.InvoiceError) as raised:
        invoi.render(Path("/nonexistent/invoice.json"))
    assert raised.value.exit_code == 66


def test_an_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="colour"):
        invoi.render(sample(), colour="blue")
    with pytest.raises(ValueError):
        invoi.render(sample(), format="docx")


def test_options_reach_the_renderer():
    english = invoi.render(sample(), format="txt", width=80)
    german = invoi.render(sample(), format="txt", width=80, language="de", copy_mark="copy")
    assert b"RECHNUNG" in german and b"Kopie" in german and b"INVOICE" in english
    letter = invoi.render(sample(), format="svg", paper="letter")[0]
    assert b'width="612' in letter[:400]


def test_decimals_are_written_as_given():
    invoice = sample()
    invoice["lineItems"] = [{"description": "Tiny", "quantity": Decimal("3"), "rate": Decimal("0.10")}]
    text = invoi.render(invoice, format="txt", width=80).decode()
    assert "$0.30" in text


def test_a_relative_logo_is_found_beside_its_invoice(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # not the invoice's folder
    pdf = invoi.render(golden("logo-svg"))
    assert pdf.startswith(b"%PDF-")


def test_a_hundred_invoices_in_one_process(monkeypatch):
    calls = []
    run, stream = invoi._binary.run, invoi._binary.stream

    def counting(function):
        def counted(arguments, *positional, **keywords):
            calls.append(arguments[0])
            return function(arguments, *positional, **keywords)
        return counted

    monkeypatch.setattr(invoi._binary, "run", counting(run))
    monkeypatch.setattr(invoi._binary, "stream", counting(stream))
    invoices = []
    for number in range(100):
        invoice = sample()
        invoice["invoiceNumber"] = f"INV-{number:04d}"
        invoices.append(invoice)
    pdfs = invoi.render_many(invoices, format="pdf")
    assert calls == ["render"]
    monkeypatch.setattr(invoi._binary, "run", run)
    monkeypatch.setattr(invoi._binary, "stream", stream)
    assert len(pdfs) == 100 and len(set(pdfs)) == 100
    for number, pdf in enumerate(pdfs):
        assert f"INV-{number:04d}".encode() in invoi.render(invoices[number], format="txt")
        assert pdf.startswith(b"%PDF-")
    if CLI:
        with tempfile.TemporaryDirectory() as directory:
            paths = []
            for number, invoice in enumerate(invoices):
                path = Path(directory) / f"{number}.json"
                path.write_text(json.dumps(invoice), encoding="utf-8")
                paths.append(path)
            assert cli_render(paths, "pdf") == pdfs


def test_a_refused_invoice_in_a_batch_is_named_by_index():
    invoices = [sample(), sample(), sample()]
    invoices[1]["currency"] = "XXX"
    with pytest.raises(invoi.InvoiceError) as raised:
        invoi.render_many(invoices)
    assert raised.value.index == 1
    assert raised.value.path == "currency"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test key")
def test_signing_with_a_password_from_the_environment(tmp_path, monkeypatch):
    subprocess.run(
        f"cd {tmp_path} && openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out c.pem -days 3650 "
        "-subj '/CN=invoi wheel test' 2>/dev/null "
        "&& openssl pkcs12 -export -inkey k.pem -in c.pem -out id.p12 -passout pass:secret",
        shell=True, check=True)
    # Signed now: the certificate was made now, and the signing time must fall in its validity.
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    pdf = invoi.render(sample(), sign=tmp_path / "id.p12", sign_password="secret")
    assert b"/ByteRange" in pdf
    assert b"ETSI.CAdES.detached" in pdf or b"adbe.pkcs7.detached" in pdf
    with pytest.raises(invoi.InvoiceError) as raised:
        invoi.render(sample(), sign=tmp_path / "id.p12", sign_password="wrong")
    assert raised.value.exit_code != 0
