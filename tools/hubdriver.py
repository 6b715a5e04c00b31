"""Run a real class JupyterHub on 127.0.0.1: used by the hub test (tests/test_hub.py) and the sizing
benchmark (benchmarks/bench_hub.py).

The hub is laid out as the instructor guide's recipe says ("A class hub"): a **server environment**
(``.venv-hub``, from ``requirements-hub.txt``: JupyterHub, JupyterLab, the widget front ends,
nbgitpuller; not the course) and a **kernel environment** (the course's ``.venv``), whose kernel is
registered in the server environment under the course's own name (``posenc``, which the class's editions
ask for), beside the server's own ``python3``. The students' servers can run from a copy of the server
environment laid out as The Littlest JupyterHub lays out its user environment (:func:`tljh_layout`). The proxy,
configurable-http-proxy, comes from the npm registry by ``npm ci`` on ``tools/hub/package-lock.json``
(its exact version, and a sha512 for it and every package it needs).

What differs from a class hub is only what a test needs: the dummy authenticator (any name, any
password), the ``SimpleLocalProcessSpawner`` (no system users: each student's home is a folder under a
temporary directory, and every server runs as the user running the test, with ``--allow-root`` when
that is root), free ports on 127.0.0.1, and an API token for the driver.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from posenc_course.editions import COURSE_KERNEL
from posenc_course.graded import COURSE_ID
from tools.labdriver import _free_port, quiet_lab_settings, wait_for, wait_for_notebook
from tools.locks import held

ROOT = Path(__file__).resolve().parents[1]
ENV = ROOT / ".venv-hub"
REQUIREMENTS = ROOT / "requirements-hub.txt"
PROXY = ROOT / "tools" / "hub"
INSTALL_HINT = "install git and npm (apt-get install git npm): the proxy comes from the npm registry"


def missing_hub_reason() -> str | None:
    """Why a hub cannot run here, or None when it can."""
    missing = [tool for tool in ("git", "npm", "node") if shutil.which(tool) is None]
    if missing:
        return f"no {' or '.join(missing)} on this machine: {INSTALL_HINT}"
    if not sys.platform.startswith("linux"):
        return "the hub test reads /proc to find what it started: it runs on Linux only"
    return None


def _stamp() -> str:
    parts = [REQUIREMENTS, PROXY / "package.json", PROXY / "package-lock.json", ROOT / "tools" / "venv_install.sh"]
    return hashlib.sha256(b"".join(p.read_bytes() for p in parts)).hexdigest()


def build_server_env() -> Path:
    """``.venv-hub``, built (or rebuilt when its requirements or the proxy's lock file changed); its path."""
    with held(ROOT / "build" / "locks" / "venv-hub.lock"):  # the hub test and the sizing benchmark may ask at once
        return _build_server_env()


def _build_server_env() -> Path:
    stamp = ENV / ".requirements-sha256"
    if stamp.exists() and stamp.read_text() == _stamp():
        return ENV
    shutil.rmtree(ENV, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(ENV)], check=True)
    # the course's uv, where .venv has it: tools/venv_install.sh looks for one on PATH
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    subprocess.run(
        ["bash", str(ROOT / "tools" / "venv_install.sh"), str(ENV), "-r", str(REQUIREMENTS)],
        check=True,
        env={**os.environ, "PATH": path},
    )
    proxy = ENV / "proxy"
    proxy.mkdir()
    for name in ("package.json", "package-lock.json"):
        shutil.copy(PROXY / name, proxy / name)
    # npm ci installs exactly the lock file's versions and refuses a tarball whose sha512 differs
    subprocess.run(["npm", "ci", "--omit=dev", "--no-audit", "--no-fund"], cwd=proxy, check=True)
    stamp.write_text(_stamp())
    return ENV


def register_kernel(kernel_python: str, prefix: Path) -> tuple[Path, str]:
    """The recipe's command: the kernel environment's Python registers itself under the course's own kernel
    name in the server environment `prefix` (beside the server's own ``python3``, which it leaves alone).
    Returns the kernelspec's folder and what the command printed.

    ``JUPYTER_PATH`` names the server's folder for the command alone: ipykernel compares where it writes with
    the search path of the Python that runs it (the kernel environment's, which never holds the server's),
    and would warn that the kernelspec "may not be found" where the server does find it."""
    name, display = COURSE_KERNEL["name"], COURSE_KERNEL["display_name"]
    done = subprocess.run(
        [kernel_python, "-m", "ipykernel", "install", "--prefix", str(prefix), "--name", name]
        + ["--display-name", display],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "JUPYTER_PATH": str(prefix / "share" / "jupyter")},
    )
    return prefix / "share" / "jupyter" / "kernels" / name, done.stdout + done.stderr


def tljh_layout(server_env: Path, root: Path) -> Path:
    """A copy of `server_env` at ``root/opt/tljh/user``, where The Littlest JupyterHub keeps the environment its
    students' servers run from (and the course's kernelspec goes); its scripts are pointed at the copy's own
    Python, as an environment built there would have them. Returns the copy's path."""
    user = root / "opt" / "tljh" / "user"
    shutil.copytree(server_env, user, symlinks=True, ignore=shutil.ignore_patterns("proxy", "__pycache__"))
    old, new = f"#!{server_env / 'bin' / 'python'}", f"#!{user / 'bin' / 'python'}"
    for script in (user / "bin").iterdir():
        if script.is_file() and not script.is_symlink():
            head = script.read_bytes()[:200]
            if head.startswith(old.encode()):
                script.write_bytes(new.encode() + script.read_bytes()[len(old) :])
    return user


CONFIG = """\
# written by tools/hubdriver.py for one run; see docs/instructor-guide.md, "A class hub"
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {pid_file!r}
c.JupyterHub.db_url = "sqlite:///{db}"
c.JupyterHub.cookie_secret_file = {cookie!r}
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {homes!r} + "/{{username}}"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.default_url = "/lab"
c.Spawner.args = {args!r}
c.Spawner.environment = {environment!r}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.services = [{{"name": "driver", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [
    {{"name": "driver", "scopes": ["admin:users", "admin:servers", "list:users"], "services": ["driver"]}}
]
"""


class Hub:
    """A JupyterHub on 127.0.0.1 started from `server_env`; students' servers from `user_env` (the same, unless
    said); students' homes under ``self.homes``; `instructors` in the ``instructors`` group, whose servers get
    the formgrader (:data:`INSTRUCTORS_HOOK`)."""

    def __init__(self, server_env: Path, user_env: Path | None = None, instructors: tuple[str, ...] = ()) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="posenc-hub-"))
        self.homes = self.tmp / "homes"
        self.homes.mkdir()
        settings = quiet_lab_settings(self.tmp / "lab-settings")
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        args = ["--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None"]
        if os.geteuid() == 0:
            args.append("--allow-root")
        config = CONFIG.format(
            port=self.port,
            hub_port=_free_port(),
            api_port=_free_port(),
            proxy=str(server_env / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"),
            pid_file=str(self.tmp / "proxy.pid"),
            db=self.tmp / "jupyterhub.sqlite",
            cookie=str(self.tmp / "cookie_secret"),
            homes=str(self.homes),
            singleuser=str((user_env or server_env) / "bin" / "jupyterhub-singleuser"),
            args=args,
            environment={"JUPYTERLAB_SETTINGS_DIR": str(settings)},
            token=self.token,
        )
        if instructors:
            config += "\n" + INSTRUCTORS_HOOK.format(instructors=json.dumps(list(instructors)))
        (self.tmp / "jupyterhub_config.py").write_text(config)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUPYTER_PATH", "JUPYTER_CONFIG_DIR")}
        env.update(PATH=f"{server_env / 'bin'}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(server_env))
        self.log = open(self.tmp / "hub.log", "w")
        self.proc = subprocess.Popen(
            [str(server_env / "bin" / "jupyterhub"), "-f", str(self.tmp / "jupyterhub_config.py")],
            cwd=self.tmp,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_for(self._ready, 90, "the hub to answer")
        except TimeoutError:
            self.close()
            raise

    def _ready(self) -> bool:
        if self.proc.poll() is not None:
            raise RuntimeError(f"JupyterHub exited early:\n{self.log_text()}")
        try:
            return self.api("GET", "/")["version"] is not None
        except OSError:
            return False

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, method: str, path: str) -> dict:
        """A call to the hub's REST API with the driver's token; its JSON answer ({} for none)."""
        request = urllib.request.Request(
            f"{self.base}/hub/api{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            body = answer.read()
        return json.loads(body) if body else {}

    def log_text(self) -> str:
        self.log.flush()
        return (self.tmp / "hub.log").read_text(errors="replace")[-6000:]

    def processes(self) -> dict[int, str]:
        """Every process the hub started, directly or not (proxy, servers, kernels): pid -> command line."""
        return {pid: command_line(pid) for pid in descendants(self.proc.pid)}

    def close(self) -> dict[int, str]:
        """Stop the hub (it stops the proxy and every server, whose kernels stop with them); return what is
        still running after 30 s (then killed), which should be nothing."""
        started = set(descendants(self.proc.pid)) if self.proc.poll() is None else set()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        deadline = time.monotonic() + 30
        while (alive := {pid for pid in started if is_running(pid)}) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = {pid: command_line(pid) for pid in alive}
        for pid in alive:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)
        return left


def descendants(pid: int) -> list[int]:
    """The processes below `pid` (children, their children, ...), read from /proc."""
    parent_of = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent_of[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = [], [pid]
    while todo:
        here = todo.pop()
        children = [p for p, parent in parent_of.items() if parent == here]
        found += children
        todo += children
    return found


def is_running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def rss_mib(pid: int) -> float:
    """The resident memory of one process, in MiB (VmRSS of /proc/PID/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def publish_course(where: Path, name: str) -> tuple[Path, Path]:
    """A course repository as a class publishes it: a git repository `where`/`name` holding the course's
    commit as ``main`` and, on its ``student`` branch, the student edition (tools/publish_edition.py), whose
    links and ``binder/`` name this repository; returns it and the kit folder the edition was built in
    (``kit/student``: edit it and publish again to update the course)."""
    from tools.build_kit import write_edition
    from tools.publish_edition import publish

    origin = where / "origin" / name
    origin.mkdir(parents=True)
    subprocess.run(["git", "init", "--quiet"], cwd=origin, check=True)
    # the course as a class's fork holds it: the commit the edition is built from, which its binder/ installs
    subprocess.run(["git", "fetch", "--quiet", str(ROOT), "HEAD:refs/heads/main"], cwd=origin, check=True)
    kit = where / "kit"
    write_edition("student", kit, url=f"file://{origin}")
    publish(kit / "student", "student", origin)
    return origin, kit


def follow_link(page, link: str, student: str, timeout: float = 180.0) -> None:
    """Open a link to the hub as `student` would: log in on the hub's page if asked (the dummy
    authenticator takes any password), wait out the spawn and nbgitpuller's pull, and stop once the
    notebook it opens shows with its kernel idle."""
    page.goto(link)
    if page.locator("#username_input").count():
        page.fill("#username_input", student)
        page.fill("#password_input", "any password")
        page.click("#login_submit")
    page.wait_for_url(f"**/user/{student}/lab/**", timeout=timeout * 1000)
    wait_for_notebook(page, timeout)


#: nbgrader's parts that are for graders, not students (nbgrader's own table for a hub): the formgrader's
#: server end, switched off for everyone in the server environment and back on for the hub's instructors by
#: :data:`INSTRUCTORS_HOOK`; the formgrader's and the assignment creator's JupyterLab panels, switched off for
#: everyone (an instructor opens the formgrader at its own address: JupyterHub 4.1 and newer show it blank in
#: JupyterLab's panel).
INSTRUCTOR_ONLY_SERVER = "nbgrader.server_extensions.formgrader"
INSTRUCTOR_ONLY_LAB = ("@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment")

HUB_NBGRADER_CONFIG = """\
# nbgrader on the class hub, for every user (the instructor guide, "Grading on the hub")
c = get_config()  # noqa: F821
c.Exchange.root = {exchange!r}
c.CourseDirectory.course_id = {course!r}
"""

#: The lines of ``jupyterhub_config.py`` that give the hub's ``instructors`` group the formgrader: a
#: command-line setting outranks the server environment's, where it is switched off for everyone.
INSTRUCTORS_HOOK = f"""\
c.JupyterHub.load_groups = {{{{"instructors": {{{{"users": {{instructors}}}}}}}}}}
FORMGRADER = '--ServerApp.jpserver_extensions={{{{"{INSTRUCTOR_ONLY_SERVER}": True}}}}'


def formgrader_for_instructors(spawner):
    if any(group.name == "instructors" for group in spawner.user.groups) and FORMGRADER not in spawner.args:
        spawner.args = [*spawner.args, FORMGRADER]


c.Spawner.pre_spawn_hook = formgrader_for_instructors
"""


def _jupyter(server_env: Path, *args: str) -> None:
    """One ``jupyter`` command of the server environment."""
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_CONFIG_DIR", "JUPYTER_PATH")}
    subprocess.run([str(server_env / "bin" / "jupyter"), *args], check=True, capture_output=True, env=env)


def nbgrader_for_the_class(server_env: Path, exchange: Path) -> Path:
    """The guide's set-up of nbgrader on a hub, in the server environment: one exchange folder every user can
    write (created here, mode 1777 as /tmp), named with the course's id in the environment's global
    ``nbgrader_config.py``; the formgrader and the assignment creator switched off for everyone (the hub's
    configuration switches the formgrader's server end back on for its instructors: :data:`INSTRUCTORS_HOOK`).
    Returns the config file."""
    exchange.mkdir(parents=True, exist_ok=True)
    exchange.chmod(0o1777)
    config = server_env / "etc" / "jupyter" / "nbgrader_config.py"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(HUB_NBGRADER_CONFIG.format(exchange=str(exchange), course=COURSE_ID))
    _jupyter(server_env, "server", "extension", "disable", "--sys-prefix", INSTRUCTOR_ONLY_SERVER)
    for plugin in INSTRUCTOR_ONLY_LAB:
        _jupyter(server_env, "labextension", "disable", "--level=sys_prefix", plugin)
    return config


def nbgrader_for_the_instructor(home: Path, course: Path) -> None:
    """What the instructor does once, as themselves: point nbgrader at the graded edition's folder `course`
    (inside `home`, where their server can reach it)."""
    config = home / ".jupyter" / "nbgrader_config.py"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f"c = get_config()  # noqa: F821\nc.CourseDirectory.root = {str(course)!r}\n")


def student_id_stand_in(home: Path, student: str) -> None:
    """On a hub with system users nbgrader names a submission after the OS user that submits it; here every
    server runs as the test's user, so each student's home names its student (the only stand-in of the
    grading round; on a hub whose servers all run as ``jovyan`` nbgrader reads ``JUPYTERHUB_USER`` instead)."""
    config = home / ".jupyter" / "nbgrader_config.py"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f"c = get_config()  # noqa: F821\nc.CourseDirectory.student_id = {student!r}\n")


def log_in(page, base: str, user: str, timeout: float = 180.0) -> None:
    """Log in to the hub at `base` as `user` (any password: the dummy authenticator) and wait until their
    JupyterLab has loaded."""
    page.goto(f"{base}/hub/user-redirect/lab")
    page.fill("#username_input", user)
    page.fill("#password_input", "any password")
    page.click("#login_submit")
    page.wait_for_url(f"**/user/{user}/lab**", timeout=timeout * 1000)
    page.wait_for_selector(".jp-LauncherCard, .jp-DirListing", timeout=timeout * 1000)


#: A call to a user's server as their JupyterLab makes it (session cookie, XSRF token): status and JSON body.
JS_CALL = """([url, method, body]) => {
  const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
  const init = {method, headers: {'X-XSRFToken': decodeURIComponent(xsrf), 'Content-Type': 'application/json'}};
  if (body !== null) init.body = JSON.stringify(body);
  return fetch(url, init).then(async r => {
    const text = await r.text();
    let json = null;
    try { json = JSON.parse(text); } catch (e) {}
    return {status: r.status, json, text: json === null ? text.slice(0, 400) : ''};
  });
}"""


def call(page, path: str, method: str = "GET", body: dict | None = None) -> dict:
    """`path` on the server `page` is logged in to, called from the page: ``{"status", "json", "text"}``."""
    return page.evaluate(JS_CALL, [path, method, body])
