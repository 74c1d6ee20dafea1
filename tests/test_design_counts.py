"""Every count docs/DESIGN.md states about the tree, computed from the tree (issue 33).

Each test finds the sentence in DESIGN.md that states a count and checks the number against
what the code holds now, so that neither can change without the other.
"""
import ast
import re
from pathlib import Path

import pytest

from qsearch.core.game_entries import compiled_modules
from qsearch.games.protocol import REQUIRED

ROOT = Path(__file__).resolve().parents[1]
DESIGN = (ROOT / "docs" / "DESIGN.md").read_text(encoding="utf-8")
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def stated(pattern: str) -> int:
    """The number (digits or a small number word) DESIGN.md states in ``pattern``'s group."""
    found = re.search(pattern, DESIGN, flags=re.S)
    assert found, f"DESIGN.md no longer says {pattern!r}: update this test with it"
    text = found.group(1)
    return WORDS[text] if text in WORDS else int(text)


def test_the_number_of_compiled_modules():
    pyx = sorted(ROOT.glob("qsearch/**/*.pyx"))
    n = stated(r"`qsearch/<pkg>/<name>\.pyx`, (\d+) of them")
    assert n == len(pyx) == len(compiled_modules())


def test_the_protocols_required_methods():
    assert stated(r"GameProtocol` \(`games/protocol\.py`\): (\w+) required methods") \
        == len(REQUIRED)


def test_the_copies_of_the_generic_negamax():
    source = (ROOT / "qsearch" / "search" / "_engine.pyx").read_text(encoding="utf-8")
    fused = re.search(r"ctypedef fused AnyGame:\n((?:    \w+\n)+)", source)
    members = fused.group(1).split()
    listed = re.search(r"negamax takes the game as a fused type \(([^)]*)\)", DESIGN).group(1)
    assert [m.strip(" `") for m in listed.split(",")] == members
    assert stated(r"Cython compiles it (\w+) times") == len(members)


def test_the_leagues_example_agents():
    agents = sorted((ROOT / "qsearch" / "league" / "examples").glob("*_agent.py"))
    assert stated(r"examples/ \(template and (\w+) agents\)") == len(agents)


def test_the_committed_proofs_counts():
    from qsearch.proofs.quarto_own.format import (
        DEFAULT_PROOF,
        load_proof,
        proof_leaves,
        proof_nodes,
    )

    proof = load_proof(DEFAULT_PROOF)
    leaves = proof_leaves(proof)
    found = re.search(r"The committed proof \(depth (\d+), (\d+) nodes, (\d+) leaves, (\d+)\s+"
                      r"distinct", DESIGN)
    assert found, "DESIGN.md no longer states the committed proof's counts"
    depth, nodes, n_leaves, distinct = map(int, found.groups())
    assert depth == proof["depth"]
    assert nodes == len(proof_nodes(proof))
    assert n_leaves == len(leaves)
    assert distinct == len({node["key"] for node, *_ in leaves})


def _mutations() -> list:
    """The tampering functions ``tests/test_quarto_proof_checker.py`` lists in MUTATIONS."""
    tree = ast.parse((ROOT / "tests" / "test_quarto_proof_checker.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MUTATIONS":
            return [element.elts[0].id for element in node.value.elts]
    pytest.fail("tests/test_quarto_proof_checker.py has no MUTATIONS list")


def test_the_kinds_of_tampering():
    assert stated(r"applies (\d+) kinds of tampering") == len(_mutations())
    listed = re.search(r"\((\d+) of them to the distance: ([^)]*)\)", DESIGN)
    assert listed, "DESIGN.md no longer lists the tampering with the distance"
    assert int(listed.group(1)) == len(listed.group(2).split(", "))
