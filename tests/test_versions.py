"""Every file that declares the course's dependencies agrees with the others.

The ranges: pyproject.toml's [project] dependencies and its `notebooks` extra (what the lessons'
figures and widgets need), and requirements.txt, which installs posenc with that extra and adds
the Jupyter front end. Each package's range is written in one of these places only.
The exact versions made from them: requirements-oldest.txt pins every floor (CI's floors step
installs it as constraints) and binder/requirements.txt is the lock Binder builds from (generated
from binder/requirements.in by the command in its header). Nothing here needs the network.
"""

import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10, CI's floors step: tomllib's forerunner (requirements-test.txt)
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
EXTRA = "notebooks"
INSTALLS_THE_EXTRA = f"-e .[{EXTRA}]"
OLDEST = "requirements-oldest.txt"
LOCK = "binder/requirements.txt"


def read_requirements(name):
    """The requirements of a requirements file, parsed, and its option lines (-e, -r, -c) as text."""
    requirements, options = [], []
    for line in (ROOT / name).read_text().splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("-"):
            options.append(" ".join(line.split()))
        elif line:
            requirements.append(Requirement(line))
    return requirements, options


def ranges():
    """[(where, requirement)] for every range the course declares, in the order written."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found = [("pyproject.toml's dependencies", Requirement(line)) for line in project["dependencies"]]
    extra = project["optional-dependencies"][EXTRA]
    found += [(f"pyproject.toml's {EXTRA} extra", Requirement(line)) for line in extra]
    found += [("requirements.txt", req) for req in read_requirements("requirements.txt")[0]]
    return found


def ranges_by_package():
    """{package: [(where, requirement)]}: one place each, unless a test below finds otherwise."""
    by_name = {}
    for where, req in ranges():
        by_name.setdefault(canonicalize_name(req.name), []).append((where, req))
    return by_name


def floor(req):
    """The version of the one >= specifier of `req`, or None."""
    floors = [spec.version for spec in req.specifier if spec.operator == ">="]
    return Version(floors[0]) if len(floors) == 1 else None


def pins(name):
    """{package: (version, line)} of a file that should hold exact pins only, and its other lines."""
    requirements, options = read_requirements(name)
    found, loose = {}, list(options)
    for req in requirements:
        specs = list(req.specifier)
        if len(specs) == 1 and specs[0].operator == "==" and "*" not in specs[0].version:
            found[canonicalize_name(req.name)] = (Version(specs[0].version), str(req))
        else:
            loose.append(str(req))
    return found, loose


def test_each_range_is_declared_once_with_one_floor():
    problems = []
    _, options = read_requirements("requirements.txt")
    if INSTALLS_THE_EXTRA not in options:
        problems.append(
            f"requirements.txt should install posenc with its extra, `{INSTALLS_THE_EXTRA}`; its options: {options}"
        )
    for name, places in ranges_by_package().items():
        if len(places) > 1:
            said = "; ".join(f"{where} says {req}" for where, req in places)
            problems.append(f"{name} is declared {len(places)} times ({said}): keep its range in one place")
        problems += [f"{where}: {req} needs exactly one >= floor" for where, req in places if floor(req) is None]
    assert ranges(), "no ranges found: is the parser wrong?"
    assert not problems, "\n".join(problems)


def test_requirements_oldest_pins_every_floor_exactly():
    declared = ranges_by_package()
    pinned, loose = pins(OLDEST)
    problems = [f"{OLDEST}: {line!r} is not an exact pin (name==version)" for line in loose]
    problems += [
        f"{OLDEST} pins {line}, which no range declares" for n, (_, line) in pinned.items() if n not in declared
    ]
    for name, places in declared.items():
        version, line = pinned.get(name, (None, None))
        for where, req in places:
            if floor(req) is None:
                problems.append(f"{where} gives {name} no >= floor for {OLDEST} to pin ({req})")
            elif version is None:
                problems.append(f"{OLDEST} lacks {name}: {where} says {req}, so it should pin {name}=={floor(req)}")
            elif version != floor(req):
                problems.append(f"{OLDEST} pins {line}, but the floor of {name} in {where} is {floor(req)} ({req})")
            elif not req.specifier.contains(version):
                problems.append(f"{OLDEST} pins {line}, which {where} excludes ({req})")
    assert not problems, "\n".join(problems)


def test_the_binder_lock_pins_versions_every_range_allows():
    declared = ranges_by_package()
    locked, loose = pins(LOCK)
    problems = [f"{LOCK}: {line!r} is not an exact pin (a lock pins name==version only)" for line in loose]
    if "posenc" in locked:
        problems.append(f"{LOCK} pins {locked['posenc'][1]}: binder/postBuild installs posenc from the repository")
    for name, places in declared.items():
        for where, req in places:
            if name not in locked:
                problems.append(f"{LOCK} lacks {name}, which {where} declares ({req})")
            elif not req.specifier.contains(locked[name][0]):
                problems.append(f"{LOCK} pins {locked[name][1]}, which {where} does not allow ({req})")
    assert len(locked) > len(declared), f"{LOCK} holds {len(locked)} pins: a lock pins what the ranges pull in too"
    assert not problems, "\n".join(problems) + "\n(regenerate the lock with the command in binder/requirements.in)"
