"""``python -m qsearch bench`` shows each table as it finishes: printed, and added to
``--output``'s file, before the next one starts; Ctrl-C keeps every finished table and says
which were not run. Stand-in tables (no timing): the second one checks what is already shown
when it starts, or raises KeyboardInterrupt as Ctrl-C would."""
from __future__ import annotations

import pytest

import qsearch
import qsearch.bench
from qsearch.__main__ import main
from qsearch.bench import Section


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


def tables(monkeypatch, second):
    """Three stand-in tables (``one``, ``two`` = ``second``, ``three``) as bench's tables;
    returns the names of those whose rows were asked for."""
    called = []

    def rows(name, value):
        def make():
            called.append(name)
            return [{"table": name, "n": value}]
        return make

    def two():
        called.append("two")
        return second()

    found = [Section("one", "One", rows("one", 1)), Section("two", "Two", two),
             Section("three", "Three", rows("three", 3))]
    monkeypatch.setattr(qsearch.bench, "all_sections", lambda options: found)
    return called


ONE = "### One\n\n| table | n |\n|---|---|\n| one | 1 |\n"
THREE = "### Three\n\n| table | n |\n|---|---|\n| three | 3 |\n"


def test_each_table_is_printed_and_written_before_the_next_starts(monkeypatch, capsys,
                                                                  tmp_path):
    out = tmp_path / "bench.md"
    seen = {}

    def second():
        seen["printed"] = capsys.readouterr().out
        seen["written"] = out.read_text()
        return [{"table": "two", "n": 2}]

    called = tables(monkeypatch, second)
    assert main(["bench", "--output", str(out)]) == 0
    assert called == ["one", "two", "three"]
    assert seen["printed"] == ONE + "\n"
    assert seen["written"] == f"Measured by `python -m qsearch bench --output {out}`.\n\n{ONE}"
    two = "### Two\n\n| table | n |\n|---|---|\n| two | 2 |\n"
    # the same text as when the tables were printed and written all at once at the end
    assert capsys.readouterr().out == two + "\n" + THREE + "\n"
    assert out.read_text() == (f"Measured by `python -m qsearch bench --output {out}`.\n\n"
                               + "\n".join([ONE, two, THREE]))


def test_ctrl_c_keeps_the_finished_tables_and_names_those_not_run(monkeypatch, capsys,
                                                                  tmp_path):
    def second():
        raise KeyboardInterrupt

    called = tables(monkeypatch, second)
    out = tmp_path / "bench.md"
    assert main(["bench", "--output", str(out)]) == 130
    assert called == ["one", "two"]                   # three never started
    printed = capsys.readouterr()
    assert printed.out == ONE + "\n"
    assert printed.err.endswith("\nstopped: 1 of 3 tables finished; not run: two, three\n")
    assert out.read_text() == (f"Measured by `python -m qsearch bench --output {out}`.\n\n"
                               f"{ONE}\nstopped: 1 of 3 tables finished; not run: two, "
                               "three\n")


def test_ctrl_c_in_the_first_table_leaves_a_file_that_says_so(monkeypatch, capsys, tmp_path):
    def first():
        raise KeyboardInterrupt

    monkeypatch.setattr(qsearch.bench, "all_sections",
                        lambda options: [Section("one", "One", first)])
    out = tmp_path / "bench.md"
    qsearch.set_language("es")
    assert main(["bench", "--only", "one", "--output", str(out)]) == 130
    assert capsys.readouterr().out == ""
    assert out.read_text() == (f"Medido con `python -m qsearch bench --only one --output "
                               f"{out}`.\n\ndetenido: 0 de 1 tablas terminadas; sin ejecutar: "
                               "one\n")


def test_repeats_help_gives_each_tables_own_default(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "(default 3; 1 with --quick)" not in text
    assert "default: each table's own, which it states: mostly 3, 1 with --quick; 1 for the " \
           "long runs" in text


def test_an_output_file_that_cannot_be_written_is_refused_before_any_table(monkeypatch, capsys,
                                                                             tmp_path):
    called = tables(monkeypatch, lambda: [])
    assert main(["bench", "--output", str(tmp_path / "no" / "such" / "bench.md")]) == 2
    assert called == []
    assert "error: cannot write --output " in capsys.readouterr().err
