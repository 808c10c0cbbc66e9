"""The installed package works through spaCy's entry points, without importing spacy_anon first."""
import subprocess
import sys
import textwrap

import pytest

def run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=120)


def test_anon_mask_from_entry_point_without_importing_spacy_anon():
    done = run_python("""
        import sys
        import spacy
        assert "spacy_anon" not in sys.modules
        nlp = spacy.blank("en")
        nlp.add_pipe("anon_mask")
        doc = nlp("Mail jane@example.com")
        assert doc._.anon_status == "ok", doc._.anon_status
        assert "jane@example.com" not in doc._.anon_text, "e-mail not masked"
        assert doc._.anon_text.startswith("Mail ")
        rows = doc._.anon_table
        assert [(r["start"], r["end"]) for r in rows] == [(5, 21)], rows
        print("OK")
    """)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "OK"


def test_all_declared_factories_resolve():
    done = run_python("""
        from importlib.metadata import entry_points
        eps = entry_points(group="spacy_factories")
        names = sorted(ep.name for ep in eps if ep.value.startswith("spacy_anon."))
        assert names, "no spacy_anon factories registered: is the package installed?"
        missing = []
        for ep in eps:
            if ep.value.startswith("spacy_anon."):
                try:
                    ep.load()
                except ImportError as err:
                    missing.append(f"{ep.name}: {err}")
        print("\\n".join(missing))
    """)
    assert done.returncode == 0, done.stderr[-3000:]
    missing = [line for line in done.stdout.splitlines() if line.strip()]
    assert not missing, "declared factories that do not load: " + "; ".join(missing)


def test_python_m_help():
    done = subprocess.run([sys.executable, "-m", "spacy_anon", "--help"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "anonymize" in done.stdout and "demo" in done.stdout


def test_console_script_help():
    import shutil
    from pathlib import Path

    script = Path(sys.executable).parent / "spacy-anon"
    if not script.exists():
        found = shutil.which("spacy-anon")
        if not found:
            pytest.skip("spacy-anon console script not on this interpreter's path")
        script = Path(found)
    done = subprocess.run([str(script), "anonymize", "--help"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "--format" in done.stdout


def test_corpus_label_map_resolves_from_entry_point_without_importing_spacy_anon():
    done = run_python("""
        import sys
        import spacy
        make = spacy.registry.misc.get("spacy_anon.corpus_label_map.v1")
        assert make("deid")["HCPName"] == "PERSON"
        print("OK")
    """)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "OK"
