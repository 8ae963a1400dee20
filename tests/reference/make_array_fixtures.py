#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes tests/reference/arrays/: the files attention-viz loads, written by NumPy itself, and bad ones.

Run:  /usr/bin/python3 tests/reference/make_array_fixtures.py tests/reference/arrays

Good files (manifest.json lists each with the shape and the float32 values NumPy reads back, as
np.load(f).astype(np.float32), base64 little-endian; "tokens" where a CSV has names):
  every dtype (float16/32/64, int8/16/32/64, uint8/16/32/64, bool), both byte orders, C and Fortran order,
  .npy format versions 1.0, 2.0 and 3.0, the shapes (L, d), (B, L, d), (B, H, L, d), (layers, B, H, L, S),
  NaN and Inf values, .npz archives stored and deflate-compressed with q, k, v, weights, attn and tokens, Q and
  K saved from PyTorch with PyTorch's softmax beside them, tools/capture_attention.py's demo capture (a random
  nn.TransformerEncoder's per-head weights and layer 0's q, k, v), and CSV/TSV with and without names.
Bad files (manifest "bad": the file and the words the program's message must contain), each made by hand from
a good one: truncated data, a header that lies about the shape, sizes whose product overflows, a negative size,
complex and text dtypes, an object (pickled) array, a structured array, a wrong magic, version 9.0, a header
longer than the file, ragged and non-numeric CSV cells, an empty CSV, an npz entry that is not an .npy, an npz
with no q or weights, a zip whose entry claims to unpack to 3 GiB, and one whose entry's .npy header disagrees with
the size the zip gives it.
"""
import base64
import io
import json
import os
import struct
import sys
import zipfile

import numpy as np

out = sys.argv[1] if len(sys.argv) > 1 else "tests/reference/arrays"
os.makedirs(out, exist_ok=True)
manifest = {"numpy": np.__version__, "good": [], "bad": []}
base = (np.arange(2 * 3 * 4, dtype=np.float64).reshape(2, 3, 4) * 0.37 - 3.1) ** 3 / 7


def enc(a):
    return base64.b64encode(np.ascontiguousarray(a, dtype="<f4").tobytes()).decode()


def good(name, array, write=None, **extra):
    path = os.path.join(out, name)
    if write:
        write(path, array)
    else:
        np.save(path, array, allow_pickle=False)
    back = np.load(path, allow_pickle=False)
    entry = {"file": name, "shape": list(back.shape), "f32": enc(back.astype(np.float32)),
             "dtype": back.dtype.str, "fortran": bool(np.isfortran(back))}
    entry.update(extra)
    manifest["good"].append(entry)


for dt in ["<f2", "<f4", "<f8", ">f4", ">f8", "<i1", "<i2", "<i4", "<i8", ">i4", "<u1", "<u2", "<u4", "<u8",
           "|b1"]:
    a = base if dt[1] == "f" else (base * 3 if dt[1] in "i" else np.abs(base * 3))
    if dt[1] == "b":
        a = base > 0
    good(f"dtype_{dt[1:]}_{'big' if dt[0] == '>' else 'little'}.npy", np.asarray(a).astype(dt))
good("fortran_3d.npy", np.asfortranarray(base.astype("<f4")))
good("fortran_2d_f8.npy", np.asfortranarray(base[0].astype(">f8")))


def _write(path, a, version):
    with open(path, "wb") as f:
        np.lib.format.write_array(f, a, version=version, allow_pickle=False)


for version in [(1, 0), (2, 0), (3, 0)]:
    good(f"version_{version[0]}.npy", base.astype("<f4"), write=lambda p, a, v=version: _write(p, a, v))

rng = np.random.default_rng(0)
good("shape_L_d.npy", rng.standard_normal((5, 4)).astype("<f4"))
good("shape_B_L_d.npy", rng.standard_normal((2, 5, 4)).astype("<f4"))
good("shape_B_H_L_d.npy", rng.standard_normal((2, 3, 5, 4)).astype("<f4"))
w = rng.random((2, 1, 3, 4, 4)).astype("<f4")
w = (w / w.sum(-1, keepdims=True)).astype("<f4")  # rows of weights sum to 1, as a softmax's do
good("shape_layers_B_H_L_S.npy", w)
nf = base.astype("<f4").copy()
nf[0, 1, 2] = np.nan
nf[1, 0, 0] = np.inf
nf[1, 2, 3] = -np.inf
good("nan_inf.npy", nf, non_finite=3)
good("empty_dim.npy", np.zeros((0, 4), dtype="<f4"))

# Q and K saved from PyTorch (when Debian's python3-torch is there): the softmax PyTorch computes beside them.
try:
    import torch
    torch.manual_seed(3)
    q, k, v = torch.randn(1, 5, 8), torch.randn(1, 6, 8), torch.randn(1, 6, 8)
    np.save(os.path.join(out, "torch_q.npy"), q.numpy())
    np.save(os.path.join(out, "torch_k.npy"), k.numpy())
    np.save(os.path.join(out, "torch_v.npy"), v.numpy())
    weights = torch.softmax(q @ k.transpose(-2, -1) / 8 ** 0.5, dim=-1)
    manifest["torch"] = {"q": "torch_q.npy", "k": "torch_k.npy", "v": "torch_v.npy", "torch": torch.__version__,
                         "weights": {"shape": list(weights.shape), "f32": enc(weights.numpy())},
                         "out": {"shape": [1, 5, 8], "f32": enc((weights @ v).numpy())}}
    # tools/capture_attention.py on a small random nn.TransformerEncoder: its per-head weights (checked there
    # against nn.MultiheadAttention's own need_weights=True, average_attn_weights=False) and layer 0's q, k, v.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
    import capture_attention
    capture_attention.demo(os.path.join(out, "capture_demo.npz"))
    # NaN and infinities in loaded Q (nan_inf.npy) against a random K: the rows PyTorch makes NaN.
    torch.manual_seed(4)
    kn = torch.randn(2, 5, 4)
    np.save(os.path.join(out, "torch_k_for_nan.npy"), kn.numpy())
    wn = torch.softmax(torch.from_numpy(nf) @ kn.transpose(-2, -1) / 4 ** 0.5, dim=-1)
    manifest["torch_nan"] = {"q": "nan_inf.npy", "k": "torch_k_for_nan.npy",
                             "weights": {"shape": list(wn.shape), "f32": enc(wn.numpy())}}
except ImportError:
    pass

# .npz: stored and deflated; q, k, v and tokens; weights under either name.
q, k, vv = rng.standard_normal((1, 4, 3)), rng.standard_normal((1, 4, 3)), rng.standard_normal((1, 4, 3))
tokens = np.array(["the", "cat", "sat", "down"])
np.savez(os.path.join(out, "qkv_stored.npz"), q=q.astype("<f4"), k=k.astype("<f4"), v=vv.astype("<f4"),
         tokens=tokens)
np.savez_compressed(os.path.join(out, "qkv_deflated.npz"), q=q, k=k, v=vv.astype("<f2"), tokens=tokens)
np.savez_compressed(os.path.join(out, "weights_attn.npz"), attn=w)
np.savez(os.path.join(out, "named_query_key.npz"), Query=q.astype("<f4"), Key=k.astype("<f4"))
np.savez(os.path.join(out, "q_only.npz"), q=q.astype("<f4"))
np.savez(os.path.join(out, "tokens_misfit.npz"), q=q.astype("<f4"), k=k.astype("<f4"), tokens=tokens[:3])
np.savez(os.path.join(out, "weights_weights.npz"), weights=w[0, 0])
# The same archive with the longest comment zip allows (NumPy reads it; minizip looks for the directory's end in the
# last 64 KiB only and said "not a zip archive").
with zipfile.ZipFile(os.path.join(out, "qkv_stored_long_comment.npz"), "w") as z:
    for name, a in (("q", q.astype("<f4")), ("k", k.astype("<f4")), ("v", vv.astype("<f4")), ("tokens", tokens)):
        b = io.BytesIO()
        np.save(b, a)
        z.writestr(name + ".npy", b.getvalue())
    z.comment = b"c" * 65535
assert np.load(os.path.join(out, "qkv_stored_long_comment.npz"))["q"].shape == (1, 4, 3)
manifest["npz"] = {"q": {"shape": [1, 4, 3], "f32": enc(q)}, "k": {"shape": [1, 4, 3], "f32": enc(k)},
                   "v": {"shape": [1, 4, 3], "f32": enc(vv.astype("<f2").astype("<f4"))},
                   "tokens": tokens.tolist(), "attn": {"shape": list(w.shape), "f32": enc(w)}}

# CSV and TSV.
m = rng.random((3, 4)).round(6)
np.savetxt(os.path.join(out, "plain.csv"), m, delimiter=",", fmt="%.6f")
np.savetxt(os.path.join(out, "spaces.txt"), m, fmt="%.6f")
with open(os.path.join(out, "names.tsv"), "w") as f:
    f.write("\tthe\tcat\tsat\ton\n")
    for name, row in zip(["a", "b", "c"], m):
        f.write(name + "\t" + "\t".join(f"{x:.6f}" for x in row) + "\n")
with open(os.path.join(out, "header.csv"), "w") as f:
    f.write("the,cat,sat,on\r\n")
    for row in m:
        f.write(",".join(f"{x:.6f}" for x in row) + "\r\n")
# Numbers beyond a double, as NumPy reads them into float32: too small is ±0, too large ±inf (also without an
# exponent: 400 zeros), within a double but beyond float32 the same.
with open(os.path.join(out, "out_of_range.csv"), "w") as f:
    f.write("1e-400,-1e-400,1e400,-1e400\n")
    f.write("0." + "0" * 400 + "1," + "1" + "0" * 400 + ",1e-50,1e39\n")
    f.write("123" + "0" * 400 + "e-390,0.5e-99999999999999999999,-2E+400,7\n")
oor = np.loadtxt(os.path.join(out, "out_of_range.csv"), delimiter=",", dtype=np.float32)
manifest["good"].append({"file": "out_of_range.csv", "shape": list(oor.shape), "f32": enc(oor), "dtype": "text",
                         "fortran": False, "non_finite": int((~np.isfinite(oor)).sum())})
# Quoted cells (RFC 4180: a quoted name may hold the separator and "" for a quote; a spreadsheet in a decimal-comma
# locale quotes "1,5"), and a .txt whose numbers are parted by tabs and spaces mixed, as NumPy reads them
# (loadtxt's quotechar; its default whitespace; the decimal comma through a converter).
with open(os.path.join(out, "quoted.csv"), "w") as f:
    f.write('"a, the","""cat""",sat\n')
    f.write('"0,25",1.5,"-3"\n')
    f.write('4,"5,125e1",6\n')
comma = lambda t: float((t.decode() if isinstance(t, bytes) else t).replace(",", "."))
quoted = np.loadtxt(os.path.join(out, "quoted.csv"), delimiter=",", quotechar='"', skiprows=1, dtype=np.float32,
                    converters=comma)
manifest["good"].append({"file": "quoted.csv", "shape": list(quoted.shape), "f32": enc(quoted), "dtype": "text",
                         "fortran": False, "tokens": ["a, the", '"cat"', "sat"]})
with open(os.path.join(out, "mixed_whitespace.txt"), "w") as f:
    f.write("1.5\t2  3\n")
    f.write(" 4 \t 5\t\t6\n")
mixed = np.loadtxt(os.path.join(out, "mixed_whitespace.txt"), dtype=np.float32)
manifest["good"].append({"file": "mixed_whitespace.txt", "shape": list(mixed.shape), "f32": enc(mixed),
                         "dtype": "text", "fortran": False})
for name, tok in [("plain.csv", None), ("spaces.txt", None), ("names.tsv", ["the", "cat", "sat", "on"]),
                  ("header.csv", ["the", "cat", "sat", "on"])]:
    manifest["good"].append({"file": name, "shape": [3, 4], "f32": enc(m.astype(np.float32)), "dtype": "text",
                             "fortran": False, **({"tokens": tok} if tok else {})})


# Bad files, each from a good one.
def raw(a, version=(1, 0)):
    b = io.BytesIO()
    np.lib.format.write_array(b, a, version=version, allow_pickle=True)
    return b.getvalue()


def bad(name, data, words):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    manifest["bad"].append({"file": name, "message": words})


good_bytes = raw(base.astype("<f4"))
bad("truncated.npy", good_bytes[:-10], "cut short")
bad("lying_shape.npy", good_bytes.replace(b"(2, 3, 4)", b"(2, 3, 9)"), "but the file has 96 bytes of data")
def with_header(header, data=b""):
    """A version 1.0 .npy with this header text (padded as NumPy pads it) and data."""
    text = header.encode() + b" " * ((64 - (10 + len(header) + 1) % 64) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text + data


payload = base.astype("<f4").tobytes()
bad("overflow_shape.npy", with_header("{'descr': '<f4', 'fortran_order': False, 'shape': (9999999999, 9999999999), }",
                                      payload), "has more values than the")
bad("negative_shape.npy", with_header("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3, 4), }", payload),
    "negative size")
bad("complex.npy", raw(base.astype("<c8")), "complex numbers")
bad("text.npy", raw(np.array(["a", "b"])), "(text)")
bad("object.npy", raw(np.array([{"a": 1}, None], dtype=object)), "pickles, which are never loaded")
bad("structured.npy", raw(np.zeros(3, dtype=[("x", "<f4"), ("y", "<i4")])), "structured array")
bad("bad_magic.npy", b"\x93NUMPZ" + good_bytes[6:], "not a NumPy .npy file")
bad("version_9.npy", good_bytes[:6] + b"\x09\x00" + good_bytes[8:], "version 9.0")
bad("header_too_long.npy", good_bytes[:8] + struct.pack("<H", 60000) + good_bytes[10:], "bytes long, but the file")
bad("repeated_key.npy", with_header("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 6), 'shape': (2, 3, 4), }",
                                    payload), "its header names 'shape' twice")
bad("ragged.csv", b"1,2,3\n4,5\n", "line 2 has 2 cells, line 1 has 3")
bad("not_a_number.csv", b"1,2,3\n4,x5,6\n", "line 2, cell 2: 'x5' is not a number")
bad("empty.csv", b"", "an empty file")
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w") as z:
    z.writestr("q.npy", b"this is not an npy file")
bad("entry_not_npy.npz", zb.getvalue(), "q.npy: not a NumPy .npy file")
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w") as z:
    z.writestr("x.npy", raw(base.astype("<f4")))
bad("no_known_arrays.npz", zb.getvalue(), "holds no q, k, v, weights or attn")
# A zip bomb's front: an entry whose header says it unpacks to 3 GiB (the program refuses before unpacking).
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w", compression=zipfile.ZIP_DEFLATED) as z:
    z.writestr("q.npy", raw(base.astype("<f4")))
data = bytearray(zb.getvalue())
size = len(raw(base.astype("<f4")))
for sig, off in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)]:
    at = data.find(sig)
    data[at + off:at + off + 4] = struct.pack("<I", 3 << 30)
bad("bomb.npz", bytes(data), "unpacks to 3221225472 bytes")
# An entry whose .npy header says (2, 3, 4) while the zip says it unpacks to 1 GiB: the header is read first and its
# disagreement said, before anything more is unpacked (the rest was unpacked whole, then called "damaged?").
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w", compression=zipfile.ZIP_DEFLATED) as z:
    z.writestr("q.npy", raw(base.astype("<f4")))
data = bytearray(zb.getvalue())
for sig, off in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)]:
    at = data.find(sig)
    data[at + off:at + off + 4] = struct.pack("<I", 1 << 30)
bad("header_against_zip.npz", bytes(data), "q.npy: its header says 24 values of 4 bytes (96 bytes), but the file has")

# What minizip cannot unpack, said by name: an LZMA entry (zipfile's ZIP_LZMA; NumPy reads it) and an encrypted one
# (the flag set in both headers: NumPy asks for a password).
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w", compression=zipfile.ZIP_LZMA) as z:
    z.writestr("q.npy", raw(base.astype("<f4")))
bad("lzma.npz", zb.getvalue(), "q.npy uses compression method 14 ('LZMA'), which this program cannot unpack")
zb = io.BytesIO()
with zipfile.ZipFile(zb, "w") as z:
    z.writestr("q.npy", raw(base.astype("<f4")))
data = bytearray(zb.getvalue())
for sig, off in [(b"PK\x03\x04", 6), (b"PK\x01\x02", 8)]:
    at = data.find(sig)
    data[at + off] |= 1
bad("encrypted.npz", bytes(data), "q.npy is encrypted (it needs a password)")

with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
print(f"{len(manifest['good'])} good and {len(manifest['bad'])} bad files in {out}")
