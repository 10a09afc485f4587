#!/usr/bin/env python3
"""Write a tiny BERT-style sentence-embedding model that transformers.js can load.

No weights can be downloaded in CI, so tests use this stand-in: the folder layout and the
inputs/outputs of Xenova's BERT exports (e.g. Xenova/multilingual-e5-small), a WordPiece
tokenizer.json (BertNormalizer + BertPreTokenizer + WordPiece, like Xenova/all-MiniLM-L6-v2),
hidden size 32 and deterministic random weights.
It is NOT a semantic model; it exists to prove the loading, pooling and Node/browser parity.

Usage: /usr/bin/python3 data/testing/tiny-model/make-tiny-bert.py OUT_DIR [--seed 7]
Writes OUT_DIR/{config.json,tokenizer.json,tokenizer_config.json,onnx/model.onnx (float),
onnx/model_quantized.onnx (int8 dense layer: DynamicQuantizeLinear + MatMulInteger, as in Xenova exports)}
"""
import argparse
import json
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HIDDEN = 32
MAX_POSITIONS = 128
TYPE_VOCAB = 2
# onnxruntime 1.14 (bundled with @xenova/transformers 2.17) reads IR version <= 8.
IR_VERSION = 8
OPSET = 13

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = [
    # English question words and common Quran-topic words.
    "the", "and", "of", "to", "is", "in", "what", "who", "how", "why", "does", "about",
    "say", "says", "quran", "god", "allah", "lord", "mercy", "merciful", "patience", "patient",
    "prayer", "pray", "charity", "fasting", "fast", "forgive", "forgiveness", "believe",
    "believers", "heaven", "hell", "paradise", "day", "judgment", "prophet", "moses", "jesus",
    "mary", "abraham", "parents", "orphans", "peace", "guidance", "light", "truth", "those",
    # E5-style prefixes tokenise to real pieces, as they do for the real model.
    "query", "passage",
    # Arabic words (undiacritised, as BertNormalizer leaves them after accent stripping).
    "الله", "الرحمن", "الرحيم", "رحمة", "الصبر", "صبر", "الصلاة", "صلاة", "الزكاة", "الصوم",
    "رب", "ربك", "يوم", "الدين", "الجنة", "النار", "موسى", "عيسى", "مريم", "ابراهيم", "النور",
    "الحق", "الذين", "امنوا", "في", "من", "على", "ما",
]
SUFFIXES = ["##s", "##ing", "##ed", "##ly", "##ness", "##ful", "##ون", "##ين", "##ات", "##ة", "##ها"]
LATIN = [chr(c) for c in range(ord("a"), ord("z") + 1)] + [str(d) for d in range(10)]
ARABIC = [chr(c) for c in range(0x0621, 0x064B)]  # hamza .. yeh (letters only)
PUNCT = list(".,:;?!'\"()-")


def build_vocab():
    tokens = list(SPECIAL)
    seen = set(tokens)

    def add(token):
        if token not in seen:
            seen.add(token)
            tokens.append(token)

    for w in WORDS + SUFFIXES + LATIN + ARABIC + PUNCT:
        add(w)
    # Continuation pieces for every single character, so any Latin/Arabic word tokenises
    # to pieces instead of one [UNK].
    for ch in LATIN + ARABIC:
        add("##" + ch)
    return {token: i for i, token in enumerate(tokens)}


def tokenizer_json(vocab):
    def special(token):
        return {"id": vocab[token], "content": token, "single_word": False, "lstrip": False,
                "rstrip": False, "normalized": False, "special": True}

    def piece(kind, id_, type_id):
        return {kind: {"id": id_, "type_id": type_id}}

    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [special(t) for t in SPECIAL],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [piece("SpecialToken", "[CLS]", 0), piece("Sequence", "A", 0),
                       piece("SpecialToken", "[SEP]", 0)],
            "pair": [piece("SpecialToken", "[CLS]", 0), piece("Sequence", "A", 0),
                     piece("SpecialToken", "[SEP]", 0), piece("Sequence", "B", 1),
                     piece("SpecialToken", "[SEP]", 1)],
            "special_tokens": {
                t: {"id": t, "ids": [vocab[t]], "tokens": [t]} for t in ("[CLS]", "[SEP]")
            },
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": vocab},
    }


def tokenizer_config():
    return {
        "tokenizer_class": "BertTokenizer",
        "do_lower_case": True,
        "model_max_length": MAX_POSITIONS,
        "cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]",
        "unk_token": "[UNK]", "mask_token": "[MASK]",
        "clean_up_tokenization_spaces": True,
    }


def model_config(vocab_size):
    return {
        "_name_or_path": "tiny-bert",
        "architectures": ["BertModel"],
        "model_type": "bert",
        "hidden_size": HIDDEN,
        "num_hidden_layers": 1,
        "num_attention_heads": 1,
        "intermediate_size": HIDDEN,
        "max_position_embeddings": MAX_POSITIONS,
        "type_vocab_size": TYPE_VOCAB,
        "vocab_size": vocab_size,
        "pad_token_id": 0,
    }


def dense_nodes(dense_w, quantized):
    """emb @ W, as float MatMul or, like onnxruntime's quantize_dynamic output (what Xenova's
    model_quantized.onnx files contain), DynamicQuantizeLinear + MatMulInteger on int8 weights."""
    if not quantized:
        return [numpy_helper.from_array(dense_w, "dense_w")], [
            helper.make_node("MatMul", ["emb", "dense_w"], ["dense"])]
    scale = np.float32(np.abs(dense_w).max() / 127.0)
    w_q = np.clip(np.round(dense_w / scale), -127, 127).astype(np.int8)
    inits = [
        numpy_helper.from_array(w_q, "dense_w_q"),
        numpy_helper.from_array(np.array(scale, dtype=np.float32), "dense_w_scale"),
        numpy_helper.from_array(np.array(0, dtype=np.int8), "dense_w_zero"),
    ]
    nodes = [
        helper.make_node("DynamicQuantizeLinear", ["emb"], ["emb_q", "emb_scale", "emb_zero"]),
        helper.make_node("MatMulInteger", ["emb_q", "dense_w_q", "emb_zero", "dense_w_zero"], ["dense_i32"]),
        helper.make_node("Cast", ["dense_i32"], ["dense_f"], to=TensorProto.FLOAT),
        helper.make_node("Mul", ["emb_scale", "dense_w_scale"], ["dense_scale"]),
        helper.make_node("Mul", ["dense_f", "dense_scale"], ["dense"]),
    ]
    return inits, nodes


def onnx_model(vocab_size, seed, quantized=False):
    """Embeddings (word + position + type) -> dense -> tanh, masked: last_hidden_state."""
    rng = np.random.default_rng(seed)
    f32 = np.float32
    word = rng.normal(0, 1, (vocab_size, HIDDEN)).astype(f32)
    pos = rng.normal(0, 0.3, (MAX_POSITIONS, HIDDEN)).astype(f32)
    types = rng.normal(0, 0.3, (TYPE_VOCAB, HIDDEN)).astype(f32)
    dense_w = (rng.normal(0, 1, (HIDDEN, HIDDEN)) / np.sqrt(HIDDEN)).astype(f32)
    dense_b = rng.normal(0, 0.1, (HIDDEN,)).astype(f32)
    dense_inits, dense = dense_nodes(dense_w, quantized)
    inits = dense_inits + [
        numpy_helper.from_array(word, "word_emb"),
        numpy_helper.from_array(pos, "pos_emb"),
        numpy_helper.from_array(types, "type_emb"),
        numpy_helper.from_array(dense_b, "dense_b"),
        numpy_helper.from_array(np.array(0, dtype=np.int64), "zero_scalar"),
        numpy_helper.from_array(np.array(1, dtype=np.int64), "one_scalar"),
        numpy_helper.from_array(np.array([-1], dtype=np.int64), "last_axis"),
    ]
    nodes = [
        helper.make_node("Gather", ["word_emb", "input_ids"], ["words"], axis=0),
        helper.make_node("Gather", ["type_emb", "token_type_ids"], ["types"], axis=0),
        # positions = range(seq_len)
        helper.make_node("Shape", ["input_ids"], ["ids_shape"]),
        helper.make_node("Gather", ["ids_shape", "one_scalar"], ["seq_len"], axis=0),
        helper.make_node("Range", ["zero_scalar", "seq_len", "one_scalar"], ["positions"]),
        helper.make_node("Gather", ["pos_emb", "positions"], ["pos"], axis=0),
        helper.make_node("Add", ["words", "types"], ["wt"]),
        helper.make_node("Add", ["wt", "pos"], ["emb"]),
        *dense,
        helper.make_node("Add", ["dense", "dense_b"], ["dense_biased"]),
        helper.make_node("Tanh", ["dense_biased"], ["act"]),
        # Zero padded positions, as a real encoder's outputs there are never used.
        helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask_f", "last_axis"], ["mask_3d"]),
        helper.make_node("Mul", ["act", "mask_3d"], ["last_hidden_state"]),
    ]
    dyn = ["batch_size", "sequence_length"]
    graph = helper.make_graph(
        nodes,
        "tiny_bert",
        [helper.make_tensor_value_info(n, TensorProto.INT64, dyn)
         for n in ("input_ids", "attention_mask", "token_type_ids")],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, dyn + [HIDDEN])],
        inits,
    )
    model = helper.make_model(graph, producer_name="quran-dai-tiny-bert",
                              opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model)
    return model


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    vocab = build_vocab()
    os.makedirs(os.path.join(args.out_dir, "onnx"), exist_ok=True)
    write_json(os.path.join(args.out_dir, "config.json"), model_config(len(vocab)))
    write_json(os.path.join(args.out_dir, "tokenizer.json"), tokenizer_json(vocab))
    write_json(os.path.join(args.out_dir, "tokenizer_config.json"), tokenizer_config())
    # Real Xenova repos ship both: float weights and int8 (dynamic quantisation) weights.
    onnx.save(onnx_model(len(vocab), args.seed), os.path.join(args.out_dir, "onnx", "model.onnx"))
    onnx.save(onnx_model(len(vocab), args.seed, quantized=True),
              os.path.join(args.out_dir, "onnx", "model_quantized.onnx"))
    print(json.dumps({"dir": args.out_dir, "vocab": len(vocab), "hidden": HIDDEN}))


if __name__ == "__main__":
    main()
