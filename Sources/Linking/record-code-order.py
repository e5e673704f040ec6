#!/usr/bin/env python3
"""`make code-order`: which functions `peach` and `peach-web` run, written to the order files the
release link places first (Sources/Linking/peach.order, Sources/Linking/peach-web.order).

Why: the kernel maps a program's code 64 KB at a time around each page it runs ("fault-around",
from the page cache), so the functions a process runs are resident with everything near them.
Spread over the 24 MB of code of a static Swift binary, the 2 MB peach-web runs made 17 MB of its
code resident. Placed together they cost about their own size.

How: copies of the release programs (without their debugging sections, which valgrind cannot
read) do what a player does with them under valgrind's callgrind, which names every function that
ran: simulate a history in every mode, the reports, export and import, play a note, train in
`peach run` (every mode from the computer keyboard on a pseudo-terminal, ALSA's `null` device as
the output), and every page of the dashboard. Each program's functions that ran are written in
their present address order, those of `peach run` first: it is the process that stays, so its
code is packed tightest. Functions the recording did not see still work; they only land among the
rest.
"""
import glob, os, pty, re, select, shutil, subprocess, sys, tempfile, threading, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, ".build", "release")
PROGRAMS = {"peach": "Sources/Linking/peach.order", "peach-web": "Sources/Linking/peach-web.order"}


def recorded(directory, work, *arguments, wait=True, log=False):
    """Runs `arguments` (the program in `directory`) under callgrind, children too; without
    `wait`, returns the running process with its output (and with `log`, its log) readable."""
    command = ["valgrind", "--tool=callgrind", "--demangle=no", "--trace-children=yes",
               f"--callgrind-out-file={work}/callgrind.%p", os.path.join(directory, arguments[0]), *arguments[1:]]
    if not wait:
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE if log else subprocess.DEVNULL, text=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def use_the_programs(directory, work):
    """What a player does with them."""
    config = os.path.join(work, "config.yaml")
    with open(config, "w") as file:
        file.write("{}\n")
    listener = os.path.join(work, "listener.yaml")
    with open(listener, "w") as file:
        file.write("psychometric: weibull\nslope: 3.5\nlapse: 0.02\nthresholds: {C2: 20, C4: 5, C6: 20}\n"
                   "learning: {trials: 200, factor: 0.8}\nmatching: {bias: 2, spread: 8}\n")
    history = ["--data-dir", os.path.join(work, "history"), "--config", config]
    recorded(directory, work, "peach", "--help")
    # Four months: the dashboard keeps what is older than a month as a digest. Each simulation comes
    # after the answers already stored and never past now, so the other modes fit into the last day.
    for mode, trials, days in (("compare", 1000, 120), ("compare-intervals", 300, 1), ("match", 300, 1),
                               ("match-intervals", 300, 1)):
        recorded(directory, work, "peach", "simulate", *history, "--listener", listener, "--mode", mode,
                 "--trials", str(trials), "--days", str(days), "--seed", "7")
    data = history[:2]
    soundfont = os.path.join(ROOT, "SoundFonts", "peach.sf2")
    exported = os.path.join(work, "export.csv")
    for command in (["profile", *history], ["profile", "--json", *history], ["history", *data], ["history", "--json", *data],
                    ["config", "--config", config], ["sounds", soundfont], ["export", *data, "--output", exported],
                    ["import", "--data-dir", os.path.join(work, "imported"), exported],
                    ["play", "A4", "--duration", "0.5", "--sound", soundfont, "--output", os.path.join(work, "a4.wav")]):
        recorded(directory, work, "peach", *command)
    train_in_the_box(directory, work, history)
    server = recorded(directory, work, "peach", "web", "--listen", "127.0.0.1:0", *history, wait=False)
    try:
        port = int(server.stdout.readline().rsplit(":", 1)[1].split("/")[0])

        def get(page):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=600) as response:
                    response.read(200_000)
            except (urllib.error.HTTPError, TimeoutError):
                pass

        pages = ("/", "/progress", "/matching", "/history", "/history?mode=match", "/data", "/api/profile",
                 "/export.csv", "/live.js", "/no-such-page", "/../etc/passwd")
        for page in pages:
            get(page)
        # Several clients at once, and the pages again after an answer came (what was kept is reused).
        clients = [threading.Thread(target=lambda: [get(page) for page in pages[:7]]) for _ in range(3)]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        recorded(directory, work, "peach", "simulate", *history, "--listener", listener, "--trials", "5", "--days", "1")
        for page in pages[:3]:
            get(page)
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/events", timeout=20).read(1)
        except OSError:
            pass
    finally:
        server.terminate()
        server.wait()


def train_in_the_box(directory, work, history):
    """`peach run` with the computer keyboard as its controller (on a pseudo-terminal) and ALSA's
    `null` device as its output: a few answers in every mode, a spoken report, stop, quit. Keys are
    sent again until the box's log shows what they did, so a slow recording only takes longer."""
    # Fair scheduling: valgrind runs one thread at a time, and the render thread, never kept waiting
    # by the null device, would otherwise leave the main thread hardly a turn.
    command = ["valgrind", "--tool=callgrind", "--fair-sched=yes", "--demangle=no", f"--callgrind-out-file={work}/callgrind.run.%p",
               os.path.join(directory, "peach"), "run", *history, "--audio-device", "null", "--keyboard",
               "--log-level", "info"]
    pid, terminal = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    seen = bytearray()

    def read(seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([terminal], [], [], 0.2)[0]:
                try:
                    seen.extend(os.read(terminal, 65536))
                except OSError:
                    return

    def until(text, keys, first="", tries=40):
        """Sends `first` once, then `keys` until `text` appears once more than before (each try
        waits 3 s)."""
        before = seen.count(text.encode())
        if first:
            os.write(terminal, first.encode())
            read(3)
        for _ in range(tries):
            for key in keys:
                os.write(terminal, key.encode())
                read(0.3)
            read(3)
            if seen.count(text.encode()) > before:
                return

    try:
        read(5)
        until("peach.result", ["k"], first="1")
        for answer in ("j", "k", "j"):
            until("peach.result", [answer])
        until("saying", ["r"])
        until("peach.result", ["k"], first="2")
        until("peach.result", ["j"])
        until("peach.result", ["l", "L", "h", " "], first="3")
        until("peach.result", ["h", "H", "l", "\r"])
        until("peach.result", ["l", "\x1b[C", "\x1b[1;2D", " "], first="4")
        until("stopping", ["s"])
        os.write(terminal, b"q")
        read(10)
    finally:
        try:
            os.kill(pid, 15)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(terminal)


def functions_run(work, directory, outputs="callgrind.*"):
    """Per program in `directory`: the names of its functions that callgrind saw run (in the
    recordings named by `outputs`). A name is
    given once, where its number first appears (`ob=`/`cob=` objects, `fn=`/`cfn=` functions), and
    a function ran when it has a `fn=` block of its own under an `ob=` of the program."""
    names = {program: set() for program in PROGRAMS}
    compressed = re.compile(r"(c?)(ob|fn)=\((\d+)\)(?: (.*))?")
    for output in glob.glob(os.path.join(work, outputs)):
        defined, program = {"ob": {}, "fn": {}}, None
        with open(output, errors="replace") as file:
            for line in file:
                match = compressed.match(line.rstrip("\n"))
                if not match:
                    continue
                called, kind, number, name = match.groups()
                if name:
                    defined[kind][number] = name
                if called:
                    continue
                if kind == "ob":
                    path = defined["ob"].get(number, "")
                    program = os.path.basename(path) if os.path.dirname(path) == directory else None
                elif program in names:
                    # "name'2" is the same function entered recursively; "0x…" one without a
                    # symbol (the compiler's unnamed functions, gathered by unnamed-functions.ld).
                    names[program].add(re.sub(r"'\d+$", "", defined["fn"].get(number, "")))
    return names


def in_address_order(path, names):
    """The functions of `names` that `path` defines, in the order they lie in it."""
    symbols = subprocess.run(["nm", "-n", "--defined-only", path], capture_output=True, text=True, check=True).stdout
    ordered, seen = [], set()
    for line in symbols.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTwW" and fields[2] in names and fields[2] not in seen:
            ordered.append(fields[2])
            seen.add(fields[2])
    return ordered


def main():
    if shutil.which("valgrind") is None:
        sys.exit("record-code-order: valgrind is needed (make code-order installs it)")
    for program in PROGRAMS:
        if not os.path.exists(os.path.join(RELEASE, program)):
            sys.exit(f"record-code-order: build the release programs first: {program} is missing")
    # The copies sit in the repository's build folder, where they find its SoundFont as the
    # release programs do.
    directory = tempfile.mkdtemp(prefix="code-order-", dir=os.path.join(ROOT, ".build"))
    try:
        with tempfile.TemporaryDirectory(prefix="peach-code-order-") as work:
            for program in PROGRAMS:
                shutil.copy2(os.path.join(RELEASE, program), directory)
                subprocess.run(["strip", "--strip-debug", os.path.join(directory, program)], check=True)
            for resources in glob.glob(os.path.join(RELEASE, "*.resources")):
                shutil.copytree(resources, os.path.join(directory, os.path.basename(resources)))
            use_the_programs(directory, work)
            staying = functions_run(work, directory, "callgrind.run.*")["peach"]
            for program, names in functions_run(work, directory).items():
                path = os.path.join(directory, program)
                first = staying if program == "peach" else set()
                functions = in_address_order(path, first) + in_address_order(path, names - first)
                if len(functions) < 1000:
                    sys.exit(f"record-code-order: only {len(functions)} functions of {program} were seen running; "
                             f"{PROGRAMS[program]} is left as it was")
                with open(os.path.join(ROOT, PROGRAMS[program]), "w") as file:
                    file.write("\n".join(functions) + "\n")
                print(f"{PROGRAMS[program]}: {len(functions)} functions" +
                      (f", the {len(first)} of peach run first" if first else ""))
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
