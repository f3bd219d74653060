"""What the Python API costs beside the command line: `tools/wheel --bench`.

Run with the Python of a venv that has the wheel installed. Interleaved runs, medians:
- one invoice: `invoi.render(path)` against the same binary run as a process writing the PDF
  (`invoi render PATH -o FILE`), both started from this Python process, wall time and CPU time
  (this process's and its children's);
- a batch: `invoi.render_many(100 invoices)` against `invoi render --jsonl FILE --out-dir DIR`,
  per invoice.
The budgets: one invoice ≤ 1.1× the command, a batch ≤ 1.05× per invoice.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import invoi
import invoi._binary

sample_path = Path(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 40
os.environ["SOURCE_DATE_EPOCH"] = "1767225600"


def cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(work) -> tuple[float, float]:
    wall, processor = time.perf_counter(), cpu()
    work()
    return time.perf_counter() - wall, cpu() - processor


def command(arguments, **keywords):
    result = subprocess.run([str(invoi._binary.executable()), *arguments], env=invoi._binary.environment(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False, **keywords)
    assert result.returncode == 0, result.stderr.decode()


def compare(name, api, cli, per=1, budget=1.1):
    api_times, cli_times = [], []
    api(), cli()  # warm the page cache and fontconfig's cache
    for _ in range(runs):
        api_times.append(measure(api))
        cli_times.append(measure(cli))
    api_wall = statistics.median(t[0] for t in api_times) / per
    cli_wall = statistics.median(t[0] for t in cli_times) / per
    api_cpu = statistics.median(t[1] for t in api_times) / per
    cli_cpu = statistics.median(t[1] for t in cli_times) / per
    print(f"{name}: API {api_wall * 1e3:.2f} ms wall, {api_cpu * 1e3:.2f} ms CPU; "
          f"command {cli_wall * 1e3:.2f} ms wall, {cli_cpu * 1e3:.2f} ms CPU; "
          f"ratio {api_wall / cli_wall:.3f} wall, {api_cpu / cli_cpu:.3f} CPU (budget {budget})")
    return api_cpu / cli_cpu <= budget


with tempfile.TemporaryDirectory() as directory:
    output = Path(directory) / "out.pdf"

    def cli_one():
        output.unlink(missing_ok=True)
        command(["render", str(sample_path), "-o", str(output)])

    ok = compare("one invoice (pdf)", lambda: invoi.render(sample_path), cli_one)

    invoice = json.loads(sample_path.read_text(encoding="utf-8"))
    invoices = []
    for number in range(100):
        copy = dict(invoice)
        copy["invoiceNumber"] = f"INV-{number:04d}"
        invoices.append(copy)
    lines = Path(directory) / "batch.jsonl"
    lines.write_text("".join(json.dumps(item) + "\n" for item in invoices), encoding="utf-8")
    batch_directory = Path(directory) / "batch"

    def cli_batch():
        if batch_directory.exists():
            for file in batch_directory.iterdir():
                file.unlink()
        command(["render", "--jsonl", str(lines), "--out-dir", str(batch_directory), "--format", "pdf"])

    ok = compare("100 invoices (pdf), per invoice", lambda: invoi.render_many(invoices), cli_batch, per=100,
                 budget=1.05) and ok
sys.exit(0 if ok else 1)
