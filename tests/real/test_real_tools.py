#!/usr/bin/env python3
"""Tests of the corpus tools themselves: check_sidecars.py must report
each kind of broken excerpt, and score.py must count right, wrong,
unscored and failed answers as documented. Each test builds its own small
corpus in a temporary directory."""
import io
import json
import pathlib
import sys
import tarfile
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
# Importing the sibling scripts must not leave __pycache__ in the source tree.
sys.dont_write_bytecode = True
import baseline  # noqa: E402
import check_sidecars  # noqa: E402
import score  # noqa: E402

SCHEMA = score.ROOT / "tests" / "e2e" / "report.schema.json"


def sidecar(source="pytorch/pytorch#69197", **fields):
    repo, number = source.split("#")
    side = {"source": source, "url": f"https://github.com/{repo}/issues/{number}",
            "title": "t", "what_happened": "w", "cause": "rendezvous_error",
            "first_rank": None, "hang_collective": None, "world_size": None,
            "notes": "n"}
    side.update(fields)
    return side


class Corpus:
    """A throw-away corpus: dev/, test/ and reference-threads.txt."""

    def __init__(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.tmp.name)
        for half in ("dev", "test"):
            (self.root / half).mkdir()
        (self.root / "reference-threads.txt").write_text("# refs\nNVIDIA/nccl#928\n")

    def add(self, half, slug, side, log="a log line\n"):
        (self.root / half / f"{slug}.log").write_text(log)
        (self.root / half / f"{slug}.json").write_text(json.dumps(side))

    def check(self):
        out = io.StringIO()
        old, sys.stdout = sys.stdout, out
        try:
            rc = check_sidecars.main(["x", str(self.root), str(SCHEMA)])
        finally:
            sys.stdout = old
        return rc, out.getvalue()


class CheckSidecars(unittest.TestCase):
    def setUp(self):
        self.corpus = Corpus()
        self.addCleanup(self.corpus.tmp.cleanup)

    def test_a_valid_corpus_passes(self):
        self.corpus.add("test", "pytorch-69197-store", sidecar())
        self.corpus.add("dev", "stanford_alpaca-207-ib", sidecar("tatsu-lab/stanford_alpaca#207"))
        rc, out = self.corpus.check()
        self.assertEqual(rc, 0, out)

    def test_each_defect_is_reported(self):
        cases = [
            ("pytorch-69197-a", sidecar(cause="bogus"), "not a contract cause id"),
            ("pytorch-69197-b", sidecar(first_rank=-1), "first_rank"),
            ("pytorch-69197-c", sidecar(world_size=0), "world_size"),
            ("pytorch-69197-d", sidecar(hang_collective="allreduce"), "hang_collective"),
            ("pytorch-69197-e", dict(sidecar(), extra=1), "unknown ['extra']"),
            ("pytorch-1-f", sidecar(), "slug does not carry the thread number 69197"),
            ("pytorch-69197-g", sidecar(url="https://example.com/x"), "does not point at"),
            ("Pytorch-69197-h", sidecar(), "slug must be"),
        ]
        for slug, side, message in cases:
            with self.subTest(slug=slug):
                corpus = Corpus()
                self.addCleanup(corpus.tmp.cleanup)
                corpus.add("test", slug, side)
                rc, out = corpus.check()
                self.assertEqual(rc, 1, out)
                self.assertIn(message, out)

    def test_a_thread_in_both_halves_is_reported(self):
        self.corpus.add("test", "pytorch-69197-a", sidecar())
        self.corpus.add("dev", "pytorch-69197-b", sidecar())
        rc, out = self.corpus.check()
        self.assertEqual(rc, 1)
        self.assertIn("is in both halves", out)

    def test_a_reference_thread_in_the_test_half_is_reported(self):
        self.corpus.add("test", "nccl-928-ib", sidecar("NVIDIA/nccl#928"))
        rc, out = self.corpus.check()
        self.assertEqual(rc, 1)
        self.assertIn("reference thread", out)
        dev = Corpus()
        self.addCleanup(dev.tmp.cleanup)
        dev.add("dev", "nccl-928-ib", sidecar("NVIDIA/nccl#928"))
        self.assertEqual(dev.check()[0], 0)

    def test_unpaired_and_empty_excerpts_are_reported(self):
        self.corpus.add("test", "pytorch-69197-a", sidecar(), log="  \n")
        (self.corpus.root / "test" / "pytorch-69197-b.log").write_text("x\n")
        rc, out = self.corpus.check()
        self.assertEqual(rc, 1)
        self.assertIn("excerpt is empty", out)
        self.assertIn("must come in pairs", out)


class Score(unittest.TestCase):
    def setUp(self):
        self.corpus = Corpus()
        self.addCleanup(self.corpus.tmp.cleanup)
        self.corpus.add("test", "pytorch-69197-a",
                        sidecar(cause="gpu_oom", first_rank=3, world_size=8))
        self.corpus.add("test", "pytorch-69197-b",
                        sidecar(cause=None, hang_collective="ALLREDUCE"))
        self.corpus.add("test", "pytorch-69197-c", sidecar(cause="none"))

    def run_half(self, predict):
        return score.score_half("test", predict, 2, self.corpus.root)

    def test_only_non_null_sidecar_fields_are_scored(self):
        answers = {"pytorch-69197-a": ("gpu_oom", 3, None, 8),
                   "pytorch-69197-b": ("process_crash", None, "ALLREDUCE", 2),
                   "pytorch-69197-c": ("host_oom", 0, "BROADCAST", 1)}

        def predict(log):
            return dict(zip(score.FIELDS, answers[log.stem]))
        res = self.run_half(predict)
        self.assertEqual(res["excerpts"], 3)
        self.assertEqual(res["tally"], {"cause": [1, 2], "first_rank": [1, 1],
                                        "hang_collective": [1, 1], "world_size": [1, 1]})
        self.assertEqual(res["family"], {"gpu_oom": [1, 1], "none": [0, 1]})
        self.assertEqual(res["misses"], [("pytorch-69197-c", "cause", "none", "host_oom")])
        self.assertEqual(res["errors"], [])

    def test_tool_errors_are_listed_not_scored(self):
        def predict(log):
            raise score.ToolError("exit 1: boom")
        res = self.run_half(predict)
        self.assertEqual(len(res["errors"]), 3)
        self.assertEqual(res["tally"]["cause"], [0, 0])

    def test_answers_are_read_from_a_report(self):
        report = {"run": {"ranks": 16},
                  "verdict": {"likely_cause": {"id": "collective_hang"},
                              "first_failure": None,
                              "hang": {"collective": "_ALLGATHER_BASE"}}}
        self.assertEqual(score.answers_from_report(report),
                         {"cause": "collective_hang", "first_rank": None,
                          "hang_collective": "_ALLGATHER_BASE", "world_size": 16})

    def test_floor(self):
        floor = self.corpus.root / "floor.json"
        res = {"half": "test", "tally": {"cause": [2, 4], "first_rank": [1, 1]}}
        floor.write_text(json.dumps({"min_accuracy": {"cause": 0.5, "first_rank": 1.0}}))
        self.assertEqual(score.check_floor([res], floor), [])
        floor.write_text(json.dumps({"min_accuracy": {"cause": 0.51}}))
        self.assertEqual(len(score.check_floor([res], floor)), 1)

    def test_floor_of_a_wrap(self):
        floor = self.corpus.root / "floor.json"
        res = {"half": "test", "tally": {"cause": [2, 4], "first_rank": [1, 1]}}
        floor.write_text(json.dumps({"min_accuracy": {"cause": 0.9},
                                     "wrapped": {"kubectl": {"cause": 0.5}}}))
        self.assertEqual(score.check_floor([res], floor, "kubectl"), [])
        self.assertEqual(len(score.check_floor([res], floor)), 1)
        missing = score.check_floor([res], floor, "compose")
        self.assertEqual(len(missing), 1)
        self.assertIn("no floor for --wrap compose", missing[0])

    def test_wraps_keep_every_line_and_its_bytes(self):
        data = b"a\n  File \"x.py\", line 3\n\xff\n"
        k = score.wrap_text(data, "kubectl").decode("utf-8", "surrogateescape").split("\n")
        self.assertEqual(k[:3], ["2024-05-01T12:00:00.000000123Z a",
                                 "2024-05-01T12:00:00.001000123Z   File \"x.py\", line 3",
                                 "2024-05-01T12:00:00.002000123Z \udcff"])
        self.assertEqual(k[3], "")
        self.assertEqual(score.wrap_text(b"a\nb", "crlf"), b"a\r\nb\r\n")
        self.assertEqual(score.wrap_text(b"a\n", "compose"), b"trainer-1  | a\n")
        self.assertTrue(score.wrap_text(b"a\n", "journald").startswith(
            b"May 01 12:00:00.000000 gpu-node-07 python3[4242]: a"))

    def test_a_wrapped_excerpt_keeps_its_name(self):
        seen = []
        self.corpus.add("test", "pytorch-69197-store", sidecar(), log="x\n")
        log = self.corpus.root / "test" / "pytorch-69197-store.log"

        def predict(path):
            seen.append((path.name, path.read_bytes()))
            return {"cause": "rendezvous_error", "first_rank": None,
                    "hang_collective": None, "world_size": None}
        score.wrapped_predictor(predict, "compose")(log)
        self.assertEqual(seen, [("pytorch-69197-store.log", b"trainer-1  | x\n")])

    def test_the_analysed_name_is_the_lines_own_not_the_slug(self):
        self.corpus.add("test", "pytorch-69197-rank3-store", sidecar())
        side = sidecar()
        side["source"] = "loubnabnl/nanotron-smol-cluster (logs/32n-3619762.out)"
        self.corpus.add("test", "nanotron-smol-rank3-out", side)
        half = self.corpus.root / "test"
        self.assertEqual(score.analysed_name(half / "pytorch-69197-rank3-store.log"), "excerpt.log")
        self.assertEqual(score.analysed_name(half / "nanotron-smol-rank3-out.log"), "32n-3619762.out")

    def test_per_rank_files_keep_every_line_in_its_process_file(self):
        data = (b"+ srun -l python train.py\n"
                b" 3: [rank3]: RuntimeError: boom\n"
                b"12: loss 2.5\n"
                b" 3: done\n"
                b"srun: error: n1: task 3: Exited with exit code 1\n")
        files = score.split_by_rank(data, "slurm-7.out")
        self.assertEqual(files, {
            "slurm-7.out": b"+ srun -l python train.py\n"
                           b"srun: error: n1: task 3: Exited with exit code 1\n",
            "task-3.out": b" 3: [rank3]: RuntimeError: boom\n 3: done\n",
            "task-12.out": b"12: loss 2.5\n"})
        # torch's prefix names more processes here than srun's label
        torch = score.split_by_rank(b"0: [rank0]: a\n0: [rank1]: b\n0: [rank2]: c\n", "x")
        self.assertEqual(sorted(torch), ["rank0.log", "rank1.log", "rank2.log"])
        local = score.split_by_rank(b"[default0]:a\n[default1]:b\n", "x")
        self.assertEqual(sorted(local), ["attempt_0/0/stdout.log", "attempt_0/1/stdout.log"])
        self.assertIsNone(score.split_by_rank(b"[rank0]: a\nb\n", "x"))

    def test_per_rank_bundles_are_packed_both_ways_and_must_agree(self):
        self.corpus.add("test", "pytorch-69197-split", sidecar(),
                        log="[rank0]: a\n[rank1]: b\n")
        log = self.corpus.root / "test" / "pytorch-69197-split.log"
        orders = []

        def predict(path, name=None):
            with tarfile.open(path) as tar:
                orders.append(tar.getnames())
            first = 0 if len(orders) == 1 else 1
            return {"cause": "gpu_oom", "first_rank": first,
                    "hang_collective": None, "world_size": 2}
        got = score.per_rank_predictor(predict)(log)
        self.assertEqual(orders, [["job/rank0.log", "job/rank1.log"],
                                  ["job/rank1.log", "job/rank0.log"]])
        self.assertEqual(got, {"cause": "gpu_oom", "first_rank": "order-dependent",
                               "hang_collective": None, "world_size": 2})


class Baseline(unittest.TestCase):
    def test_first_rule_in_table_order_and_rank_on_a_matching_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            log = pathlib.Path(tmp) / "x.log"
            log.write_text("[rank1]: starting, nranks 4\n"
                           "[rank5]: RuntimeError: CUDA out of memory. Tried\n"
                           "[rank2]: Segmentation fault\n"
                           "WorkNCCL(SeqNum=3, OpType=BROADCAST, Timeout(ms)=1)\n")
            got = baseline.predict(log)
        # gpu_oom comes before process_crash in the contract's table; the
        # rank is taken from the first line a rule matches, not line one.
        self.assertEqual(got, {"cause": "gpu_oom", "first_rank": 5,
                               "hang_collective": "BROADCAST", "world_size": 4})

    def test_nothing_matches(self):
        with tempfile.TemporaryDirectory() as tmp:
            log = pathlib.Path(tmp) / "x.log"
            log.write_text("step 10 loss 2.5\n")
            got = baseline.predict(log)
        self.assertEqual(got, {"cause": "none", "first_rank": None,
                               "hang_collective": None, "world_size": None})


if __name__ == "__main__":
    unittest.main()
