"""fr_dump.py - writes PyTorch Flight Recorder dumps the way torch does.

torch's C++ side (FlightRecorder::dump_dict, pickled by the jit Pickler
with type tags off) writes, per rank, a file named by a prefix plus the
rank (TORCH_NCCL_DEBUG_INFO_TEMP_FILE, default /tmp/nccl_trace_rank_).
This module reproduces that writer's opcodes, field for field:

  PROTO 2; a dict is EMPTY_DICT, then MARK key value ... SETITEMS when it
  is not empty; a list EMPTY_LIST MARK items APPENDS; a 2-tuple TUPLE2;
  a string BINUNICODE, memoised by value (BINPUT / LONG_BINPUT the first
  time, BINGET / LONG_BINGET after); ints BININT1 / BININT2 / BININT /
  LONG1 (8 bytes); floats BINFLOAT (big-endian); None NONE; bools
  NEWTRUE / NEWFALSE; a value shared by several containers (a frame dict
  in several entries' frames) BINPUT after its first push and BINGET
  after; STOP.

Also the two other forms faultline reads: the JSON of torch's dump_json()
(keys sorted as nlohmann's map writes them, process_group as an array, no
frames, 0 for a time not discovered) and a re-save by Python's pickle
(protocol 4, as a framework that loads and rewrites a dump does).

Versions: "2.4" has the fields of entry() below; "2.10" adds thread_name,
thread_id and comm_lib_version. "2.0" (NCCLTraceBuffer::dump() in
TraceUtils.h) writes the top dict as entries, version, pg_config (no
pg_status), each entry without timeout_ms and with its frames last, and
dtypes as caffe2 type names ("float", "c10::BFloat16").
"""

import json
import pickle
import struct


class _Shared(dict):
    """A dict that the writer memoises by identity (torch's use_count > 1)."""
    __hash__ = object.__hash__


def _ver(v):
    return tuple(int(x) for x in v.split("."))


def frame(name, filename, line):
    return _Shared(name=name, filename=filename, line=line)


def entry(record_id, pg_id, pg, cseq, pseq, op_id, pname, in_sizes, in_dtypes, out_sizes, out_dtypes,
          state, t_created, t_started=None, t_completed=None, retired=False, timeout_ms=600000, is_p2p=False,
          frames=None, duration_ms=None, version="2.4", thread=("pt_main_thread", "140212338734912")):
    """One entry, keys in the order getCollectiveTrace() inserts them."""
    e = {}
    old = _ver(version) < (2, 3)
    if frames is not None and not old:
        e["frames"] = list(frames)
    e["record_id"] = record_id
    e["pg_id"] = pg_id
    e["process_group"] = tuple(pg)
    if _ver(version) >= (2, 10):
        e["thread_name"] = thread[0]
        e["thread_id"] = thread[1]
    e["collective_seq_id"] = cseq
    e["p2p_seq_id"] = pseq
    e["op_id"] = op_id
    e["profiling_name"] = pname
    e["time_created_ns"] = t_created
    if duration_ms is not None:
        e["duration_ms"] = float(duration_ms)
    e["input_sizes"] = [list(s) for s in in_sizes]
    e["input_dtypes"] = list(in_dtypes)
    e["output_sizes"] = [list(s) for s in out_sizes]
    e["output_dtypes"] = list(out_dtypes)
    e["state"] = state
    e["time_discovered_started_ns"] = t_started
    e["time_discovered_completed_ns"] = t_completed
    e["retired"] = retired
    if not old:
        e["timeout_ms"] = timeout_ms
    e["is_p2p"] = is_p2p
    if old:
        e["frames"] = list(frames or [])
    return e


def dump(entries, pgs, pg_status, version="2.4", comm_lib_version="2.21.5"):
    """The top dict of dump_dict(): pgs is [(name, desc, [ranks])],
    pg_status {pg_id: (last_enqueued, last_started, last_completed)}."""
    if _ver(version) < (2, 3):
        return {"entries": entries, "version": version,
                "pg_config": {name: {"name": name, "desc": desc,
                                     "ranks": "[" + ", ".join(str(r) for r in ranks) + "]"}
                              for (name, desc, ranks) in pgs}}
    d = {"version": version}
    d["pg_config"] = {name: {"name": name, "desc": desc, "ranks": "[" + ", ".join(str(r) for r in ranks) + "]"}
                      for (name, desc, ranks) in pgs}
    if _ver(version) >= (2, 10):
        d["comm_lib_version"] = comm_lib_version
    d["pg_status"] = {str(k): {"last_enqueued_collective": v[0], "last_started_collective": v[1],
                               "last_completed_collective": v[2]} for k, v in pg_status.items()}
    d["entries"] = entries
    return d


class _JitPickler:
    BINPUT, LONG_BINPUT, BINGET, LONG_BINGET = b"q", b"r", b"h", b"j"

    def __init__(self):
        self.out = bytearray()
        self.memo_id = 0
        self.strings = {}
        self.shared = {}

    def _put(self):
        if self.memo_id <= 255:
            self.out += self.BINPUT + bytes([self.memo_id])
        else:
            self.out += self.LONG_BINPUT + struct.pack("<I", self.memo_id)
        self.memo_id += 1
        return self.memo_id - 1

    def _get(self, i):
        if i <= 255:
            self.out += self.BINGET + bytes([i])
        else:
            self.out += self.LONG_BINGET + struct.pack("<I", i)

    def value(self, v):
        if isinstance(v, _Shared):
            if id(v) in self.shared:
                self._get(self.shared[id(v)])
                return
            self._dict(v)
            self.shared[id(v)] = self._put()
        elif isinstance(v, dict):
            self._dict(v)
        elif isinstance(v, bool):
            self.out += b"\x88" if v else b"\x89"
        elif v is None:
            self.out += b"N"
        elif isinstance(v, int):
            self._int(v)
        elif isinstance(v, float):
            self.out += b"G" + struct.pack(">d", v)
        elif isinstance(v, str):
            if v in self.strings:
                self._get(self.strings[v])
                return
            b = v.encode("utf-8")
            self.out += b"X" + struct.pack("<I", len(b)) + b
            self.strings[v] = self._put()
        elif isinstance(v, tuple):
            for x in v:
                self.value(x)
            if len(v) in (1, 2, 3):
                self.out += bytes([0x84 + len(v)])
            else:
                raise ValueError("tuple size")
        elif isinstance(v, list):
            self.out += b"]("
            for x in v:
                self.value(x)
            self.out += b"e"
        else:
            raise TypeError(type(v))

    def _int(self, n):
        if 0 <= n <= 255:
            self.out += b"K" + bytes([n])
        elif 0 <= n <= 65535:
            self.out += b"M" + struct.pack("<H", n)
        elif -2**31 <= n < 2**31:
            self.out += b"J" + struct.pack("<i", n)
        else:
            self.out += b"\x8a\x08" + struct.pack("<q", n)

    def _dict(self, d):
        self.out += b"}"
        if not d:
            return
        self.out += b"("
        for k, v in d.items():
            self.value(k)
            self.value(v)
        self.out += b"u"


def to_pickle(d):
    """The bytes torch's pickle_str(dump_dict(...)) writes."""
    p = _JitPickler()
    p.out += b"\x80\x02"
    p.value(d)
    p.out += b"."
    return bytes(p.out)


def to_python_pickle(d):
    """A framework's re-save: Python's pickle, protocol 4, plain containers."""
    def plain(v):
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, list):
            return [plain(x) for x in v]
        if isinstance(v, tuple):
            return tuple(plain(x) for x in v)
        return v
    return pickle.dumps(plain(d), protocol=4)


def to_json(d):
    """The bytes of dump_json(): no frames, times 0 when not discovered,
    pg_status values as text, keys sorted (nlohmann's std::map)."""
    def entry_json(e):
        j = {k: v for k, v in e.items() if k != "frames"}
        j["process_group"] = list(e["process_group"])
        for k in ("time_discovered_started_ns", "time_discovered_completed_ns"):
            j[k] = j[k] or 0
        return j
    j = {k: v for k, v in d.items() if k != "entries"}
    j["pg_status"] = {pg: {k: str(v) for k, v in st.items()} for pg, st in d["pg_status"].items()}
    if d["entries"]:
        j["entries"] = [entry_json(e) for e in d["entries"]]
    return json.dumps(j, sort_keys=True, separators=(",", ":")).encode()
