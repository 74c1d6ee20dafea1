"""qsearch.grading.sandbox: which files are the student's (traced, their lines counted)."""


def test_the_library_is_its_folders_not_the_prefix(monkeypatch, tmp_path):
    """In Pyodide ``sys.prefix`` is ``/`` and sysconfig's paths start with ``//``: the library is
    still only the standard library and site-packages, so a student's file elsewhere (the
    notebook's, a module beside it) is traced and its endless loop caught."""
    import sysconfig

    from qsearch.grading import sandbox

    monkeypatch.setattr(sandbox.sys, "prefix", "/")
    monkeypatch.setattr(sysconfig, "get_paths", lambda: {
        "stdlib": "//lib/python3.14", "platstdlib": "//lib/python3.14",
        "purelib": "//lib/python3.14/site-packages", "platlib": "//lib/python3.14/site-packages"})
    folders = sandbox._library_folders()
    assert "/" not in folders and "/lib/python3.14" in folders
    monkeypatch.setattr(sandbox, "_LIBRARY", folders)
    assert sandbox._is_student_file("/home/pyodide/student.py")
    assert sandbox._is_student_file(str(tmp_path / "agent.py"))
    assert not sandbox._is_student_file("/lib/python3.14/site-packages/chess/__init__.py")
