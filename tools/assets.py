"""The course's browser assets, one place for the site, the slides and the handout.

``site/assets.json`` records each npm package the pages ship (its version, the sha512 npm publishes, the
files to copy and where its licence is). :func:`npm_tarball` fetches each with ``npm pack`` into a cache,
once, and refuses a tarball whose hash differs; :func:`unpack_assets` copies the files into a page's
``static/`` folder and returns what it shipped, for the licence list.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

from tools.locks import held

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "site" / "assets.json"
STATIC = "static"

#: How KaTeX's auto-render finds the lessons' maths, on the site's pages and the slides alike: $...$
#: and $$...$$ as the notebooks' markdown writes them, never inside an output or a code listing.
KATEX_OPTIONS = json.dumps(
    {
        "delimiters": [{"left": "$$", "right": "$$", "display": True}, {"left": "$", "right": "$", "display": False}],
        "ignoredClasses": ["jp-OutputArea", "highlight"],
        "throwOnError": False,
    }
)


def cached_tarball(name: str, version: str, cache: Path) -> Path:
    """Where ``npm pack name@version`` run in `cache` writes its tarball."""
    return cache / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"


def npm_tarball(name: str, version: str, integrity: str, cache: Path) -> Path:
    """``npm pack name@version`` into `cache` (once), checked against the recorded sha512."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cached_tarball(name, version, cache)
    with held(cache / ".lock"):  # the site's and the handout's tests may fetch the same tarball at once
        if not path.exists():
            npm = shutil.which("npm")
            if npm is None:
                raise SystemExit("npm is needed to fetch the site's browser bundles (Debian: apt-get install npm).")
            pack = [npm, "pack", f"{name}@{version}", "--silent"]
            subprocess.run(pack, cwd=cache, check=True, stdout=subprocess.DEVNULL)
        digest = "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()
        if digest != integrity:
            path.unlink()
            raise SystemExit(
                f"{name}@{version}: the tarball's hash {digest} is not the recorded {integrity}; refusing it."
            )
    return path


def _read(archive: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    """The bytes of a regular file in an npm tarball."""
    handle = archive.extractfile(member)
    if handle is None:
        raise SystemExit(f"{archive.name!s}: {member.name} is not a regular file")
    return handle.read()


def unpack_assets(out: Path, cache: Path, use: str = "site", names: set[str] | None = None) -> list[dict]:
    """Copy each package's files into ``out/static``; return what was shipped, for the licence list.

    `use` is ``"site"`` or ``"slides"``: a package marked ``"only": "slides"`` ships with the slides alone.
    `names`, when given, keeps only those npm packages (the handout needs KaTeX alone)."""
    major = importlib.metadata.version("ipywidgets").split(".")[0]
    if major != "8":  # html-manager 1.x renders the widget state of ipywidgets 8
        raise SystemExit(f"site/assets.json pins html-manager 1.x, for ipywidgets 8; found ipywidgets {major}.x.")
    shipped = []
    for package in json.loads(ASSETS.read_text(encoding="utf-8"))["packages"]:
        if package.get("only", use) != use or (names is not None and package["name"] not in names):
            continue
        tarball = npm_tarball(package["name"], package["version"], package["integrity"], cache)
        with tarfile.open(tarball) as archive:
            members = {m.name: m for m in archive.getmembers() if m.isfile()}
            for source, target in package["copy"].items():
                for name, member in members.items():
                    if name != source and not name.startswith(source + "/"):
                        continue
                    if any(name.endswith(s) for s in package["skip"]):
                        continue
                    relative = Path(target) / Path(name).relative_to(source) if name != source else Path(target)
                    destination = out / STATIC / relative
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    destination.write_bytes(_read(archive, member))
            meta = json.loads(_read(archive, members["package/package.json"]))
            licence = out / STATIC / "licences" / f"{package['name'].lstrip('@').replace('/', '-')}.txt"
            licence.parent.mkdir(parents=True, exist_ok=True)
            text = _read(archive, members[package["licence_file"]])
            if "licence_lines" in package:  # the licence is the file's header comment
                text = b"\n".join(text.splitlines()[: package["licence_lines"]]) + b"\n"
            if "project_licence_from_python_package" in package:  # the npm package carries no LICENSE of its own
                dist = importlib.metadata.distribution(package["project_licence_from_python_package"])
                own = next(f for f in dist.files or () if f.name in ("LICENSE", "LICENSE.txt", "COPYING.md"))
                text = own.read_text().encode() + b"\n\nNotices of the code bundled in embed-amd.js:\n\n" + text
            licence.write_bytes(text)
        shipped.append(
            package | {"license": meta.get("license", "see the file"), "licence_path": licence.relative_to(out)}
        )
    return shipped
