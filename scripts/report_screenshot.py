"""Save a PNG of the review report of an anonymized JSONL output (for the README and for a visual check).

    python scripts/report_screenshot.py OUT.jsonl -o report.png [--html report.html] [--width 1400]

OUT.jsonl is the output of `spacy-anon anonymize --include-original`. The page is written with
`spacy-anon report --include-original` (to --html, or to a temporary file that is removed afterwards) and
photographed by headless Chromium (Debian: `apt-get install chromium`). The PNG shows original values.
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from spacy_anon.cli import main as spacy_anon

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    sys.exit("report_screenshot: no Chromium found (Debian: apt-get install chromium)")


def screenshot(html_path: Path, png: Path, width: int, height: int, fragment: str = "") -> None:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([find_browser(), "--headless", "--no-sandbox", "--disable-gpu",
                               "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
                               f"--user-data-dir={profile}", f"--window-size={width},{height}",
                               "--virtual-time-budget=3000", f"--screenshot={png.resolve()}",
                               html_path.resolve().as_uri() + fragment],
                              capture_output=True, text=True, timeout=180)
    if done.returncode != 0 or not png.exists():
        sys.exit(f"report_screenshot: chromium failed ({done.returncode}): {done.stderr[-500:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", type=Path, help="output of spacy-anon anonymize --include-original")
    parser.add_argument("-o", "--output", type=Path, required=True, help="PNG to write")
    parser.add_argument("--html", type=Path, default=None, help="also keep the HTML page here")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1000)
    parser.add_argument("--filters", default="", help='filters preset in the address, e.g. "min=0.5&labels=PERSON"')
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        page = args.html or Path(tmp) / "report.html"
        code = spacy_anon(["report", str(args.input), "-o", str(page), "--include-original", "--quiet"])
        if code:
            return code
        screenshot(page, args.output, args.width, args.height, f"#{args.filters}" if args.filters else "")
    print(f"report_screenshot: {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
